import { ButtonLink } from '../../platform/ui/Button.tsx';
import { EmptyState, PageFrame } from '../../platform/ui/Page.tsx';

/** Seed spec section 2: お支払い方法. The list fills in when its API arrives; until then its empty state shows. */
export default function PaymentsPage() {
  return (
    <PageFrame
      title="お支払い方法"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'お支払い方法' }]}
      lead="拡散依頼のお支払いに使うクレジットカード、または請求書払いを設定します。カード番号はFocustarのサーバーには保存されません。"
    >
      <EmptyState
        title="お支払い方法が登録されていません"
        action={<ButtonLink href="/price">料金を確認する</ButtonLink>}
      >
        拡散依頼を作成する前に、クレジットカードまたは請求書払いを登録してください。
      </EmptyState>
    </PageFrame>
  );
}
