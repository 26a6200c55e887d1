import { ButtonLink } from '../../platform/ui/Button.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: お振込みの明細. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminPaymentsDetailPage() {
  return (
    <PageFrame
      title="お振込みの明細"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'お振込みの明細' }]}
      lead="フォーカスターごとの報酬の内訳とお振込み状況を確認します。"
    >
      <EmptyState
        title="明細はまだありません"
        action={<ButtonLink href="/admin-payments">お振込み予定額に戻る</ButtonLink>}
      >
        お振込み予定が作成されると、フォーカスターごとの明細が表示されます。
      </EmptyState>
    </PageFrame>
  );
}
