import { ButtonLink } from '../../components/Button.tsx';
import { PageLoading } from '../../components/LoadingOverlay.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';
import { useApiGet } from '../../hooks/api.ts';
import { listOf, type Recruitment, RecruitmentList } from './common.tsx';

/** Seed spec section 2: the trial-support (monitor recruitment) list, open to guests. */
export default function RecruitmentsPage() {
  const res = useApiGet<unknown>('/api/recruitments');
  const items = res.state === 'done' ? listOf<Recruitment>(res.data) : [];
  return (
    <PageFrame
      title="お試しサポート（モニター募集）"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'お試しサポート' }]}
      lead="お店の新メニューやサービスを体験して、感想をSNSで紹介するモニター募集です。当選するとお店の特典を受けられます。"
    >
      {res.state === 'loading' ? (
        <PageLoading label="募集を読み込んでいます…" />
      ) : items.length === 0 ? (
        <EmptyState
          title="募集中のお試しサポートはありません"
          action={<ButtonLink href="/register">会員登録して通知を受け取る</ButtonLink>}
        >
          新しいモニター募集が始まると、ここに表示されます。
        </EmptyState>
      ) : (
        <RecruitmentList items={items} base="/recruitments" />
      )}
    </PageFrame>
  );
}
