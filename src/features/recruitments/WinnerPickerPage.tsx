import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';
import { useApiGet } from '../../hooks/api.ts';
import { listOf, type Recruitment, RecruitmentList } from './common.tsx';

/** Seed spec section 2: monitor recruitments in progress (selection and results). */
export default function WinnerPickerPage() {
  const res = useApiGet<unknown>('/api/recruitments?status=in-progress');
  const items = res.state === 'done' ? listOf<Recruitment>(res.data) : [];
  return (
    <PageFrame
      title="進行中のモニター募集"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: '進行中のモニター募集' }]}
      lead="応募受付中・選考中のモニター募集と、当選発表を確認できます。"
    >
      {res.state === 'loading' ? (
        <PageLoading label="募集を読み込んでいます…" />
      ) : items.length === 0 ? (
        <EmptyState title="進行中のモニター募集はありません">
          モニター募集が始まると、応募状況と当選発表がここに表示されます。
        </EmptyState>
      ) : (
        <RecruitmentList items={items} base="/winner-picker" />
      )}
    </PageFrame>
  );
}
