import { sql } from 'drizzle-orm';
import type { AccountType, Batch, BatchStatus, LineStatus, PayoutLine } from '../../../contracts/money.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
import type { Sealed } from './seal.ts';

const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

/* ------------------------------------------------------------------ bank accounts */

export interface AccountRow extends Sealed {
  userId: number;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: AccountType;
  accountLast3: string;
  updatedAt: string;
}

const accountOf = (r: Record<string, unknown>): AccountRow => ({
  userId: Number(r.user_id),
  bankCode: String(r.bank_code),
  bankName: String(r.bank_name),
  branchCode: String(r.branch_code),
  branchName: String(r.branch_name),
  accountType: String(r.account_type) as AccountType,
  accountLast3: String(r.account_last3),
  secret: String(r.secret),
  keyId: String(r.key_id),
  updatedAt: iso(r.updated_at),
});

export async function accountOfUser(db: Db, userId: number): Promise<AccountRow | null> {
  const [row] = rowsOf(await db.execute(sql`select * from bank_accounts where user_id = ${userId}`));
  return row ? accountOf(row) : null;
}

export async function saveAccount(db: Db, a: Omit<AccountRow, 'updatedAt'>): Promise<void> {
  await db.execute(sql`
    insert into bank_accounts (user_id, bank_code, bank_name, branch_code, branch_name, account_type,
      account_last3, secret, key_id)
    values (${a.userId}, ${a.bankCode}, ${a.bankName}, ${a.branchCode}, ${a.branchName}, ${a.accountType},
      ${a.accountLast3}, ${a.secret}, ${a.keyId})
    on conflict (user_id) do update set bank_code = excluded.bank_code, bank_name = excluded.bank_name,
      branch_code = excluded.branch_code, branch_name = excluded.branch_name,
      account_type = excluded.account_type, account_last3 = excluded.account_last3,
      secret = excluded.secret, key_id = excluded.key_id, updated_at = now()`);
}

/**
 * Keeps the account's match hash and answers the other users whose account has the same one (issue 24).
 */
export async function setNumberHash(db: Db, userId: number, numberHash: string): Promise<number[]> {
  await db.execute(sql`update bank_accounts set number_hash = ${numberHash} where user_id = ${userId}`);
  return rowsOf<{ user_id: number }>(
    await db.execute(sql`
      select user_id from bank_accounts where number_hash = ${numberHash} and user_id <> ${userId} order by user_id`),
  ).map((r) => Number(r.user_id));
}

/** Accounts saved before their match hash was kept (issue 24), a batch at a time. */
export async function accountsWithoutHash(db: Db, limit: number): Promise<AccountRow[]> {
  return rowsOf(
    await db.execute(
      sql`select * from bank_accounts where number_hash is null order by user_id limit ${limit}`,
    ),
  ).map(accountOf);
}

/* ------------------------------------------------------------------ batches */

/**
 * A batch with its count, its total without the returned (失敗) lines, and how many came back: the
 * counters the payout_lines triggers keep (ADR 0122), instead of summing every line of every month.
 */
const BATCH_SELECT = sql`
  select b.id, b.month, b.payment_date::text as payment_date, b.status, b.created_at, b.exported_at, b.paid_at,
    b.lines_count, (b.lines_total - b.failed_total)::int as total, b.failed_count
  from payout_batches b`;

const batchOf = (r: Record<string, unknown>): Batch => ({
  id: Number(r.id),
  month: String(r.month),
  payment_date: String(r.payment_date),
  status: String(r.status) as BatchStatus,
  lines_count: Number(r.lines_count),
  total: Number(r.total),
  failed_count: Number(r.failed_count),
  created_at: iso(r.created_at),
  exported_at: isoOrNull(r.exported_at),
  paid_at: isoOrNull(r.paid_at),
});

export async function listBatches(db: Db): Promise<Batch[]> {
  return rowsOf(await db.execute(sql`${BATCH_SELECT} order by b.month desc limit 120`)).map(batchOf);
}

