import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '../../contracts/money.ts';
import { monthCutoff, previousMonth, tokyoDay } from '../../server/features/money/calendar.ts';
import { PaymentProviderError } from '../../server/features/money/provider.ts';
import { StandinPaymentProvider } from '../../server/features/money/standin.ts';
import { STRIPE_API_VERSION, StripePaymentProvider } from '../../server/features/money/stripe.ts';
import { LEFT_ACCOUNTS_QUEUE } from '../../server/features/money/service.ts';
import { credit } from '../../server/platform/ledger.ts';
import { loadEnv } from '../../server/platform/env.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { startStripeServer, type StripeServer } from '../support/stripe.ts';
import { createAccountsApp, loginAs, PINNED_BILLING, pinDemoBillingDates, userIdOf } from './helpers.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 14, the parts that go through Stripe (ADR 0110–0114): the payment provider's real implementation
 * talking to a local server that answers like Stripe's API, bank registration through `/api/stripe/bank`
 * and `is_stripe_verified`, card payment with a SetupIntent (no card number reaches this server), the
 * invoice payments staff record, and the bank account deleted when a supporter leaves.
 */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
const BANK = {
  bank_code: '0005',
  branch_code: '001',
  account_type: '普通',
  account_number: '９８７６',
  holder_name: 'たなか　しょう',
} as const;

describe('the Stripe provider through the official SDK (issue 29), against a server that answers like Stripe (issue 14, ADR 0110)', () => {
  let stripe: StripeServer;
  let provider: StripePaymentProvider;
  beforeAll(async () => {
    stripe = await startStripeServer();
    provider = new StripePaymentProvider({
      secretKey: stripe.secretKey,
      publishableKey: stripe.publishableKey,
      apiUrl: stripe.url,
    });
  });
  afterAll(() => stripe.stop());

  it('creates a customer with the secret key, the pinned version and an idempotency key (a retry answers the same one)', async () => {
    // Issue 28 (3): this test's own calls (another test of this server may have made customers before).
    const start = stripe.requests.length;
    const first = await provider.createCustomer(
      { name: 'デモ株式会社', metadata: { focustar_company_id: '1' } },
      'k-1',
    );
    const again = await provider.createCustomer(
      { name: 'デモ株式会社', metadata: { focustar_company_id: '1' } },
      'k-1',
    );
    expect(first.id).toMatch(/^cus_/);
    expect(again.id).toBe(first.id);
    const call = stripe.requests.slice(start).find((r) => r.path === '/v1/customers')!;
    expect(call.headers.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(call.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(call.headers['idempotency-key']).toBe('k-1');
    expect(call.form).toEqual({ name: 'デモ株式会社', metadata: { focustar_company_id: '1' } });
  });

  it('saves a card through a SetupIntent the browser confirms; reads back brand and last 4 only', async () => {
    const customer = await provider.createCustomer({ name: 'x', metadata: {} }, 'k-2');
    const intent = await provider.createSetupIntent({
      customer: customer.id,
      metadata: { focustar_company_id: '9' },
    });
    expect(intent).toMatchObject({ status: 'requires_payment_method', customer: customer.id, card: null });
    expect(stripe.requests.at(-1)!.form).toMatchObject({
      allowed_payment_method_types: ['card'],
      usage: 'off_session',
    });
    expect((await stripe.confirmSetupIntent(intent.clientSecret!, 'pm_card_chargeDeclined')).status).toBe(
      402,
    );
    expect((await stripe.confirmSetupIntent(intent.clientSecret!, 'pm_card_visa')).status).toBe(200);
    const back = await provider.retrieveSetupIntent(intent.id);
    expect(back).toMatchObject({
      status: 'succeeded',
      customer: customer.id,
      metadata: { focustar_company_id: '9' },
      card: { brand: 'visa', last4: '4242', expMonth: 12 },
    });
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', form: { expand: ['payment_method'] } });
    await provider.detachPaymentMethod(back.card!.paymentMethodId);
  });

  it('registers a Japanese bank account on a Custom connected account (routing number = bank + branch code)', async () => {
    const account = await provider.createPayoutAccount({ metadata: { focustar_user_id: '5' } }, 'k-3');
    expect(stripe.requests.at(-1)!.form).toMatchObject({
      type: 'custom',
      country: 'JP',
      business_type: 'individual',
      capabilities: { transfers: { requested: 'true' } },
      settings: { payouts: { schedule: { interval: 'manual' } } },
    });
    const bank = await provider.addBankAccount(account.id, {
      routingNumber: '0005001',
      accountNumber: '0009876',
      holderName: 'タナカ シヨウ',
    });
    expect(bank).toMatchObject({ accountId: account.id, status: 'new', last4: '9876' });
    expect(stripe.requests.at(-1)!.form).toEqual({
      external_account: {
        object: 'bank_account',
        country: 'JP',
        currency: 'jpy',
        routing_number: '0005001',
        account_number: '0009876',
        account_holder_name: 'タナカ シヨウ',
        account_holder_type: 'individual',
      },
      default_for_currency: 'true',
    });
    stripe.setBankStatus(bank.id, 'errored');
    expect((await provider.retrieveBankAccount(account.id, bank.id)).status).toBe('errored');
    await provider.deletePayoutAccount(account.id);
    expect(stripe.accounts.has(account.id)).toBe(false);
  });

  it('turns Stripe’s error object, a wrong key and an unreachable server into PaymentProviderError', async () => {
    const account = await provider.createPayoutAccount({ metadata: {} }, 'k-4');
    const refused = await provider
      .addBankAccount(account.id, {
        routingNumber: '0005001',
        accountNumber: '0000000',
        holderName: 'タナカ',
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      code: 'account_number_invalid',
      param: 'external_account[account_number]',
    });
    const missing = await provider.retrieveSetupIntent('seti_nothing').catch((e: unknown) => e);
    expect(missing).toMatchObject({ status: 404, code: 'resource_missing' });
    const wrongKey = new StripePaymentProvider({
      secretKey: 'sk_test_wrong',
      publishableKey: 'pk_test_x',
      apiUrl: stripe.url,
    });
    expect(
      await wrongKey.createCustomer({ name: 'x', metadata: {} }, 'k-5').catch((e: unknown) => e),
    ).toMatchObject({
      status: 401,
    });
    const away = new StripePaymentProvider({
      secretKey: 'sk_test_x',
      publishableKey: 'pk_test_x',
      apiUrl: 'http://127.0.0.1:9',
    });
    const unreachable = await away.retrieveSetupIntent('seti_x').catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ status: 0, type: 'api_connection_error' });
  });
});

