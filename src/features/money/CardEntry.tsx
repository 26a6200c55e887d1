import { type FormEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { type Billing, type CardSetup, MONEY_MESSAGES } from '../../../contracts/money.ts';
import { useSubmission } from '../../platform/request/hooks.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { Button } from '../../platform/ui/Button.tsx';
import { FormAlert } from '../../platform/ui/Field.tsx';
import { notify } from '../../platform/ui/notify.ts';
import { saveCard } from './api/save-card.ts';
import { startCardSetup } from './api/start-card-setup.ts';
import { loadStripeJs, type StripeElement, type StripeElements, type StripeJs } from './stripe-js.ts';

const Box = styled('div', {
  minHeight: '120px',
  padding: '$3',
  border: '1px solid $gray200',
  borderRadius: '$md',
  marginBottom: '$4',
  backgroundColor: '$white',
});
const Note = styled('p', { fontSize: '$small', color: '$gray700' });

const LOAD_FAILED =
  'カード入力欄（Stripe）を読み込めませんでした。通信環境をご確認のうえ、ページを再読み込みしてください。';

/** Stripe Elements: the card is typed into Stripe's frame and confirmed with Stripe; this server never sees it. */
function StripeCardForm({ setup, onSaved }: { setup: CardSetup; onSaved: (billing: Billing) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: StripeElements; element: StripeElement } | null>(null);
  const [ready, setReady] = useState(false);
  const { busy, message, setMessage, run } = useSubmission();

  // Stripe Elements are mounted once per SetupIntent.
  const { client_secret: clientSecret, publishable_key: publishableKey } = setup;
  const loadFailed = useEffectEvent(() => setMessage(LOAD_FAILED));
  useEffect(() => {
    let live = true;
    loadStripeJs().then(
      (Stripe) => {
        if (!live || !box.current) return;
        const js = Stripe(publishableKey, { locale: 'ja' });
        const elements = js.elements({ clientSecret, locale: 'ja' });
        const element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => setReady(true));
        element.mount(box.current);
        stripe.current = { js, elements, element };
      },
      () => live && loadFailed(),
    );
    return () => {
      live = false;
      stripe.current?.element.destroy();
      stripe.current = null;
    };
  }, [clientSecret, publishableKey]);

  const [confirming, setConfirming] = useState(false);
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const s = stripe.current;
    if (!s) return;
    setMessage(null);
    setConfirming(true);
    const confirmed = await s.js
      .confirmSetup({
        elements: s.elements,
        redirect: 'if_required',
        // 3-D Secure may send the shop to its card issuer; it comes back to /payments?setup_intent=…
        confirmParams: { return_url: `${window.location.origin}/payments` },
      })
      .catch(() => ({ error: { message: LOAD_FAILED }, setupIntent: undefined }));
    setConfirming(false);
    // Stripe's own message (Japanese with locale ja): a declined card, an incomplete number …
    if (confirmed.error) return setMessage(confirmed.error.message ?? MONEY_MESSAGES.cardNotConfirmed);
    const done = await run(() => saveCard(confirmed.setupIntent?.id ?? setup.setup_intent_id));
    if (done.ok) onSaved(done.value);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="クレジットカードの登録">
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Box ref={box} data-testid="stripe-elements" aria-busy={!ready} />
      <Button type="submit" disabled={busy || confirming || !ready}>
        カードを登録する
      </Button>
    </form>
  );
}

/**
 * The local stand-in (development and tests without a Stripe key, ADR 0110): no card is typed; the
 * stand-in provider confirms the intent with Stripe's test card, Visa ending 4242.
 */
function StandinCardForm({ setup, onSaved }: { setup: CardSetup; onSaved: (billing: Billing) => void }) {
  const { busy, message, run } = useSubmission();
  const submit = async (ev: FormEvent) => {
    ev.preventDefault();
    const done = await run(() => saveCard(setup.setup_intent_id));
    if (done.ok) onSaved(done.value);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="クレジットカードの登録">
      {message && <FormAlert role="alert">{message}</FormAlert>}
      <Box role="note" aria-label="開発用のカード入力">
        <strong>開発用の代替フォーム（Stripe 未設定）</strong>
        <Note>
          本番では、ここに Stripe のカード入力欄が表示されます。この環境では Stripe のテストカード（Visa
          末尾4242）で登録します。
        </Note>
      </Box>
      <Button type="submit" disabled={busy}>
        カードを登録する
      </Button>
    </form>
  );
}

/** Starts a SetupIntent on the server, then shows Stripe Elements (or the stand-in) to confirm it. */
export function CardEntry({ onSaved }: { onSaved: (billing: Billing) => void }) {
  const [setup, setSetup] = useState<CardSetup | null>(null);
  const { message, run } = useSubmission();
  // One SetupIntent when the form opens.
  const start = useEffectEvent(() => run(() => startCardSetup()));
  useEffect(() => {
    let live = true;
    void start().then((r) => live && r.ok && setSetup(r.value));
    return () => {
      live = false;
    };
  }, []);
  const saved = (billing: Billing) => {
    notify.success(MONEY_MESSAGES.cardSaved);
    onSaved(billing);
  };
  if (message) return <FormAlert role="alert">{message}</FormAlert>;
  if (!setup) return <Note>カード入力欄を準備しています…</Note>;
  return setup.provider === 'stripe' ? (
    <StripeCardForm setup={setup} onSaved={saved} />
  ) : (
    <StandinCardForm setup={setup} onSaved={saved} />
  );
}