export async function batchById(db: Db, id: number): Promise<Batch | null> {
  const [row] = rowsOf(await db.execute(sql`${BATCH_SELECT} where b.id = ${id}`));
  return row ? batchOf(row) : null;
}

/** Inserts the month's batch unless it exists (the unique month): answers its id when this call made it. */
export async function insertBatch(
  db: Db,
  month: string,
  paymentDate: string,
  createdBy: number | null,
): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into payout_batches (month, payment_date, created_by) values (${month}, ${paymentDate}, ${createdBy})
      on conflict (month) do nothing returning id`),
  );
  return row ? Number(row.id) : null;
}

export async function batchIdOfMonth(db: Db, month: string): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from payout_batches where month = ${month}`),
  );
  return row ? Number(row.id) : null;
}

export interface Payable extends AccountRow {
  amount: number;
}

/**
 * Who a batch for `month` pays and how much (product design section 5): supporters with a bank account
 * whose unpaid rewards up to the month's end reach the minimum, or whose oldest unpaid reward is
 * `oldestBefore` or older. Unpaid = credits before the cutoff + every debit (payouts, paid oldest first)
 * - what other batches already hold unpaid (未払 lines) - rewards still 確定待ち (issue 23), never less than zero.
 */
export async function payables(
  db: Db,
  cutoff: Date,
  oldestBefore: Date,
  minimum: number,
): Promise<Payable[]> {
  const rows = rowsOf(
    await db.execute(sql`
      with held as (
        select user_id, sum(amount)::int as held from payout_lines where status = '未払' group by user_id
      ),
      -- Issue 23 (product design section 8): rewards still 確定待ち are not payable. Their credits are in the
      -- ledger; those approved before the cutoff are taken off what is due (later ones are not in it).
      holding as (
        select user_id, sum(reward)::int as holding from units
        where status = 'approved' and confirmed_at is null and judged_at < ${cutoff} group by user_id
      ),
      due as (
        select user_id,
          coalesce(sum(amount) filter (where amount > 0 and created_at < ${cutoff}), 0)::int
            + coalesce(sum(amount) filter (where amount < 0), 0)::int as due,
          -coalesce(sum(amount) filter (where amount < 0), 0)::int as paid
        from ledger_entries group by user_id
      ),
      credits as (
        select user_id, created_at,
          sum(amount) over (partition by user_id order by created_at, id) as running
        from ledger_entries where amount > 0 and created_at < ${cutoff}
      )
      select a.*, (d.due - coalesce(h.held, 0) - coalesce(w.holding, 0))::int as amount,
        (select min(c.created_at) from credits c
          where c.user_id = a.user_id and c.running > d.paid + coalesce(h.held, 0)) as oldest
      from bank_accounts a
      join users u on u.id = a.user_id and u.deleted_at is null
        -- Issue 24: 支払保留 leaves a supporter out of batches until staff release it.
        and not exists (select 1 from payout_holds ph where ph.user_id = a.user_id)
      join due d on d.user_id = a.user_id
      left join held h on h.user_id = a.user_id
      left join holding w on w.user_id = a.user_id
      order by a.user_id`),
  );
  return rows
    .filter((r) => {
      const amount = Number(r.amount);
      if (amount <= 0) return false;
      return amount >= minimum || (r.oldest !== null && new Date(r.oldest as string) <= oldestBefore);
    })
    .map((r) => ({ ...accountOf(r), amount: Number(r.amount) }));
}

export async function insertLines(db: Db, batchId: number, lines: Payable[]): Promise<void> {
  if (!lines.length) return;
  await db.execute(sql`
    insert into payout_lines (batch_id, user_id, amount, bank_code, bank_name, branch_code, branch_name,
      account_type, account_last3, secret, key_id)
    values ${sql.join(
      lines.map(
        (l) => sql`(${batchId}, ${l.userId}, ${l.amount}, ${l.bankCode}, ${l.bankName}, ${l.branchCode},
          ${l.branchName}, ${l.accountType}, ${l.accountLast3}, ${l.secret}, ${l.keyId})`,
      ),
      sql`, `,
    )}
    on conflict (batch_id, user_id) do nothing`);
}

