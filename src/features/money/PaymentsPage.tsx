import { useResource } from '../../platform/request/hooks.ts';
import { ButtonLink } from '../../platform/ui/Button.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { Card, EmptyState, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { getBilling } from './api/get-billing.ts';

/**
 * Seed spec section 2 / issue 14: お支払い方法. Invoice (bank transfer, monthly) is the default and the one
 * method while Stripe is not configured (ADR 0103); no card number ever touches this server.
 */
export default function PaymentsPage() {
  const res = useResource((signal) => getBilling(signal), 'billing');
  return (
    <PageFrame
      title="お支払い方法"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'お支払い方法' }]}
      lead="拡散依頼のお支払いは、月末締めの請求書払い（銀行振込）です。カード番号はFocustarのサーバーには保存されません。"
    >
      {res.state === 'loading' ? (
        <PageLoading />
      ) : res.state === 'failed' ? (
        <MessageView title="お支払い方法を表示できません">{res.error.message}</MessageView>
      ) : !res.data.company ? (
        <EmptyState
          title="会社が登録されていません"
          action={<ButtonLink href="/price">料金を確認する</ButtonLink>}
        >
          お店を登録すると、拡散依頼のお支払い方法を設定できます。
        </EmptyState>
      ) : (
        <Card role="status" aria-label="現在のお支払い方法">
          <h2>現在のお支払い方法: 請求書払い（銀行振込）</h2>
          <p>
            {res.data.company.name}
            様宛に、毎月末締めで適格請求書を発行します。翌月末までに請求書記載の口座へお振込みください。請求書は「お支払い履歴」からダウンロードできます。
          </p>
          <ButtonLink href="/history" variant="outline">
            お支払い履歴を見る
          </ButtonLink>
        </Card>
      )}
      <Prose>
        <h2>クレジットカード払い</h2>
        <p>
          クレジットカードでのお支払い（Stripe）は準備中です。利用できるようになりましたら、この画面から登録できます。
        </p>
      </Prose>
    </PageFrame>
  );
}
