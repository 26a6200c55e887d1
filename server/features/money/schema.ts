import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { users } from '../accounts/schema.ts';

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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_lines_batch_user').on(t.batchId, t.userId),
    index('payout_lines_user').on(t.userId, t.status),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bills_advertisement').on(t.advertisementId),
    index('bills_company_month').on(t.companyId, t.month),
  ],
);