export interface LineRow extends PayoutLine, Sealed {
  batch_id: number;
}

const LINE_SELECT = sql`
  select l.*, u.name, u.screen_name from payout_lines l join users u on u.id = l.user_id`;

const lineOf = (r: Record<string, unknown>): LineRow => ({
  id: Number(r.id),
  batch_id: Number(r.batch_id),
  user: { id: Number(r.user_id), name: String(r.name), screen_name: String(r.screen_name) },
  bank_code: String(r.bank_code),
  bank_name: String(r.bank_name),
  branch_code: String(r.branch_code),
  branch_name: String(r.branch_name),
  account_type: String(r.account_type) as AccountType,
  account_number_last3: String(r.account_last3),
  amount: Number(r.amount),
  status: String(r.status) as LineStatus,
  failed_note: r.failed_note === null ? null : String(r.failed_note),
  secret: String(r.secret),
  keyId: String(r.key_id),
});

const lineFilter = (q: string) => {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q
    ? sql` and (u.name ilike ${like} or u.screen_name ilike ${like} or l.bank_name ilike ${like}
        or l.branch_name ilike ${like} or l.bank_code = ${q})`
    : sql``;
};

/** Every line of a batch (the bank file, the CSV, marking it paid). */
export async function linesOfBatch(db: Db, batchId: number, q = ''): Promise<LineRow[]> {
  return rowsOf(
    await db.execute(sql`${LINE_SELECT} where l.batch_id = ${batchId}${lineFilter(q)} order by l.id`),
  ).map(lineOf);
}

/** One page of a batch's lines for the screen: keyset on the line id (issue 17), `limit` + 1 to see more. */
export async function linesPage(
  db: Db,
  batchId: number,
  q: string,
  after: number | undefined,
  limit: number,
): Promise<LineRow[]> {
  return rowsOf(
    await db.execute(sql`${LINE_SELECT} where l.batch_id = ${batchId}${lineFilter(q)}
      ${after ? sql`and l.id > ${after}` : sql``} order by l.id limit ${limit + 1}`),
  ).map(lineOf);
}

export async function lineById(db: Db, id: number, forUpdate = false): Promise<LineRow | null> {
  const [row] = rowsOf(
    await db.execute(sql`${LINE_SELECT} where l.id = ${id}${forUpdate ? sql` for update of l` : sql``}`),
  );
  return row ? lineOf(row) : null;
}

/** Moves a batch on when it is in one of `from` (a conditional update: a race moves it once). */
export async function moveBatch(
  db: Db,
  id: number,
  from: BatchStatus[],
  to: BatchStatus,
  column: 'exported_at' | 'paid_at',
) {
  await db.execute(sql`
    update payout_batches set status = ${to}, ${sql.raw(column)} = now()
    where id = ${id} and status in (${sql.join(
      from.map((s) => sql`${s}`),
      sql`, `,
    )})`);
}

export async function setLineStatus(db: Db, id: number, status: LineStatus, note?: string) {
  await db.execute(sql`
    update payout_lines set status = ${status}
      ${status === '失敗' ? sql`, failed_at = now(), failed_note = ${note ?? ''}` : sql``}
    where id = ${id}`);
}

/** Locks the batch row: paid and failed on the same batch take turns. */
export async function lockBatch(db: Db, id: number): Promise<BatchStatus | null> {
  const [row] = rowsOf<{ status: string }>(
    await db.execute(sql`select status from payout_batches where id = ${id} for update`),
  );
  return row ? (row.status as BatchStatus) : null;
}

/* ------------------------------------------------------------------ supporter history */

export async function supporterLines(db: Db, userId: number) {
  return rowsOf(
    await db.execute(sql`
      select l.id, b.month, b.payment_date::text as payment_date, l.amount, l.status
      from payout_lines l join payout_batches b on b.id = l.batch_id
      where l.user_id = ${userId} order by b.month desc, l.id desc limit 60`),
  ).map((r) => ({
    id: Number(r.id),
    month: String(r.month),
    payment_date: String(r.payment_date),
    amount: Number(r.amount),
    status: String(r.status) as LineStatus,
  }));
}

