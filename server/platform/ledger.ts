import { and, eq, sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { hotSql, type Db } from './db/client.ts';
import { ledgerRowsTotal } from './metrics.ts';

/**
 * The money ledger (product design section 5): every yen that moves is one row, never updated or deleted
 * (a trigger refuses both, migration 0003). Amounts are integer yen: credits positive, debits negative.
 * Balances are sums. Every row carries an idempotency key (unique), so a retry or a race that writes the
 * same movement twice writes it once: `unit:{id}:reward`, `payout:{lineId}`, `payout:{lineId}:returned`.
 *
 * It is platform, not a feature, because several features move money (support requests credit rewards,
 * payouts debit them) and a feature may not call another feature's service (ADR 0005).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The supporter whose money this is (users.id; the foreign key is in migration 0003). */
    userId: integer('user_id').notNull(),
    amount: integer('amount').notNull(),
    /** What moved: reward, payout, payout_returned, adjustment … */
    kind: text('kind').notNull(),
    /** What it is about, e.g. `unit:123` or `payout_line:45`. */
    reference: text('reference').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_idempotency_key').on(t.idempotencyKey),
    // The balance is one index-only scan of the user's entries; with the id, so is the running sum of the
    // payments page (window ordered by created_at, id), however scattered the rows are (issue 17).
    index('ledger_entries_user_amount').on(t.userId, t.createdAt, t.id, t.amount),
    // The year's totals by kind (rewards, returned payouts) of the payments page, index-only too.
    index('ledger_entries_user_kind').on(t.userId, t.kind, t.createdAt, t.amount),
  ],
);

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

export interface Movement {
  userId: number;
  /** Integer yen, > 0; `debit` stores it negative. */
  amount: number;
  kind: string;
  reference: string;
  idempotencyKey: string;
  at?: Date;
}

/**
 * Movements that undo an earlier one, either way: a transfer the bank returned (a credit back), a reward
 * taken back within its hold (a debit). `reversal` in the metrics (issue 29).
 */
export const REVERSAL_KINDS: ReadonlySet<string> = new Set(['payout_returned', 'reward_reversal']);

export class LedgerConflict extends Error {
  override readonly name = 'LedgerConflict';
}

async function record(db: Db, m: Movement, sign: 1 | -1): Promise<{ entry: LedgerEntry; created: boolean }> {
  if (!Number.isSafeInteger(m.amount) || m.amount <= 0) {
    throw new RangeError(`ledger amounts are positive integer yen (got ${m.amount})`);
  }
  const amount = sign * m.amount;
  // Prepared per connection (issue 29, ADR 0189): every approval credits once, and drizzle's insert was
  // parsed and planned on every call. The same statement: on a key already used it inserts nothing.
  const [row] = await hotSql<{
    id: number | string;
    user_id: number;
    amount: number;
    kind: string;
    reference: string;
    idempotency_key: string;
    created_at: Date | string;
  }>(
    db,
    'ledger_record',
    sql`insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, created_at)
        values (${m.userId}, ${amount}, ${m.kind}, ${m.reference}, ${m.idempotencyKey},
                coalesce(${m.at ?? null}::timestamptz, now()))
        on conflict (idempotency_key) do nothing
        returning id, user_id, amount, kind, reference, idempotency_key, created_at`,
  );
  const inserted: LedgerEntry | undefined = row && {
    id: Number(row.id),
    userId: row.user_id,
    amount: row.amount,
    kind: row.kind,
    reference: row.reference,
    idempotencyKey: row.idempotency_key,
    createdAt: new Date(row.created_at),
  };
  if (inserted) {
    ledgerRowsTotal.inc({
      movement: REVERSAL_KINDS.has(m.kind) ? 'reversal' : sign < 0 ? 'debit' : 'credit',
      kind: m.kind,
    });
    return { entry: inserted, created: true };
  }
  const [existing] = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.idempotencyKey, m.idempotencyKey));
  // The same key for a different movement is a bug in the caller, never a silent success.
  if (!existing || existing.userId !== m.userId || existing.amount !== amount) {
    throw new LedgerConflict(`idempotency key ${m.idempotencyKey} already records another movement`);
  }
  return { entry: existing, created: false };
}

/** Adds money to a supporter; the same idempotency key twice credits once. */
export const credit = (db: Db, m: Movement) => record(db, m, 1);
/** Takes money from a supporter (a payout); the same idempotency key twice debits once. */
export const debit = (db: Db, m: Movement) => record(db, m, -1);

/** The sum of a supporter's entries, in yen. */
export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ sum: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId));
  return row?.sum ?? 0;
}

/** Entries of one reference (e.g. every movement of one unit). */
export function entriesFor(db: Db, userId: number, reference: string) {
  return db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.reference, reference)));
}
