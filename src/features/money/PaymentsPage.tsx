import { useEffect, useEffectEvent, useId, useState } from 'react';
import { type Billing, MONEY_MESSAGES, type PaymentMethod } from '../../../contracts/money.ts';
import { useResource, useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button, ButtonLink } from '../../platform/ui/Button.tsx';
import { FieldErrors, FormAlert } from '../../platform/ui/Field.tsx';
import { PageLoading } from '../../platform/ui/LoadingOverlay.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { Card, EmptyState, PageFrame, Prose } from '../../platform/ui/Page.tsx';
import { MessageView } from '../../platform/ui/StatusViews.tsx';
import { getBilling } from './api/get-billing.ts';
import { saveCard } from './api/save-card.ts';
import { setPaymentMethod } from './api/set-payment-method.ts';
import { CardEntry } from './CardEntry.tsx';

const Choices = styled('fieldset', {
  border: 0,
  padding: 0,
  margin: '0 0 $4',
  '& legend': { fontWeight: 700, marginBottom: '$2' },
  '& label': {
    display: 'flex',
    gap: '$2',
    alignItems: 'flex-start',
    padding: '$3',
    border: '1px solid $gray200',
    borderRadius: '$md',
    marginBottom: '$2',
    cursor: 'pointer',
    minHeight: '44px',
  },
  '& label small': { display: 'block', color: '$gray700' },
});

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
};
const cardLabel = (c: NonNullable<Billing['card']>) =>
  `${BRANDS[c.brand] ?? c.brand} 末尾${c.last4}（有効期限 ${String(c.exp_month).padStart(2, '0')}/${c.exp_year}）`;

function MethodForm({ billing, onChanged }: { billing: Billing; onChanged: (b: Billing) => void }) {
  const [choice, setChoice] = useState<PaymentMethod>(billing.payment_method);
  const [replacing, setReplacing] = useState(false);
  const { busy, message, errors, run } = useSubmission();
  const name = useId();
  const apply = async (method: PaymentMethod) => {
    const done = await run(() => setPaymentMethod(method));
    if (done.ok) {
      notify.success(MONEY_MESSAGES.methodSaved);
      onChanged(done.value);
    }
  };
  const cardSaved = (b: Billing) => {
    setReplacing(false);
    onChanged(b);
  };
  const card = billing.card;
  return (
    <div>
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Choices>
        <legend>お支払い方法を選ぶ</legend>
        <label>
          <input
            type="radio"
            name={name}
            value="invoice"
            checked={choice === 'invoice'}
            onChange={() => setChoice('invoice')}
          />
          <span>
            請求書払い（銀行振込）
            <small>毎月末締めで適格請求書を発行します。翌月末までにお振込みください。</small>
          </span>
        </label>
        <label>
          <input
            type="radio"
            name={name}
            value="card"
            checked={choice === 'card'}
            onChange={() => setChoice('card')}
          />
          <span>
            クレジットカード
            <small>
              毎月のご請求を登録したカードでお支払いいただきます。カード情報は決済サービス（Stripe）が管理し、Focustarのサーバーには届きません。
            </small>
          </span>
        </label>
      </Choices>
      <FieldErrors id={`${name}-errors`} errors={errors.method} />
      {choice === 'invoice' && billing.payment_method !== 'invoice' && (
        <Button type="button" disabled={busy} onClick={() => apply('invoice')}>
          請求書払いに変更する
        </Button>
      )}
      {choice === 'card' &&
        (card && !replacing ? (
          <div>
            <p>登録済みのカード: {cardLabel(card)}</p>
            {billing.payment_method !== 'card' && (
              <Button type="button" disabled={busy} onClick={() => apply('card')}>
                このカードで支払う
              </Button>
            )}{' '}
            <Button type="button" variant="ghost" onClick={() => setReplacing(true)}>
              別のカードを登録する
            </Button>
          </div>
        ) : (
          <CardEntry onSaved={cardSaved} />
        ))}
    </div>
  );
}

/** After 3-D Secure the browser comes back with ?setup_intent=…: the card is saved from there. */
function useReturnFromStripe(onSaved: (b: Billing) => void) {
  // Once, on arrival; the page's latest `onSaved` hears the answer.
  const saved = useEffectEvent(onSaved);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const intent = params.get('setup_intent');
    if (!intent || !/^seti_[A-Za-z0-9_]+$/.test(intent)) return;
    window.history.replaceState(null, '', window.location.pathname);
    saveCard(intent).then(
      (b) => {
        notify.success(MONEY_MESSAGES.cardSaved);
        saved(b);
      },
      (err: unknown) => notify.error(err instanceof Error ? err.message : MONEY_MESSAGES.cardNotConfirmed),
    );
  }, []);
}

/**
 * Seed spec section 2 / issue 14: お支払い方法. Invoice (bank transfer, monthly) is the default; card
 * through Stripe Elements when a payment provider is configured (ADR 0112); no card number ever touches
 * this server. Without one, invoice is the only method and the screen says so.
 */
export default function PaymentsPage() {
  const [version, setVersion] = useState(0);
  const [fresh, setFresh] = useState<Billing | null>(null);
  const res = useResource((signal) => getBilling(signal), `billing-${version}`);
  const changed = (b: Billing) => {
    setFresh(b);
    setVersion((v) => v + 1);
  };
  useReturnFromStripe(changed);
  const billing = res.state === 'done' ? res.data : fresh;
  return (
    <PageFrame
      title="お支払い方法"
      breadcrumbs={[{ label: 'トップ', href: '/' }, { label: 'お支払い方法' }]}
      lead="拡散依頼のお支払いは、月末締めの請求書払い（銀行振込）が基本です。カード番号はFocustarのサーバーには保存されません。"
    >
      {res.state === 'loading' && !billing ? (
        <PageLoading />
      ) : res.state === 'failed' ? (
        <MessageView title="お支払い方法を表示できません">{res.error.message}</MessageView>
      ) : !billing?.company ? (
        <EmptyState
          title="会社が登録されていません"
          action={<ButtonLink href="/price">料金を確認する</ButtonLink>}
        >
          お店を登録すると、拡散依頼のお支払い方法を設定できます。
        </EmptyState>
      ) : (
        <>
          <Card role="status" aria-label="現在のお支払い方法">
            {billing.payment_method === 'card' && billing.card ? (
              <>
                <h2>現在のお支払い方法: クレジットカード</h2>
                <p>
                  {billing.company.name}様のご請求は、毎月末締めで {cardLabel(billing.card)}{' '}
                  からお支払いいただきます。請求書（適格請求書）は「お支払い履歴」からダウンロードできます。
                </p>
              </>
            ) : (
              <>
                <h2>現在のお支払い方法: 請求書払い（銀行振込）</h2>
                <p>
                  {billing.company.name}
                  様宛に、毎月末締めで適格請求書を発行します。翌月末までに請求書記載の口座へお振込みください。請求書は「お支払い履歴」からダウンロードできます。
                </p>
              </>
            )}
            <ButtonLink href="/history" variant="outline">
              お支払い履歴を見る
            </ButtonLink>
          </Card>
          {billing.card_payment && (
            <Card>
              <h2>お支払い方法の変更</h2>
              <MethodForm key={version} billing={billing} onChanged={changed} />
            </Card>
          )}
        </>
      )}
      {billing && !billing.card_payment && (
        <Prose>
          <h2>クレジットカード払い</h2>
          <p>
            クレジットカードでのお支払い（Stripe）は準備中です。利用できるようになりましたら、この画面から登録できます。
          </p>
        </Prose>
      )}
    </PageFrame>
  );
}