/** Balance, what unpaid lines hold, the oldest unpaid reward, and the year's rewards and payouts. */
export async function supporterTotals(db: Db, userId: number, yearStart: Date, yearEnd: Date) {
  const [row] = rowsOf(
    await db.execute(sql`
      with credits as (
        select created_at, sum(amount) over (order by created_at, id) as running
        from ledger_entries where user_id = ${userId} and amount > 0
      )
      select
        (select coalesce(sum(amount), 0)::int from ledger_entries where user_id = ${userId}) as ledger,
        (select coalesce(sum(reward), 0)::int from units where user_id = ${userId} and status = 'approved'
          and confirmed_at is null) as holding,
        (select coalesce(sum(amount), 0)::int from payout_lines where user_id = ${userId} and status = '未払') as held,
        (select coalesce(sum(amount), 0)::int from ledger_entries where user_id = ${userId} and kind = 'reward'
          and created_at >= ${yearStart} and created_at < ${yearEnd}) as year_rewards,
        (select coalesce(-sum(amount), 0)::int from ledger_entries where user_id = ${userId} and amount < 0
          and created_at >= ${yearStart} and created_at < ${yearEnd}) as year_debits,
        (select coalesce(sum(amount), 0)::int from ledger_entries where user_id = ${userId}
          and kind = 'payout_returned' and created_at >= ${yearStart} and created_at < ${yearEnd}) as year_returned,
        (select min(created_at) from credits where running >
          (select coalesce(-sum(amount), 0) from ledger_entries where user_id = ${userId} and amount < 0)
          + (select coalesce(sum(amount), 0) from payout_lines where user_id = ${userId} and status = '未払')) as oldest,
        exists (select 1 from payout_holds where user_id = ${userId}) as on_hold`),
  );
  const holding = Number(row?.holding ?? 0);
  return {
    // Issue 23: 確定 only; the rewards still 確定待ち are counted apart.
    balance: Number(row?.ledger ?? 0) - holding,
    holding,
    held: Number(row?.held ?? 0),
    onHold: row?.on_hold === true,
    yearRewards: Number(row?.year_rewards ?? 0),
    yearPaid: Number(row?.year_debits ?? 0) - Number(row?.year_returned ?? 0),
    oldest: row?.oldest ? new Date(row.oldest as string) : null,
  };
}

/** The next scheduled (unpaid, in a batch not yet paid) transfer of a supporter. */
export async function scheduledLine(db: Db, userId: number) {
  const [row] = rowsOf(
    await db.execute(sql`
      select b.payment_date::text as payment_date, l.amount from payout_lines l
      join payout_batches b on b.id = l.batch_id
      where l.user_id = ${userId} and l.status = '未払' order by b.month limit 1`),
  );
  return row ? { date: String(row.payment_date), amount: Number(row.amount) } : null;
}

/* ------------------------------------------------------------------ key rotation */

/** Rows sealed under another key than `keyId` (ADR 0100: rotation). */
export async function sealedElsewhere(db: Db, keyId: string) {
  const accounts = rowsOf<{ id: number; secret: string; key_id: string }>(
    await db.execute(sql`select user_id as id, secret, key_id from bank_accounts where key_id <> ${keyId}`),
  );
  const lines = rowsOf<{ id: number; secret: string; key_id: string }>(
    await db.execute(sql`select id, secret, key_id from payout_lines where key_id <> ${keyId}`),
  );
  return { accounts, lines };
}

export async function reseal(
  db: Db,
  table: 'bank_accounts' | 'payout_lines',
  id: number,
  sealed: Sealed,
  from: string,
) {
  const key = table === 'bank_accounts' ? sql`user_id` : sql`id`;
  await db.execute(sql`
    update ${sql.raw(table)} set secret = ${sealed.secret}, key_id = ${sealed.keyId}
    where ${key} = ${id} and key_id = ${from}`);
}

/* ------------------------------------------------------------------ Stripe payout accounts (ADR 0111) */

export interface StripeAccountRow {
  userId: number;
  accountId: string;
  bankAccountId: string | null;
  status: string | null;
  bankName: string | null;
  last4: string | null;
  provider: string;
  updatedAt: string;
  checkedAt: Date;
}