describe('payment provider configuration (issue 14, ADR 0110)', () => {
  it('uses Stripe with both keys, the stand-in in development and tests, nothing in production without a key', async () => {
    const base = { APP_SECRET: 'x'.repeat(40) };
    const { paymentProviderOf } = await import('../../server/platform/env.ts');
    expect(paymentProviderOf(loadEnv({ ...base, NODE_ENV: 'test' }))).toBe('standin');
    expect(paymentProviderOf(loadEnv({ ...base, NODE_ENV: 'test', PAYMENT_PROVIDER: 'off' }))).toBe('off');
    expect(
      paymentProviderOf(
        loadEnv({
          ...base,
          NODE_ENV: 'test',
          STRIPE_SECRET_KEY: 'sk_test_abc',
          STRIPE_PUBLISHABLE_KEY: 'pk_test_abc',
        }),
      ),
    ).toBe('stripe');
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    expect(() =>
      loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }),
    ).toThrow(/test \/ live/);
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: '4242424242424242' })).toThrow(/STRIPE_SECRET_KEY/);
    const { PRODUCTION_SETTINGS } = await import('../support/app.ts');
    expect(paymentProviderOf(loadEnv({ ...PRODUCTION_SETTINGS }))).toBe('off');
    expect(() => loadEnv({ ...PRODUCTION_SETTINGS, PAYMENT_PROVIDER: 'standin' })).toThrow(
      /PAYMENT_PROVIDER/,
    );
  });
});

