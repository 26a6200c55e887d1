import { ButtonLink } from '../../platform/ui/Button.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: お振込み予定額. The list fills in when its API arrives; until then its empty state shows. */
export default function AdminPaymentsPage() {
  return (
    <PageFrame
      title="お振込み予定額"
      breadcrumbs={[{ label: '管理メニュー', href: '/admin-menu' }, { label: 'お振込み予定額' }]}
      lead="月末締めで、未払い報酬が1,000円以上かつ口座登録済みのフォーカスターへ翌月15日にお振込みします。"
    >
      <EmptyState
        title="今月のお振込み予定はありません"
        action={<ButtonLink href="/admin-payments-detail">明細を見る</ButtonLink>}
      >
        締め処理を行うと、お振込み予定の一覧と全銀協フォーマットの振込データがここに表示されます。
      </EmptyState>
    </PageFrame>
  );
}
