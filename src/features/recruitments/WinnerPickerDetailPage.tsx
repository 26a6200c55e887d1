import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { Card, PageFrame } from '../../components/Page.tsx';
import { MessageView, NotFoundView } from '../../components/StatusViews.tsx';
import { useApiGet } from '../../hooks/api.ts';
import type { ScreenProps } from '../../routes/table.ts';
import { formatDate, type Recruitment } from './common.tsx';

/** Seed spec section 2: the state of one recruitment in progress. */
export default function WinnerPickerDetailPage({ params }: ScreenProps) {
  const id = Number(params.recruitmentId);
  const res = useApiGet<Recruitment>(`/api/recruitments/${id}`);
  if (res.state === 'loading') return <PageLoading />;
  if (res.state === 'failed') {
    if (res.error.status === 404) return <NotFoundView what="モニター募集" />;
    return <MessageView title="モニター募集を表示できません">{res.error.message}</MessageView>;
  }
  const r = res.data;
  return (
    <PageFrame
      title={r.title}
      breadcrumbs={[{ label: '進行中のモニター募集', href: '/winner-picker' }, { label: r.title }]}
    >
      <Card>
        <p>状況：{r.status ?? '—'}</p>
        <p>
          応募期間：{formatDate(r.starts_at)}〜{formatDate(r.ends_at)}
        </p>
        <p>当選発表は、選考が終わり次第このページと登録メールでお知らせします。</p>
      </Card>
    </PageFrame>
  );
}
