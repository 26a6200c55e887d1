import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, updatedAt, users } from '../accounts/schema.ts';
import { companies } from '../shops/schema.ts';

/**
 * A supporter's bank account (issue 14): one per user. The number and the holder name are sealed with
 * AES-256-GCM (`secret`, sealed under the key `key_id`, ADR 0100); only the last 3 digits stay readable.
 */
export const bankAccounts = pgTable('bank_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  branchCode: text('branch_code').notNull(),
  branchName: text('branch_name').notNull(),
  accountType: text('account_type').notNull(),
  accountLast3: text('account_last3').notNull(),
  /** `{ number, holder }` sealed: base64url(iv).base64url(tag).base64url(ciphertext). */
  secret: text('secret').notNull(),
  keyId: text('key_id').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One monthly payout batch (issue 14): one per month, whoever builds it first (the unique month). */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: serial('id').primaryKey(),
    /** The month whose rewards it pays, `YYYY-MM`. */
    month: text('month').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    /** 作成済 -> 出力済 -> 支払済 */
    status: text('status').notNull().default('作成済'),
    /**
     * How many lines the batch has and their sum (失敗 included): kept by a trigger on `payout_lines`
     * (migration 0016, ADR 0122), so the batch list reads them instead of summing every line of every month.
     */
    linesCount: integer('lines_count').notNull().default(0),
    linesTotal: integer('lines_total').notNull().default(0),
    /** Lines the bank returned (失敗) and their sum, kept by the same trigger when a line's status changes. */
    failedCount: integer('failed_count').notNull().default(0),
    failedTotal: integer('failed_total').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payout_batches_month').on(t.month)],
);

/**
 * One transfer of a batch: the bank account as it was when the batch was built (sealed like the
 * account), the amount, and 未払 -> 支払済, or 失敗 when the bank returns it.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('未払'),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    branchCode: text('branch_code').notNull(),
    branchName: text('branch_name').notNull(),
    accountType: text('account_type').notNull(),
    accountLast3: text('account_last3').notNull(),
    secret: text('secret').notNull(),
    keyId: text('key_id').notNull(),
    failedNote: text('failed_note'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_lines_batch_user').on(t.batchId, t.userId),
    index('payout_lines_user').on(t.userId, t.status),
    // The batch's lines a page at a time, keyset on id (issue 17).
    index('payout_lines_batch_id').on(t.batchId, t.id),
  ],
);

/**
 * A shop's bill for one support request (issue 14, shop billing; ADR 0103): written once when staff
 * approve the request (配信中), from the request's units and reward with the one price rule; never
 * changed. `month` (`YYYY-MM`, Japan time of the approval) is the invoice it belongs to.
 */
export const bills = pgTable(
  'bills',
  {
    id: serial('id').primaryKey(),
    advertisementId: integer('advertisement_id').notNull(),
    companyId: integer('company_id').notNull(),
    shopId: integer('shop_id').notNull(),
    month: text('month').notNull(),
    units: integer('units').notNull(),
    reward: integer('reward').notNull(),
    rewards: integer('rewards').notNull(),
    fee: integer('fee').notNull(),
    /** Tax-exclusive: rewards + fee. */
    subtotal: integer('subtotal').notNull(),
    /**
     * The request's approved units, kept by the database (migration 0023, ADR 0124): its refund once it
     * has ended is `units - approved_units` without counting the units on every read.
     */
    approvedUnits: integer('approved_units').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bills_advertisement').on(t.advertisementId),
    index('bills_company_month').on(t.companyId, t.month),
  ],
);

/**
 * A supporter's payout account at Stripe (issue 14, ADR 0111): the connected account and the bank account
 * registered on it through `/api/stripe/bank`, with the status Stripe last reported. Only Stripe's ids,
 * the bank's name and the last digits are kept here; the number is sealed in `bank_accounts`. A row of a
 * user who left stays until the daily sweep has closed the account at Stripe (ADR 0114).
 */
export const stripePayoutAccounts = pgTable('stripe_payout_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** `acct_…` (or `acct_standin_…` with the local stand-in). */
  accountId: text('account_id').notNull(),
  /** `ba_…`: the bank account on it payouts go to; null until one was accepted. */
  bankAccountId: text('bank_account_id'),
  /** Stripe's status of that bank account: new, validated, verified, verification_failed, errored. */
  status: text('status'),
  bankName: text('bank_name'),
  last4: text('last4'),
  /** Which provider made the account (`stripe` or `standin`): the sweep only closes its own. */
  provider: text('provider').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How a company pays its invoices (issue 14, ADR 0112): `invoice` (bank transfer, the default) or `card`.
 * For a card only Stripe's customer and payment method ids and the card's brand, last 4 digits and expiry
 * are kept; the number never reaches this server. A setting, not a money row: it is replaced.
 */
export const billingMethods = pgTable('billing_methods', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id),
  method: text('method').notNull().default('invoice'),
  provider: text('provider'),
  customerId: text('customer_id'),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

/**
 * A payment received for a company's monthly invoice (issue 14, ADR 0113): recorded by staff when the
 * bank transfer arrives. Append-only and one per invoice (company, month): recording it again finds the
 * first row and changes nothing.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The invoice's month, `YYYY-MM`. */
    month: text('month').notNull(),
    /** Yen received: the invoice's total (tax included) when it was recorded. */
    amount: integer('amount').notNull(),
    /** 銀行振込 (recorded by staff) or クレジットカード (the monthly card charge, ADR 0115). */
    method: text('method').notNull(),
    /** The day the money arrived (Japan time). */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    note: text('note'),
    recordedBy: integer('recorded_by').references(() => users.id),
    /** The provider's PaymentIntent (`pi_…`) of a card payment; null for a bank transfer. */
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('invoice_payments_company_month').on(t.companyId, t.month)],
);

/**
 * The monthly card charge of a company's invoice (issue 14, ADR 0115): one row per invoice (company,
 * month), inserted as `pending` before the provider is asked (the row is the claim: a second run of the
 * job finds it) and set once to the outcome. Not a money row (the payment itself is `invoice_payments`):
 * `failed` and `requires_action` leave the invoice unpaid and are shown as カード決済失敗.
 */
export const cardCharges = pgTable(
  'card_charges',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    month: text('month').notNull(),
    /** Yen asked for: the invoice's total with tax. */
    amount: integer('amount').notNull(),
    provider: text('provider').notNull(),
    /** pending -> succeeded | failed | requires_action */
    status: text('status').notNull().default('pending'),
    /** `pi_…` once the provider made one (a decline has one too). */
    paymentIntentId: text('payment_intent_id'),
    /** The provider's reason (`card_declined`, `insufficient_funds`, `authentication_required` …). */
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('card_charges_company_month').on(t.companyId, t.month)],
);

/**
 * Stripe's webhook events handled (issue 29, ADR 0173; migration 0038): one row per event id, written in
 * the transaction that handles it, so a repeated delivery changes nothing again.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
