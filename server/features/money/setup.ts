import type { FastifyInstance } from 'fastify';
import { BillingService } from './billing.ts';
import { stripeWebhookSecretOf } from '../../platform/env.ts';
import { notify, type Outbox } from '../../platform/notify/outbox.ts';
import { createPaymentProvider } from './providers.ts';
import { StandinPaymentProvider } from './standin.ts';
import { LEFT_ACCOUNTS_QUEUE, type MoneyAccounts, MoneyService, PAYOUT_QUEUE } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    money: MoneyService;
  }
}

/** Product design section 5: at 03:00 on the 1st of each month (Japan time), last month's batch. */
export const PAYOUT_CRON = '0 3 1 * *';
/** ADR 0114: every day at 04:30 (Japan time), the Stripe accounts of users who left are closed. */
export const LEFT_ACCOUNTS_CRON = '30 4 * * *';
/** ADR 0115: the monthly card charge of last month's invoices. */
export const CARD_CHARGE_QUEUE = 'money.card-charges';
/** ADR 0115: at 06:00 on the 1st (Japan time), once the invoices of last month are issued. */
export const CARD_CHARGE_CRON = '0 6 1 * *';

/** Issue 26 (ADR 0177): at 05:00 on the 1st (Japan time), last month's invoices are issued and told. */
export const ISSUE_INVOICES_QUEUE = 'money.issue-invoices';
export const ISSUE_INVOICES_CRON = '0 5 1 * *';

/** Issue 24: the match hash of bank accounts saved before migration 0032. */
export const HASH_ACCOUNTS_QUEUE = 'money.hash-accounts';
export const HASH_ACCOUNTS_CRON = '15 4 * * *';

export async function setupMoney(app: FastifyInstance): Promise<void> {
  const provider = createPaymentProvider(app.env);
  if (provider instanceof StandinPaymentProvider) {
    app.log.info(
      'payments: the local Stripe stand-in answers (no STRIPE_SECRET_KEY; development and tests only)',
    );
    // Issue 29 (ADR 0173): its webhooks reach the app's own route, signed, as Stripe's would.
    const secret = stripeWebhookSecretOf(app.env, 'standin')!;
    provider.sendWebhooksTo(secret, async (payload, signature) => {
      await app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    });
  }
  const outbox: Outbox = (tx, input) => notify(app, tx, input);
  // ADR 0182: the person's row changes through the accounts feature's service (read at each call).
  const accounts: MoneyAccounts = {
    raiseFlagOnce: (tx, userId, flag) => app.accounts.service.raiseFlagOnce(tx, userId, flag),
    setStripeVerified: (tx, userId, verified) => app.accounts.service.setStripeVerified(tx, userId, verified),
  };
  const service = new MoneyService({ db: app.db, env: app.env, provider, log: app.log, outbox, accounts });
  app.decorate('money', service);
  // Key rotation: rows sealed under a key now in BANK_KEYS_OLD are sealed again under BANK_KEY.
  if (app.env.BANK_KEYS_OLD) {
    const moved = await service.resealAll();
    if (moved) app.log.info({ moved }, 'bank details sealed again under the current BANK_KEY');
  }
  await app.jobs.work(PAYOUT_QUEUE, async () => {
    const built = await service.monthly();
    app.log.info({ month: built.batch.month, created: built.created }, 'monthly payout batch');
  });
  await app.jobs.schedule(PAYOUT_QUEUE, PAYOUT_CRON);
  await app.jobs.work(LEFT_ACCOUNTS_QUEUE, async () => {
    const closed = await service.closeLeftAccounts();
    if (closed) app.log.info({ closed }, 'payout accounts of users who left closed at the payment provider');
  });
  await app.jobs.schedule(LEFT_ACCOUNTS_QUEUE, LEFT_ACCOUNTS_CRON);
  const billing = new BillingService(app.db, app.env, () => new Date(), provider, app.log, outbox);
  await app.jobs.work(ISSUE_INVOICES_QUEUE, async () => {
    const told = await billing.issueInvoices();
    if (told) app.log.info({ companies: told }, 'invoices issued and told');
  });
  await app.jobs.schedule(ISSUE_INVOICES_QUEUE, ISSUE_INVOICES_CRON);
  await app.jobs.work(CARD_CHARGE_QUEUE, async () => {
    const run = await billing.chargeCards();
    app.log.info(run, 'monthly card charge');
    // No answer from the provider for some: pg-boss runs the job again (same idempotency keys).
    if (run.unanswered) throw new Error(`${run.unanswered} card charges got no answer from the provider`);
  });
  await app.jobs.schedule(CARD_CHARGE_QUEUE, CARD_CHARGE_CRON);
  // Issue 24: accounts saved before their match hash was kept get it (and their shared-account flags),
  // nightly and once at start-up, a batch of 500 at a time.
  await app.jobs.work(HASH_ACCOUNTS_QUEUE, async () => {
    while ((await service.hashOlderAccounts()) > 0);
  });
  await app.jobs.schedule(HASH_ACCOUNTS_QUEUE, HASH_ACCOUNTS_CRON);
  if (app.jobs.working) await app.jobs.send(HASH_ACCOUNTS_QUEUE, {});
}