for (const kind of DB_KINDS) {
  describe(`Stripe configured: bank registration, card payment (issue 14) [${kind}]`, () => {
    let t: TestApp;
    let stripe: StripeServer;
    let owner: TestClient;
    beforeAll(async () => {
      stripe = await startStripeServer();
      t = await createAccountsApp(kind, stripe.env);
      owner = await loginAs(t, 'owner@example.com');
    });
    afterAll(async () => {
      await t.close();
      await stripe.stop();
    });

    const stripeRow = async (userId: number) =>
      rows<Record<string, unknown>>(
        await t.database.db.execute(sql`select * from stripe_payout_accounts where user_id = ${userId}`),
      )[0];
    const me = async (client: TestClient) => (await client.get('/api/me')).json();
    /** Issue 28 (3): each bank test registers a supporter of its own (no bank account, no Stripe account). */
    let payees = 0;
    const newPayee = async (): Promise<[TestClient, number]> => {
      payees += 1;
      const email = `payee${payees}@example.com`;
      const id = await createMember(t, email, 'Payee-Pass-2026');
      return [await loginAs(t, email, 'Payee-Pass-2026'), id];
    };
    const ownAccounts = (userId: number) =>
      stripe.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/accounts' &&
          (r.form.metadata as Record<string, string>).focustar_user_id === String(userId),
      );

    it('registers the payout account through Stripe and sets is_stripe_verified (ADR 0111)', async () => {
      const [fan2, fan2Id] = await newPayee();
      expect((await fan2.get('/api/stripe/bank')).json()).toEqual({ available: true, account: null });
      expect((await me(fan2)).is_stripe_verified).toBe(false);
      const res = await fan2.post('/api/stripe/bank', BANK);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: MONEY_MESSAGES.stripeSaved,
        available: true,
        account: { status: 'new', verified: true, last4: '9876', bank_name: '三菱ＵＦＪ 本店' },
        bank_account: { bank_code: '0005', account_number_last3: '876', holder_name: 'タナカ シヨウ' },
      });
      expect(res.body).not.toContain('0009876');
      expect((await me(fan2)).is_stripe_verified).toBe(true);
      // At Stripe: one Custom account of this user in Japan, the account with the normalised details.
      const created = ownAccounts(fan2Id);
      expect(created).toHaveLength(1);
      expect(created[0]!.form).toMatchObject({
        type: 'custom',
        country: 'JP',
        metadata: { focustar_user_id: String(fan2Id) },
      });
      const added = stripe.requests.filter(
        (r) => r.path.endsWith('/external_accounts') && r.method === 'POST',
      );
      expect(added.at(-1)!.form.external_account).toMatchObject({
        routing_number: '0005001',
        account_number: '0009876',
        account_holder_name: 'タナカ シヨウ',
      });
      // Here: Stripe's ids and the last digits; the number only sealed in bank_accounts.
      const row = await stripeRow(fan2Id);
      expect(row).toMatchObject({ provider: 'stripe', status: 'new', last4: '9876' });
      expect(String(row!.account_id)).toMatch(/^acct_/);
      expect(JSON.stringify(row)).not.toContain('0009876');
      // The Zengin file still pays the sealed local copy.
      expect((await fan2.get('/api/bank-account')).json().bank_account.account_number_last3).toBe('876');
    });

    it('a second registration reuses the connected account and removes the replaced bank account at Stripe', async () => {
      const [fan2, fan2Id] = await newPayee();
      expect((await fan2.post('/api/stripe/bank', BANK)).statusCode).toBe(200);
      const before = (await stripeRow(fan2Id))!;
      const res = await fan2.post('/api/stripe/bank', { ...BANK, account_number: '1234567' });
      expect(res.statusCode, res.body).toBe(200);
      const after = (await stripeRow(fan2Id))!;
      expect(after.account_id).toBe(before.account_id);
      expect(after.bank_account_id).not.toBe(before.bank_account_id);
      expect(ownAccounts(fan2Id)).toHaveLength(1);
      const account = stripe.accounts.get(String(after.account_id))!;
      expect([...account.external.keys()]).toEqual([after.bank_account_id]);
      expect(res.json().bank_account.account_number_last3).toBe('567');
    });

    it('an account Stripe refuses is a 422 in Japanese and changes nothing; Stripe down is a 503', async () => {
      const [fan2] = await newPayee();
      expect((await fan2.post('/api/stripe/bank', { ...BANK, account_number: '1234567' })).statusCode).toBe(
        200,
      );
      const refused = await fan2.post('/api/stripe/bank', { ...BANK, account_number: '0' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ account_number: [MONEY_MESSAGES.stripeBankRefused] });
      expect((await fan2.get('/api/bank-account')).json().bank_account.account_number_last3).toBe('567');
      expect((await me(fan2)).is_stripe_verified).toBe(true);
      // Stripe down: the SDK's two retries of a 5xx fail too.
      stripe.failNext(500, { type: 'api_error', message: 'Something went wrong on Stripe’s end.' }, 3);
      const down = await fan2.post('/api/stripe/bank', BANK);
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ message: MONEY_MESSAGES.stripeUnavailable });
      // The bank master is checked before Stripe is asked.
      const unknown = await fan2.post('/api/stripe/bank', { ...BANK, branch_code: '998' });
      expect(unknown.json().errors).toEqual({ branch_code: [MONEY_MESSAGES.branchUnknown] });
    });

    it('a bank account Stripe later reports as errored is no longer verified; a plain PUT also clears it', async () => {
      const [fan2, fan2Id] = await newPayee();
      expect((await fan2.post('/api/stripe/bank', BANK)).statusCode).toBe(200);
      const row = (await stripeRow(fan2Id))!;
      stripe.setBankStatus(String(row.bank_account_id), 'errored');
      // Asked again at most once a minute: the last check is made older instead of waiting.
      await t.database.db.execute(
        sql`update stripe_payout_accounts set checked_at = now() - interval '2 minutes' where user_id = ${fan2Id}`,
      );
      const res = (await fan2.get('/api/stripe/bank')).json();
      expect(res.account).toMatchObject({ status: 'errored', verified: false });
      expect((await me(fan2)).is_stripe_verified).toBe(false);
      await fan2.post('/api/stripe/bank', BANK);
      expect((await me(fan2)).is_stripe_verified).toBe(true);
      expect((await fan2.put('/api/bank-account', BANK)).statusCode).toBe(200);
      expect((await me(fan2)).is_stripe_verified).toBe(false);
    });

    it('the CSP allows Stripe.js, its frames and its API only with the real provider (ADR 0112)', async () => {
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
      );
      expect(csp).toMatch(
        /script-src 'self'(?: 'sha256-[A-Za-z0-9+/=]+'){3} https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com(;|$)/,
      );
      expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com[^;]*https:\/\/hooks\.stripe\.com/);
      expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
      const { baseSecurityHeaders } = await import('../../server/platform/plugins/security.ts');
      const standin = baseSecurityHeaders(loadEnv({ NODE_ENV: 'test', APP_SECRET: 'x'.repeat(40) }));
      expect(standin['Content-Security-Policy']).not.toContain('stripe');
    });

    it('card payment: a SetupIntent for the company, confirmed by the browser at Stripe; only brand and last 4 kept (ADR 0112)', async () => {
      const billing = (await owner.get('/api/billing')).json();
      expect(billing).toMatchObject({
        payment_method: 'invoice',
        card_payment: { provider: 'stripe', publishable_key: stripe.publishableKey },
        card: null,
      });
      const setup = await owner.post('/api/billing/card/setup');
      expect(setup.statusCode, setup.body).toBe(200);
      const { setup_intent_id: intentId, client_secret: secret } = setup.json();
      expect(secret).toMatch(/^seti_.+_secret_/);
      // Not confirmed yet: refused.
      const early = await owner.post('/api/billing/card', { setup_intent_id: intentId });
      expect(early.statusCode).toBe(422);
      expect(early.json().errors.setup_intent_id).toEqual([MONEY_MESSAGES.cardNotConfirmed]);
      // What Stripe.js does in the browser with the publishable key; the card never passes this server.
      expect((await stripe.confirmSetupIntent(secret, 'pm_card_visa')).status).toBe(200);
      const saved = await owner.post('/api/billing/card', { setup_intent_id: intentId });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ payment_method: 'card', card: { brand: 'visa', last4: '4242' } });
      const [method] = rows<Record<string, unknown>>(
        await t.database.db.execute(
          sql`select * from billing_methods where company_id = ${billing.company.id}`,
        ),
      );
      expect(method).toMatchObject({ method: 'card', provider: 'stripe', card_last4: '4242' });
      expect(JSON.stringify(method)).not.toContain('_secret_');
      const toOurStripe = JSON.stringify(
        stripe.requests.filter((r) => r.headers.authorization?.includes('sk_test')),
      );
      expect(toOurStripe).not.toMatch(/4242424242424242|card\[number\]/);
      // Another company cannot take this company's intent.
      const other = await loginAs(t, 'pending-owner@example.com');
      await other.post('/api/billing/card/setup');
      const stolen = await other.post('/api/billing/card', { setup_intent_id: intentId });
      expect(stolen.statusCode).toBe(422);
      expect(stolen.json().errors.setup_intent_id).toEqual([MONEY_MESSAGES.setupIntent]);
    });

    it('a new card replaces the old one (detached at Stripe); the customer is made once; invoice can be chosen again', async () => {
      // Issue 28 (3): another company (north), which saves its first card here; the owner's company is
      // the card payment test's.
      const north = await loginAs(t, 'north-owner@example.com');
      const northId = String((await north.get('/api/billing')).json().company.id);
      const start = stripe.requests.length;
      const first = (await north.post('/api/billing/card/setup')).json();
      await stripe.confirmSetupIntent(first.client_secret, 'pm_card_visa');
      expect(
        (await north.post('/api/billing/card', { setup_intent_id: first.setup_intent_id })).json().card,
      ).toMatchObject({ brand: 'visa', last4: '4242' });
      const setup = (await north.post('/api/billing/card/setup')).json();
      await stripe.confirmSetupIntent(setup.client_secret, 'pm_card_jcb');
      const saved = (
        await north.post('/api/billing/card', { setup_intent_id: setup.setup_intent_id })
      ).json();
      expect(saved.card).toMatchObject({ brand: 'jcb', last4: '0000' });
      const mine = stripe.requests.slice(start);
      expect(mine.filter((r) => r.path.endsWith('/detach'))).toHaveLength(1);
      // One customer per company, made at its first set-up, never twice.
      const customers = stripe.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/customers' &&
          (r.form.metadata as Record<string, string>).focustar_company_id === northId,
      );
      expect(customers).toHaveLength(1);
      const invoice = await north.put('/api/billing/method', { method: 'invoice' });
      expect(invoice.json()).toMatchObject({ payment_method: 'invoice', card: { last4: '0000' } });
      expect((await north.put('/api/billing/method', { method: 'card' })).json().payment_method).toBe('card');
      expect((await north.put('/api/billing/method', { method: 'cash' })).statusCode).toBe(422);
    });
  });

  describe(`no payment provider (PAYMENT_PROVIDER=off): invoice only (issue 14) [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind, { PAYMENT_PROVIDER: 'off' });
    });
    afterAll(() => t.close());

    it('answers no card payment, and refuses Stripe registration and card set-up with 409', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      expect((await owner.get('/api/billing')).json()).toMatchObject({
        card_payment: null,
        card: null,
        payment_method: 'invoice',
      });
      const setup = await owner.post('/api/billing/card/setup');
      expect(setup.statusCode).toBe(409);
      expect(setup.json().message).toBe(MONEY_MESSAGES.stripeOff);
      expect((await owner.put('/api/billing/method', { method: 'card' })).json().errors.method).toEqual([
        MONEY_MESSAGES.noCard,
      ]);
      const fan2 = await loginAs(t, 'fan2@example.com');
      expect((await fan2.get('/api/stripe/bank')).json()).toEqual({ available: false, account: null });
      expect((await fan2.post('/api/stripe/bank', BANK)).statusCode).toBe(409);
    });
  });

  describe(`the local stand-in, invoice payments, leaving (issue 14) [${kind}]`, () => {
    let t: TestApp;
    let staff: TestClient;
    let owner: TestClient;
    let companyId = 0;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
      staff = await loginAs(t, 'staff@example.com');
      owner = await loginAs(t, 'owner@example.com');
      await pinDemoBillingDates(t);
      companyId = (await owner.get('/api/billing')).json().company.id;
    });
    afterAll(() => t.close());

    it('without a Stripe key (tests, development) the stand-in answers like Stripe: card and bank registration work', async () => {
      expect(t.app.money.provider?.kind).toBe('standin');
      const billing = (await owner.get('/api/billing')).json();
      expect(billing.card_payment).toEqual({ provider: 'standin', publishable_key: 'pk_standin_local' });
      const setup = (await owner.post('/api/billing/card/setup')).json();
      expect(setup.setup_intent_id).toMatch(/^seti_standin_/);
      const saved = await owner.post('/api/billing/card', { setup_intent_id: setup.setup_intent_id });
      expect(saved.json()).toMatchObject({ payment_method: 'card', card: { brand: 'visa', last4: '4242' } });
      expect((await owner.put('/api/billing/method', { method: 'invoice' })).json().payment_method).toBe(
        'invoice',
      );
      const fan3 = await loginAs(t, 'fan3@example.com');
      const bank = await fan3.post('/api/stripe/bank', BANK);
      expect(bank.statusCode, bank.body).toBe(200);
      expect(bank.json().account).toMatchObject({ status: 'new', verified: true, last4: '9876' });
      expect((await fan3.get('/api/me')).json().is_stripe_verified).toBe(true);
    });

    it('staff see each company’s invoice of the month as 未入金, record the transfer once, and the shop sees 入金済 (ADR 0113)', async () => {
      const list = await staff.get('/api/billing/invoices?month=2026-10');
      expect(list.statusCode).toBe(200);
      const mine = list.json().items.find((i: { company: { id: number } }) => i.company.id === companyId);
      expect(mine).toMatchObject({
        month: '2026-10',
        total: 786,
        status: '未入金',
        payment: null,
        payment_method: 'invoice',
      });
      expect(
        (await owner.get(PINNED_BILLING))
          .json()
          .invoices.find((i: { month: string }) => i.month === '2026-10'),
      ).toMatchObject({ status: '未入金', payment: null });

      const body = {
        company_id: companyId,
        month: '2026-10',
        paid_on: '2026-11-20',
        note: '振込人名 デモカブシキガイシヤ',
      };
      const [a, b] = await Promise.all([
        staff.post('/api/billing/invoices/payments', body),
        staff.post('/api/billing/invoices/payments', body),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
      const again = await staff.post('/api/billing/invoices/payments', { ...body, paid_on: '2026-11-21' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({
        created: false,
        message: MONEY_MESSAGES.paymentAlreadyRecorded,
        invoice: { status: '入金済', payment: { paid_on: '2026-11-20', amount: 786, method: '銀行振込' } },
      });
      const stored = rows<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from invoice_payments where company_id = ${companyId} and month = '2026-10'`,
        ),
      );
      expect(stored).toEqual([{ n: 1 }]);
      const shop = (await owner.get(PINNED_BILLING)).json();
      expect(shop.invoices.find((i: { month: string }) => i.month === '2026-10')).toMatchObject({
        status: '入金済',
        payment: { paid_on: '2026-11-20', amount: 786 },
      });
      // September's invoice (the ended request's bill) stays 未入金.
      expect(shop.invoices.find((i: { month: string }) => i.month === '2026-09').status).toBe('未入金');
    });

    it('a payment row is never updated or deleted (append-only in the database)', async () => {
      // Issue 28 (3): a row of its own (a May transfer), so there is one to refuse whatever ran before.
      await t.database.db.execute(sql`
        insert into invoice_payments (company_id, month, amount, method, paid_on)
        values (${companyId}, '2026-05', 100, '銀行振込', '2026-06-20')`);
      await expect(t.database.db.execute(sql`update invoice_payments set amount = 1`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`delete from invoice_payments`)).rejects.toThrow();
    });

    it('refuses a month not yet closed, a paid-on date in the future, an unknown company, and non-staff', async () => {
      const current = tokyoDay(new Date()).slice(0, 7);
      const open = await staff.post('/api/billing/invoices/payments', {
        company_id: companyId,
        month: current,
        paid_on: tokyoDay(new Date()),
      });
      expect(open.json().errors).toEqual({ month: [MONEY_MESSAGES.invoiceOpen] });
      const future = await staff.post('/api/billing/invoices/payments', {
        company_id: companyId,
        month: '2026-09',
        paid_on: '2099-01-01',
      });
      expect(future.json().errors).toEqual({ paid_on: [MONEY_MESSAGES.paidOnFuture] });
      const bad = await staff.post('/api/billing/invoices/payments', {
        company_id: companyId,
        month: '2026-09',
        paid_on: '2026-02-30',
      });
      expect(bad.json().errors.paid_on).toEqual([MONEY_MESSAGES.paidOn]);
      expect(
        (
          await staff.post('/api/billing/invoices/payments', {
            company_id: 999999,
            month: '2026-09',
            paid_on: '2026-10-01',
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await owner.post('/api/billing/invoices/payments', {
            company_id: companyId,
            month: '2026-09',
            paid_on: '2026-10-01',
          })
        ).statusCode,
      ).toBe(403);
    });

    it('leaving deletes the sealed bank account at once; money rows stay; the sweep closes the Stripe account (ADR 0114)', async () => {
      const fan1 = await loginAs(t, 'fan1@example.com');
      const fan1Id = await userIdOf(t, 'fan1@example.com');
      expect((await fan1.post('/api/stripe/bank', BANK)).statusCode).toBe(200);
      // A payout line (with its own sealed copy) and ledger rows exist for fan1 (the demo's 300 yen, paid out).
      const month = previousMonth(new Date());
      await credit(t.database.db, {
        userId: fan1Id,
        amount: 1500,
        kind: 'reward',
        reference: 'test:fan1-leave',
        idempotencyKey: 'test:fan1-leave',
        at: new Date(monthCutoff(month).getTime() - 3600_000),
      });
      const admin = await loginAs(t, 'admin@example.com');
      expect([200, 201]).toContain((await admin.post('/api/payments/batches', { month })).statusCode);
      const count = async (table: string) =>
        rows<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from ${sql.raw(table)} where user_id = ${fan1Id}`,
          ),
        )[0]!.n;
      const before = { ledger: await count('ledger_entries'), lines: await count('payout_lines') };
      expect(before.lines).toBeGreaterThan(0);
      const [{ account_id: account }] = rows<{ account_id: string }>(
        await t.database.db.execute(
          sql`select account_id from stripe_payout_accounts where user_id = ${fan1Id}`,
        ),
      ) as [{ account_id: string }];
      const standin = t.app.money.provider as StandinPaymentProvider;
      expect(standin.hasPayoutAccount(account)).toBe(true);

      const left = await fan1.post('/api/leave', { password: 'demo-pass-2026', accept_unpaid_balance: true });
      expect(left.statusCode, left.body).toBe(200);
      expect(await count('bank_accounts')).toBe(0);
      expect(await count('ledger_entries')).toBe(before.ledger);
      expect(await count('payout_lines')).toBe(before.lines);
      const [user] = rows<{ is_stripe_verified: boolean }>(
        await t.database.db.execute(sql`select is_stripe_verified from users where id = ${fan1Id}`),
      );
      expect(user!.is_stripe_verified).toBe(false);
      // The Stripe account waits for the sweep (a pg-boss cron), which closes it at the provider.
      expect(await count('stripe_payout_accounts')).toBe(1);
      expect(await t.app.money.closeLeftAccounts()).toBe(1);
      expect(standin.hasPayoutAccount(account)).toBe(false);
      expect(await count('stripe_payout_accounts')).toBe(0);
      expect(await t.app.money.closeLeftAccounts()).toBe(0);
      const [schedule] = rows<{ cron: string }>(
        await t.database.db.execute(
          sql`select cron from pgboss.schedule where name = ${LEFT_ACCOUNTS_QUEUE}`,
        ),
      );
      expect(schedule).toEqual({ cron: '30 4 * * *' });
    });
  });
}

describe('the stand-in keeps Stripe’s shapes (issue 14, ADR 0110)', () => {
  it('prefixes ids like Stripe, refuses a bank account, 404s what it does not know', async () => {
    const p = new StandinPaymentProvider();
    const c = await p.createCustomer({ name: 'x' }, 'k');
    expect(c.id).toMatch(/^cus_standin_/);
    expect((await p.createCustomer({ name: 'x' }, 'k')).id).toBe(c.id);
    const a = await p.createPayoutAccount({ metadata: {} }, 'a');
    await expect(
      p.addBankAccount(a.id, { routingNumber: '0005001', accountNumber: '0000000', holderName: 'タナカ' }),
    ).rejects.toMatchObject({ status: 400, type: 'invalid_request_error' });
    await expect(p.retrieveSetupIntent('seti_x')).rejects.toMatchObject({
      status: 404,
      code: 'resource_missing',
    });
  });
});
