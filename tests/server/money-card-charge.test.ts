import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingService, cardChargeKey } from '../../server/features/money/billing.ts';
import { addMonths } from '../../server/features/money/calendar.ts';
import { CARD_CHARGE_QUEUE } from '../../server/features/money/setup.ts';
import { StandinPaymentProvider } from '../../server/features/money/standin.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { startStripeServer, type StripeServer } from '../support/stripe.ts';
import { createAccountsApp, loginAs, pinDemoBillingDates } from './helpers.ts';

/**
 * Issue 14, the monthly card charge (ADR 0115): a company that pays by card is charged its closed invoice
 * off-session through the payment provider, once (the job may run twice or be retried), the payment is
 * recorded in invoice_payments with the PaymentIntent; a declined card or one that needs 3-D Secure leaves
 * the invoice unpaid as カード決済失敗; a company paying by invoice is never charged.
 */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
type Invoice = { month: string; status: string; payment: { method: string; amount: number } | null };

for (const kind of DB_KINDS) {
  describe(`monthly card charge through Stripe (issue 14, ADR 0115) [${kind}]`, () => {
    let t: TestApp;
    let stripe: StripeServer;
    let owner: TestClient;
    let staff: TestClient;
    let billing: BillingService;
    let companyId = 0;
    let northId = 0;
    const errors: string[] = [];

    /** A bill written straight into the money feature's table (a request of `companyId` approved in `month`). */
    const addBill = async (company: number, month: string, advertisementId: number, units: number) => {
      const [shop] = rows<{ id: number }>(
        await t.database.db.execute(sql`select id from shops where company_id = ${company} limit 1`),
      );
      await t.database.db.execute(sql`
        insert into bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal)
        values (${advertisementId}, ${company}, ${shop!.id}, ${month}, ${units}, 300, ${units * 300},
          ${units * 90}, ${units * 390})`);
    };
    /** Saves a card of Stripe's test set for the demo company, as /payments does. */
    const saveCard = async (
      card: 'pm_card_visa' | 'pm_card_chargeCustomerFail' | 'pm_card_authenticationRequired',
    ) => {
      const setup = (await owner.post('/api/billing/card/setup')).json();
      expect((await stripe.confirmSetupIntent(setup.client_secret, card)).status).toBe(200);
      const saved = await owner.post('/api/billing/card', { setup_intent_id: setup.setup_intent_id });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().payment_method).toBe('card');
    };
    const creations = (month: string) =>
      stripe.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/payment_intents' &&
          (r.form.metadata as Record<string, string>).focustar_invoice_month === month,
      );
    const intentsOf = (company: number, month: string) =>
      [...stripe.paymentIntents.values()].filter(
        (pi) =>
          (pi.metadata as Record<string, string>).focustar_company_id === String(company) &&
          (pi.metadata as Record<string, string>).focustar_invoice_month === month,
      );
    const payments = (company: number, month: string) =>
      t.database.db
        .execute(
          sql`select amount, method, payment_intent_id from invoice_payments where company_id = ${company} and month = ${month}`,
        )
        .then((r) => rows<{ amount: number; method: string; payment_intent_id: string | null }>(r));
    const charge = (company: number, month: string) =>
      t.database.db
        .execute(
          sql`select status, payment_intent_id, failure_code from card_charges where company_id = ${company} and month = ${month}`,
        )
        .then((r) =>
          rows<{ status: string; payment_intent_id: string | null; failure_code: string | null }>(r),
        );
    /** The month's invoice as the shop sees it: the page of months that ends at it (ADR 0124). */
    const shopInvoice = async (month: string): Promise<Invoice | undefined> =>
      (await owner.get(`/api/billing?before=${addMonths(month, 1)}`))
        .json()
        .invoices.find((i: Invoice) => i.month === month);

    beforeAll(async () => {
      stripe = await startStripeServer();
      t = await createAccountsApp(kind, stripe.env);
      owner = await loginAs(t, 'owner@example.com');
      staff = await loginAs(t, 'staff@example.com');
      await pinDemoBillingDates(t);
      companyId = (await owner.get('/api/billing')).json().company.id;
      northId = (await (await loginAs(t, 'north-owner@example.com')).get('/api/billing')).json().company.id;
      billing = new BillingService(t.database.db, t.env, () => new Date(), t.app.money.provider, {
        error: (_o, msg) => errors.push(msg),
      });
    });
    afterAll(async () => {
      await t.close();
      await stripe.stop();
    });

    it('charges a card company’s invoice once though the job runs twice at once and again; an invoice company is not charged', async () => {
      await saveCard('pm_card_visa');
      await addBill(northId, '2026-10', 900001, 2); // north pays by invoice (the default)
      const runs = await Promise.all([billing.chargeCards('2026-10'), billing.chargeCards('2026-10')]);
      const again = await billing.chargeCards('2026-10');
      expect(runs.reduce((n, r) => n + r.charged, 0) + again.charged).toBe(1);
      expect(again).toMatchObject({ charged: 0, failed: 0, unanswered: 0 });

      // At Stripe: one PaymentIntent, off-session in yen, for the invoice's total, keyed by company and month.
      const made = intentsOf(companyId, '2026-10');
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ status: 'succeeded', amount: 786, currency: 'jpy' });
      const calls = creations('2026-10');
      expect(calls.length).toBeGreaterThanOrEqual(1);
      for (const call of calls) {
        expect(call.headers['idempotency-key']).toBe(cardChargeKey(companyId, '2026-10'));
        expect(call.form).toMatchObject({
          amount: '786',
          currency: 'jpy',
          off_session: 'true',
          confirm: 'true',
          metadata: { focustar_company_id: String(companyId), focustar_invoice_month: '2026-10' },
        });
        expect(String(call.form.customer)).toMatch(/^cus_/);
        expect(String(call.form.payment_method)).toMatch(/^pm_/);
      }
      // Recorded once, with the PaymentIntent; the shop and staff see 入金済.
      expect(await payments(companyId, '2026-10')).toEqual([
        { amount: 786, method: 'クレジットカード', payment_intent_id: made[0]!.id },
      ]);
      expect(await shopInvoice('2026-10')).toMatchObject({
        status: '入金済',
        payment: { method: 'クレジットカード', amount: 786 },
      });
      // The invoice company: no PaymentIntent, its invoice stays 未入金.
      expect(intentsOf(northId, '2026-10')).toHaveLength(0);
      expect(await charge(northId, '2026-10')).toEqual([]);
      const list = (await staff.get('/api/billing/invoices?month=2026-10')).json();
      expect(list.items.find((i: { company: { id: number } }) => i.company.id === northId)).toMatchObject({
        status: '未入金',
        payment_method: 'invoice',
      });
    });

    it('a retry with the same idempotency key answers the same PaymentIntent (no second charge at Stripe)', async () => {
      // Issue 28 (3): its own invoice (June 2026), charged here.
      await saveCard('pm_card_visa');
      await addBill(companyId, '2026-06', 900004, 1);
      expect(await billing.chargeCards('2026-06')).toMatchObject({ charged: 1 });
      const [call] = creations('2026-06');
      const [made] = intentsOf(companyId, '2026-06');
      expect(made).toMatchObject({ status: 'succeeded', amount: Number(call!.form.amount) });
      const before = stripe.paymentIntents.size;
      const replay = await t.app.money.provider!.chargeSavedCard(
        {
          amount: Number(call!.form.amount),
          customer: String(call!.form.customer),
          paymentMethod: String(call!.form.payment_method),
          description: String(call!.form.description),
          metadata: call!.form.metadata as Record<string, string>,
        },
        cardChargeKey(companyId, '2026-06'),
      );
      expect(replay.id).toBe(made!.id);
      expect(stripe.paymentIntents.size).toBe(before);
    });

    it('a declined card leaves the invoice unpaid as カード決済失敗; the job does not try it again; staff can still record a transfer', async () => {
      await saveCard('pm_card_chargeCustomerFail');
      expect(await billing.chargeCards('2026-09')).toMatchObject({ charged: 0, failed: 1, unanswered: 0 });
      expect(await billing.chargeCards('2026-09')).toMatchObject({ charged: 0, failed: 0 });
      expect(creations('2026-09')).toHaveLength(1);
      const [declined] = intentsOf(companyId, '2026-09');
      expect(declined).toMatchObject({ status: 'requires_payment_method' });
      expect(await charge(companyId, '2026-09')).toEqual([
        { status: 'failed', payment_intent_id: declined!.id, failure_code: 'generic_decline' },
      ]);
      expect(await payments(companyId, '2026-09')).toEqual([]);
      expect(await shopInvoice('2026-09')).toMatchObject({ status: 'カード決済失敗', payment: null });
      const list = (await staff.get('/api/billing/invoices?month=2026-09')).json();
      expect(list.items.find((i: { company: { id: number } }) => i.company.id === companyId)).toMatchObject({
        status: 'カード決済失敗',
        payment_method: 'card',
      });
      const recorded = await staff.post('/api/billing/invoices/payments', {
        company_id: companyId,
        month: '2026-09',
        paid_on: '2026-10-25',
      });
      expect(recorded.statusCode, recorded.body).toBe(201);
      expect(recorded.json().invoice).toMatchObject({ status: '入金済', payment: { method: '銀行振込' } });
      expect(errors).toContain('monthly card charge declined');
    });

    it('a card that needs 3-D Secure is not charged off-session: requires_action, カード決済失敗', async () => {
      await saveCard('pm_card_authenticationRequired');
      await addBill(companyId, '2026-08', 900002, 1);
      expect(await billing.chargeCards('2026-08')).toMatchObject({ charged: 0, failed: 1 });
      expect((await charge(companyId, '2026-08'))[0]).toMatchObject({
        status: 'requires_action',
        failure_code: 'authentication_required',
      });
      expect(await payments(companyId, '2026-08')).toEqual([]);
      expect((await shopInvoice('2026-08'))?.status).toBe('カード決済失敗');
    });

    it('no answer from Stripe: nothing recorded, the row waits; the retry (same key) charges once', async () => {
      await saveCard('pm_card_visa');
      await addBill(companyId, '2026-07', 900003, 1);
      // No answer at all: the SDK's two retries of the 5xx fail too (issue 29: the official SDK retries).
      stripe.failNext(500, { type: 'api_error', message: 'An unknown error occurred' }, 3);
      expect(await billing.chargeCards('2026-07')).toMatchObject({ charged: 0, unanswered: 1 });
      expect(await payments(companyId, '2026-07')).toEqual([]);
      expect((await charge(companyId, '2026-07'))[0]).toMatchObject({
        status: 'pending',
        failure_code: 'api_error',
      });
      expect((await shopInvoice('2026-07'))?.status).toBe('未入金');
      expect(await billing.chargeCards('2026-07')).toMatchObject({ charged: 1, unanswered: 0 });
      expect(await billing.chargeCards('2026-07')).toMatchObject({ charged: 0 });
      expect(intentsOf(companyId, '2026-07')).toHaveLength(1);
      expect(await payments(companyId, '2026-07')).toHaveLength(1);
    });

    it('the running month is not charged; the job is a cron at 06:00 on the 1st (Japan time)', async () => {
      const current = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 7);
      expect(await billing.chargeCards(current)).toEqual({
        month: current,
        charged: 0,
        failed: 0,
        unanswered: 0,
      });
      const [schedule] = rows<{ cron: string }>(
        await t.database.db.execute(sql`select cron from pgboss.schedule where name = ${CARD_CHARGE_QUEUE}`),
      );
      expect(schedule).toEqual({ cron: '0 6 1 * *' });
    });
  });
}

describe('the stand-in charges a saved card like Stripe (issue 14, ADR 0115)', () => {
  it('answers a PaymentIntent once per idempotency key and declines Stripe’s declining test cards', async () => {
    const p = new StandinPaymentProvider();
    const c = await p.createCustomer({ name: 'x' }, 'k');
    const input = {
      amount: 786,
      customer: c.id,
      paymentMethod: 'pm_standin_x',
      description: 'x',
      metadata: {},
    };
    const first = await p.chargeSavedCard(input, 'charge-1');
    expect(first).toMatchObject({ status: 'succeeded', amount: 786 });
    expect(first.id).toMatch(/^pi_standin_/);
    expect((await p.chargeSavedCard(input, 'charge-1')).id).toBe(first.id);
    expect(p.paymentIntents).toHaveLength(1);
    const declined = { ...input, paymentMethod: 'pm_card_chargeDeclined' };
    await expect(p.chargeSavedCard(declined, 'charge-2')).rejects.toMatchObject({
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      paymentIntent: { status: 'requires_payment_method' },
    });
    await expect(p.chargeSavedCard(declined, 'charge-2')).rejects.toMatchObject({ code: 'card_declined' });
    expect(p.paymentIntents).toHaveLength(2);
  });
});
