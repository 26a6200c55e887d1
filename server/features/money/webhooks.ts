import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { Db } from '../../platform/db/client.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { tellCardFailed } from './billing.ts';
import * as billingRepo from './repo-billing.ts';
import { tokyoDay } from './calendar.ts';
import type { PaymentProvider } from './provider.ts';
import * as repo from './repo.ts';

/**
 * Stripe's webhooks (issue 29, ADR 0173). The route hands over the raw body and the `Stripe-Signature`
 * header; `constructEvent` (the SDK's) checks the signature against the endpoint's secret, with Stripe's
 * five-minute tolerance. Each event id is recorded in the transaction that handles it, so a repeated
 * delivery changes nothing again. The events:
 * - `payment_intent.succeeded`: the month's card charge is paid (a charge that was processing, or that the
 *   shop confirmed after 3-D Secure) — the invoice payment row is written, once per invoice.
 * - `payment_intent.payment_failed`: the charge is カード決済失敗 on the shop's screen at once, with the reason.
 * - `setup_intent.succeeded`: a company's first card is saved even if the browser never came back from Stripe.
 * - `account.updated`: the supporter's bank account is asked about again at the next look.
 * Other types are acknowledged and ignored.
 */
export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

export const STRIPE_WEBHOOK_TYPES = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'setup_intent.succeeded',
  'account.updated',
] as const;

/** Verifies the signature and answers the event; throws Stripe's signature error when it does not hold. */
export function verifiedEvent(rawBody: string | Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export async function handleStripeEvent(
  deps: {
    db: Db;
    provider: PaymentProvider | null;
    log: FastifyBaseLogger;
    now: () => Date;
    /** Issue 26: a charge that failed is told to the company (ADR 0177). */
    outbox?: Outbox;
  },
  event: Stripe.Event,
): Promise<WebhookOutcome> {
  const { db } = deps;
  if (!(STRIPE_WEBHOOK_TYPES as readonly string[]).includes(event.type)) return 'ignored';
  // A setup intent's card is read back from Stripe (never from the event), outside the transaction.
  const card =
    event.type === 'setup_intent.succeeded' && deps.provider
      ? await savedCardOf(db, deps.provider, event.data.object)
      : null;
  return db.transaction(async (tx) => {
    if (!(await billingRepo.recordStripeEvent(tx, event.id, event.type))) return 'duplicate';
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
        await settleCharge(
          tx,
          event.data.object,
          event.type === 'payment_intent.succeeded',
          deps.now(),
          deps.outbox,
        );
        break;
      case 'setup_intent.succeeded':
        if (card) await billingRepo.saveCard(tx, card.companyId, card.card, null);
        break;
      case 'account.updated':
        await repo.markPayoutAccountStale(tx, event.data.object.id);
        break;
    }
    return 'handled';
  });
}

async function settleCharge(
  tx: Db,
  intent: Stripe.PaymentIntent,
  succeeded: boolean,
  now: Date,
  outbox?: Outbox,
) {
  const companyId = Number(intent.metadata.focustar_company_id);
  const month = intent.metadata.focustar_invoice_month ?? '';
  if (!Number.isInteger(companyId) || !/^\d{4}-\d{2}$/.test(month)) return;
  const charge = await billingRepo.cardChargeForUpdate(tx, companyId, month);
  // Only an intent of the month's own charge (a charge Stripe knows under another id is not this one).
  if (!charge || (charge.paymentIntentId && charge.paymentIntentId !== intent.id)) return;
  if (succeeded) {
    if (
      !(await billingRepo.settleCardCharge(tx, charge.id, {
        status: 'succeeded',
        paymentIntentId: intent.id,
        failureCode: null,
      }))
    )
      return;
    await billingRepo.insertCardPayment(tx, {
      companyId,
      month,
      amount: intent.amount,
      paidOn: tokyoDay(now),
      paymentIntentId: intent.id,
    });
    return;
  }
  const error = intent.last_payment_error;
  const settled = await billingRepo.settleCardCharge(tx, charge.id, {
    // As the charge's own answer is read (ADR 0115): a card that needs 3-D Secure waits for the shop.
    status:
      intent.status === 'requires_action' || error?.code === 'authentication_required'
        ? 'requires_action'
        : 'failed',
    paymentIntentId: intent.id,
    failureCode: error?.decline_code ?? error?.code ?? intent.status,
  });
  if (settled) await tellCardFailed(tx, outbox, companyId, month, intent.amount);
}

/** The card a succeeded SetupIntent saved, for the company whose customer it is (the same object-level check as the screen's). */
async function savedCardOf(db: Db, provider: PaymentProvider, object: Stripe.SetupIntent) {
  const customer = typeof object.customer === 'string' ? object.customer : (object.customer?.id ?? null);
  if (!customer) return null;
  const billing = await billingRepo.billingOfCustomer(db, customer);
  if (!billing || object.metadata?.focustar_company_id !== String(billing.companyId)) return null;
  // A card that replaces another is the screen's to save (it detaches the old one at Stripe).
  if (billing.paymentMethodId) return null;
  const intent = await provider.retrieveSetupIntent(object.id);
  if (intent.status !== 'succeeded' || !intent.card || intent.customer !== customer) return null;
  return { companyId: billing.companyId, card: intent.card };
}
