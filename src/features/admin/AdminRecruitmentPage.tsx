import { ButtonLink } from '../../components/Button.tsx';
import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: モニター募集の作成. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminRecruitmentPage() {
  return (
    <PageFrame
      title="モニター募集の作成"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'モニター募集の作成' }]}
      lead="お店のモニター募集（お試しサポート）を作成します。タイトル、特典、当選人数、応募期間、投稿の条件を入力してください。"
    >
      <EmptyState
        title="作成の準備ができていません"
        action={<ButtonLink href="/admin-recruitment-list">募集の一覧を見る</ButtonLink>}
      >
        モニター募集を作成するお店を選んでから入力を始めてください。投稿条件には「#PR」の表示が必ず含まれます。
      </EmptyState>
    </PageFrame>
  );
}