const stripeAccountOfRow = (r: Record<string, unknown>): StripeAccountRow => ({
  userId: Number(r.user_id),
  accountId: String(r.account_id),
  bankAccountId: r.bank_account_id === null ? null : String(r.bank_account_id),
  status: r.status === null ? null : String(r.status),
  bankName: r.bank_name === null ? null : String(r.bank_name),
  last4: r.last4 === null ? null : String(r.last4),
  provider: String(r.provider),
  updatedAt: iso(r.updated_at),
  checkedAt: new Date(r.checked_at as string),
});

export async function stripeAccountOf(db: Db, userId: number): Promise<StripeAccountRow | null> {
  const [row] = rowsOf(await db.execute(sql`select * from stripe_payout_accounts where user_id = ${userId}`));
  return row ? stripeAccountOfRow(row) : null;
}

export async function saveStripeAccount(
  db: Db,
  a: Pick<
    StripeAccountRow,
    'userId' | 'accountId' | 'bankAccountId' | 'status' | 'bankName' | 'last4' | 'provider'
  >,
): Promise<void> {
  await db.execute(sql`
    insert into stripe_payout_accounts (user_id, account_id, bank_account_id, status, bank_name, last4, provider)
    values (${a.userId}, ${a.accountId}, ${a.bankAccountId}, ${a.status}, ${a.bankName}, ${a.last4}, ${a.provider})
    on conflict (user_id) do update set account_id = excluded.account_id,
      bank_account_id = excluded.bank_account_id, status = excluded.status, bank_name = excluded.bank_name,
      last4 = excluded.last4, provider = excluded.provider, updated_at = now(), checked_at = now()`);
}

/** The status Stripe reported when it was asked again. */
export async function setStripeStatus(db: Db, userId: number, bankAccountId: string, status: string) {
  await db.execute(sql`
    update stripe_payout_accounts set status = ${status}, checked_at = now(),
      updated_at = case when status is distinct from ${status} then now() else updated_at end
    where user_id = ${userId} and bank_account_id = ${bankAccountId}`);
}

/** Stripe accounts of users who left (ADR 0114): closed at the provider by the daily sweep. */
export async function leftStripeAccounts(db: Db): Promise<StripeAccountRow[]> {
  return rowsOf(
    await db.execute(sql`
      select s.* from stripe_payout_accounts s join users u on u.id = s.user_id
      where u.deleted_at is not null order by s.user_id limit 500`),
  ).map(stripeAccountOfRow);
}

export async function deleteStripeAccount(db: Db, userId: number, accountId: string): Promise<void> {
  await db.execute(
    sql`delete from stripe_payout_accounts where user_id = ${userId} and account_id = ${accountId}`,
  );
}

/**
 * The sealed bank accounts of users who left (ADR 0114). Leaving deletes the row in its own transaction;
 * this catches one saved by a request that raced the leave.
 */
export async function deleteLeftBankAccounts(db: Db): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      delete from bank_accounts where user_id in (select id from users where deleted_at is not null)
      returning user_id`),
  );
  return rows.length;
}

/**
 * Stripe reported a change of a connected account (issue 29, `account.updated`): its bank account's status
 * is asked again at the next look instead of up to a minute later.
 */
export async function markPayoutAccountStale(db: Db, accountId: string): Promise<number> {
  return rowsOf(
    await db.execute(sql`
      update stripe_payout_accounts set checked_at = to_timestamp(0)
      where account_id = ${accountId} returning user_id`),
  ).length;
}

/**
 * Batches of different months built at once must not both count the same unpaid yen: one builder at a
 * time, a transaction-scoped advisory lock held until the caller's transaction ends.
 */
export async function lockBatchBuilding(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('money.payout-batches'))`);
}

/** A person who leaves: the sealed payout bank account goes at once (ADR 0114). */
export async function deleteBankAccountOf(db: Db, userId: number): Promise<void> {
  await db.execute(sql`delete from bank_accounts where user_id = ${userId}`);
}
