import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '../../contracts/money.ts';
import { BillingService } from '../../server/features/money/billing.ts';
import { addMonths } from '../../server/features/money/calendar.ts';
import { STANDIN_AUTHENTICATION_CARD, StandinPaymentProvider } from '../../server/features/money/standin.ts';
import { stripeWebhookSecretOf } from '../../server/platform/env.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { startStripeServer } from '../support/stripe.ts';
import { createAccountsApp, JAPANESE, loginAs, pinDemoBillingDates } from './helpers.ts';

/**
 * Issue 29 "The outside world of money" (ADR 0173): Stripe's webhooks on `POST /api/stripe/webhook`: the
 * signature is checked by the SDK's constructEvent, the route needs no XSRF header (its own rule), each
 * event id is handled once, and the local stand-in sends the same events, so a card declined or paid after
 * 3-D Secure reaches the shop's invoice without waiting for the monthly read-back.
 */
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
type Invoice = { month: string; status: string; payment: { method: string; amount: number } | null };

for (const kind of DB_KINDS) {
  describe(`Stripe webhooks (issue 29, ADR 0173) [${kind}]`, () => {
    let t: TestApp;
    let owner: TestClient;
    let standin: StandinPaymentProvider;
    let companyId = 0;
    let secret = '';

    const post = (payload: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload,
      });
    const signed = (event: object, key = secret) => {
      const payload = JSON.stringify(event);
      return post(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: key }));
    };
    const invoiceOf = async (month: string): Promise<Invoice | undefined> =>
      (await owner.get(`/api/billing?before=${addMonths(month, 1)}`))
        .json()
        .invoices.find((i: Invoice) => i.month === month);
    const payments = async (month: string) =>
      rows<{ amount: number; payment_intent_id: string }>(
        await t.database.db.execute(
          sql`select amount, payment_intent_id from invoice_payments where company_id = ${companyId} and month = ${month}`,
        ),
      );
    const chargeOf = async (month: string) =>
      rows<{ status: string; failure_code: string | null; payment_intent_id: string | null }>(
        await t.database.db.execute(
          sql`select status, failure_code, payment_intent_id from card_charges where company_id = ${companyId} and month = ${month}`,
        ),
      )[0];
    /** A closed month's bill of the demo company, and its card charge that asked for 3-D Secure. */
    const chargeNeedingAuthentication = async (month: string, advertisementId: number) => {
      const [shop] = rows<{ id: number }>(
        await t.database.db.execute(sql`select id from shops where company_id = ${companyId} limit 1`),
      );
      await t.database.db.execute(sql`
        insert into bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal)
        values (${advertisementId}, ${companyId}, ${shop!.id}, ${month}, 2, 300, 600, 180, 780)`);
      // Stripe's test card that needs the cardholder at the screen (the stand-in declines it off-session).
      await t.database.db.execute(
        sql`update billing_methods set payment_method_id = ${STANDIN_AUTHENTICATION_CARD} where company_id = ${companyId}`,
      );
      const billing = new BillingService(t.database.db, t.env, () => new Date(), standin, {
        error: () => {},
      });
      expect(await billing.chargeCards(month)).toMatchObject({ failed: 1 });
      await standin.webhooksDelivered();
      const charge = (await chargeOf(month))!;
      expect(charge).toMatchObject({ status: 'requires_action' });
      expect((await invoiceOf(month))?.status).toBe('カード決済失敗');
      return charge.payment_intent_id!;
    };

    beforeAll(async () => {
      t = await createAccountsApp(kind);
      owner = await loginAs(t, 'owner@example.com');
      await pinDemoBillingDates(t);
      standin = t.app.money.provider as StandinPaymentProvider;
      expect(standin).toBeInstanceOf(StandinPaymentProvider);
      secret = stripeWebhookSecretOf(t.env, 'standin')!;
      companyId = (await owner.get('/api/billing')).json().company.id;
      // A card saved through the stand-in, as /payments does (its confirmation sends setup_intent.succeeded).
      const setup = (await owner.post('/api/billing/card/setup')).json();
      expect(
        (await owner.post('/api/billing/card', { setup_intent_id: setup.setup_intent_id })).statusCode,
      ).toBe(200);
      await standin.webhooksDelivered();
    });
    afterAll(() => t.close());

    it('refuses a missing, forged or stale signature with 400 in Japanese, and needs no XSRF header when signed', async () => {
      const event = { id: 'evt_sig_1', object: 'event', type: 'customer.created', data: { object: {} } };
      const payload = JSON.stringify(event);
      const missing = await post(payload);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(MONEY_MESSAGES.webhookSignature);
      expect(missing.json().message).toMatch(JAPANESE);
      expect((await signed(event, 'whsec_someoneelse')).statusCode).toBe(400);
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
        timestamp: Math.floor(Date.now() / 1000) - 600,
      });
      expect((await post(payload, stale)).statusCode).toBe(400);
      // A body changed after signing.
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      expect(
        (await post(payload.replace('customer.created', 'payment_intent.succeeded'), header)).statusCode,
      ).toBe(400);
      const ok = await signed(event);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toEqual({ received: true, outcome: 'ignored' });
    });

    it('a card that asked for 3-D Secure and was then paid: the invoice is paid at once, once, though Stripe repeats the event', async () => {
      const month = '2026-05';
      const intent = await chargeNeedingAuthentication(month, 910001);
      const before = standin.events.length;
      standin.authenticate(intent, 'succeeded');
      await standin.webhooksDelivered();
      const event = standin.events.slice(before).find((e) => e.type === 'payment_intent.succeeded');
      expect(event).toBeDefined();
      expect(await chargeOf(month)).toMatchObject({ status: 'succeeded', failure_code: null });
      expect(await payments(month)).toEqual([{ amount: 858, payment_intent_id: intent }]);
      const invoice = await invoiceOf(month);
      expect(invoice?.payment).toMatchObject({ method: 'クレジットカード', amount: 858 });
      // Stripe delivers the same event again: the id is known, nothing changes.
      const paid = (eventId: string) =>
        signed({
          id: eventId,
          object: 'event',
          type: 'payment_intent.succeeded',
          data: {
            object: {
              id: intent,
              object: 'payment_intent',
              amount: 858,
              status: 'succeeded',
              metadata: { focustar_company_id: String(companyId), focustar_invoice_month: month },
            },
          },
        });
      expect((await paid(event!.id)).json()).toEqual({ received: true, outcome: 'duplicate' });
      // A new event id for the same intent (Stripe may send two) pays nothing twice either.
      expect((await paid('evt_second_delivery')).json()).toEqual({ received: true, outcome: 'handled' });
      expect(await payments(month)).toHaveLength(1);
      expect(
        rows(await t.database.db.execute(sql`select id from stripe_events where id = ${event!.id}`)),
      ).toHaveLength(1);
    });

    it('a card declined by its issuer after 3-D Secure: the reason is on the charge, the invoice stays unpaid', async () => {
      const month = '2026-04';
      const intent = await chargeNeedingAuthentication(month, 910002);
      standin.authenticate(intent, 'declined');
      await standin.webhooksDelivered();
      expect(await chargeOf(month)).toMatchObject({
        status: 'failed',
        failure_code: 'authentication_failed',
      });
      expect(await payments(month)).toEqual([]);
      expect((await invoiceOf(month))?.status).toBe('カード決済失敗');
    });

    it('an event of an intent that is not the month’s charge, or of an unknown company, changes nothing', async () => {
      const month = '2026-03';
      await chargeNeedingAuthentication(month, 910003);
      const res = await signed({
        id: 'evt_foreign_intent',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: {
          object: {
            id: 'pi_not_ours',
            object: 'payment_intent',
            amount: 1,
            status: 'succeeded',
            metadata: { focustar_company_id: String(companyId), focustar_invoice_month: month },
          },
        },
      });
      expect(res.statusCode).toBe(200);
      expect(await payments(month)).toEqual([]);
      expect((await chargeOf(month))?.status).toBe('requires_action');
    });

    it('account.updated makes the bank account be asked about again at the next look', async () => {
      await t.database.db.execute(sql`
        insert into stripe_payout_accounts (user_id, account_id, provider, checked_at)
        select id, 'acct_webhook_test', 'standin', now() from users where email = 'fan1@example.com'
        on conflict (user_id) do update set account_id = excluded.account_id, checked_at = now()`);
      const res = await signed({
        id: 'evt_account_1',
        object: 'event',
        type: 'account.updated',
        data: { object: { id: 'acct_webhook_test', object: 'account' } },
      });
      expect(res.json()).toEqual({ received: true, outcome: 'handled' });
      const [row] = rows<{ stale: boolean }>(
        await t.database.db.execute(
          sql`select checked_at < now() - interval '1 day' as stale from stripe_payout_accounts where account_id = 'acct_webhook_test'`,
        ),
      );
      expect(row?.stale).toBe(true);
    });
  });
}

describe('Stripe webhooks with Stripe itself (issue 29, ADR 0173)', () => {
  it('answer 404 while STRIPE_WEBHOOK_SECRET is not set, and check signatures with it once it is', async () => {
    const stripe = await startStripeServer();
    const off = await createAccountsApp('pglite', stripe.env);
    const on = await createAccountsApp('pglite', {
      ...stripe.env,
      STRIPE_WEBHOOK_SECRET: 'whsec_configured123',
    });
    try {
      const payload = JSON.stringify({
        id: 'evt_x',
        object: 'event',
        type: 'customer.created',
        data: { object: {} },
      });
      const header = (secret: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const send = (t: TestApp, sig: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': sig },
          payload,
        });
      expect((await send(off, header('whsec_configured123'))).statusCode).toBe(404);
      expect((await send(on, header('whsec_other'))).statusCode).toBe(400);
      expect((await send(on, header('whsec_configured123'))).json()).toEqual({
        received: true,
        outcome: 'ignored',
      });
    } finally {
      await off.close();
      await on.close();
      await stripe.stop();
    }
  });
});
