import { EmptyState, PageFrame } from '../../components/Page.tsx';

/** Seed spec section 2: SNSアカウントの審査. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminSnsExaminationPage() {
  return (
    <PageFrame
      title="SNSアカウントの審査"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'SNSアカウントの審査' }]}
      lead="フォーカスターが登録したSNSアカウントを確認し、承認または却下します。"
    >
      <EmptyState title="審査待ちのアカウントはありません">
        新しいSNSアカウントが登録されると、ここに審査待ちとして表示されます。
      </EmptyState>
    </PageFrame>
  );
}
