import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: 登録フォーカスター一覧. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminFocustarListPage() {
  return (
    <PageFrame
      title="登録フォーカスター一覧"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: '登録フォーカスター一覧' }]}
      lead="登録しているフォーカスターと、SNSアカウントの審査状況を確認します。"
    >
      <EmptyState title="表示できるフォーカスターはいません">
        条件に合うフォーカスターが登録されると、ここに一覧で表示されます。
      </EmptyState>
    </PageFrame>
  );
}
