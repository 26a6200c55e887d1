import {
  type BankAccount,
  type BankAccountAnswer,
  type BankAccountInput,
  type BankList,
  BATCH_LINES_PAGE_SIZE,
  type Batch,
  type BatchCreated,
  type BatchDetail,
  bankAccountInputSchema,
  MONEY_MESSAGES,
  PAYOUT_MINIMUM_YEN,
  PAYOUT_OLDEST_DAYS,
  STRIPE_BANK_STATUSES,
  type StripeBank,
  type StripeBankSaved,
  type SupporterPayments,
} from '../../../contracts/money.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Env } from '../../platform/env.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import { audit } from '../../platform/audit.ts';
import { raiseFraudFlag } from '../../platform/fraud-signals.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import { deriveKey, hmac } from '../../platform/keys.ts';
import { credit, debit } from '../../platform/ledger.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { lookup, searchBanks, searchBranches } from './banks.ts';
import {
  type BankAccountStatus,
  type PaymentProvider,
  PaymentProviderError,
  providerUnavailable,
} from './provider.ts';
import { createPaymentProvider } from './providers.ts';
import { monthCutoff, paymentDateOf, previousMonth, tokyoDay } from './calendar.ts';
import * as repo from './repo.ts';
import { type AccountSecret, Sealer } from './seal.ts';
import { type Remitter, zenginFile, zenginRecords } from './zengin.ts';

/** The queue of the monthly batch (declared in ./setup.ts). */
export const PAYOUT_QUEUE = 'money.monthly-payout';
/** The queue of the daily sweep that closes the Stripe accounts of users who left (ADR 0114). */
export const LEFT_ACCOUNTS_QUEUE = 'money.close-left-accounts';
/** How often `GET /api/stripe/bank` asks Stripe again about a bank account's status. */
const STRIPE_RECHECK_MS = 60_000;
/** Stripe's statuses of a bank account it accepted and has not failed since (ADR 0111). */
const ACCEPTED: readonly string[] = ['new', 'validated', 'verified'];
const DAY_MS = 86400_000;

/** Who makes a staff change (audited, issue 24). */
type Actor = Pick<AuthContext, 'userId' | 'priority'>;

export interface MoneyDeps {
  db: Db;
  env: Env;
  now?: () => Date;
  /** The payment provider (Stripe or the stand-in); by default the one `env` configures. */
  provider?: PaymentProvider | null;
  log?: { error: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void };
  /** The one outbox (issue 26): payouts scheduled, paid and failed are told in their change's transaction. */
  outbox?: Outbox;
  /** The accounts feature's service: the person's row changes through it, in money's transaction (ADR 0182). */
  accounts: MoneyAccounts;
}

/** What money asks of the accounts feature (its AccountService answers it). */
export interface MoneyAccounts {
  raiseFlagOnce(tx: Db, userId: number, flag: 'registeredBankAccount'): Promise<void>;
  setStripeVerified(tx: Db, userId: number, verified: boolean): Promise<void>;
}

/** A sample remitter for development and tests (production configures ZENGIN_*). */
const SAMPLE_REMITTER = {
  code: '1234567890',
  name: 'カ)フオ-カスタ-',
  bankCode: '0001',
  branchCode: '001',
  accountNumber: '1234567',
};

/**
 * Money (issue 14): bank accounts sealed at rest, the monthly payout batches, the Zengin file, and the
 * supporter's history. Every ledger movement has an idempotency key; batches are one per month.
 */
export class MoneyService {
  private readonly db: Db;
  private readonly now: () => Date;
  readonly sealer: Sealer;
  /** Keys the bank account match hash (issue 24). */
  private readonly matchKey: Buffer;
  /** Null when no payment provider is configured (ADR 0110). */
  readonly provider: PaymentProvider | null;
  private readonly log: NonNullable<MoneyDeps['log']>;

  constructor(private readonly deps: MoneyDeps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
    this.provider = deps.provider === undefined ? createPaymentProvider(deps.env) : deps.provider;
    this.log = deps.log ?? { error: () => {} };
    this.matchKey = deriveKey(deps.env.APP_SECRET, 'bank-account-match');
    this.sealer = new Sealer(
      deps.env.BANK_KEY,
      (deps.env.BANK_KEYS_OLD ?? '').split(',').filter((k) => k.trim()),
    );
  }

  /**
   * Key rotation (ADR 0100): seals again, under BANK_KEY, every account and payout line sealed under an
   * older key (BANK_KEYS_OLD). Runs at start-up; answers how many rows moved.
   */
  async resealAll(): Promise<number> {
    const current = this.sealer.currentKeyId;
    const { accounts, lines } = await repo.sealedElsewhere(this.db, current);
    let moved = 0;
    for (const [table, rows] of [
      ['bank_accounts', accounts],
      ['payout_lines', lines],
    ] as const) {
      for (const row of rows) {
        const value = this.sealer.open<AccountSecret>({ secret: row.secret, keyId: row.key_id });
        await repo.reseal(this.db, table, Number(row.id), this.sealer.seal(value), row.key_id);
        moved += 1;
      }
    }
    return moved;
  }

  /* ------------------------------------------------------------------ banks */

  banks(q: string): BankList {
    return { items: searchBanks(q) };
  }

  branches(code: string, q: string): BankList {
    const items = searchBranches(code, q);
    if (!items) throw new HttpError(404, MONEY_MESSAGES.bankNotFound);
    return { items };
  }

  /* ------------------------------------------------------------------ bank account */

  private present(row: repo.AccountRow): BankAccount {
    const secret = this.sealer.open<AccountSecret>(row);
    return {
      bank_code: row.bankCode,
      bank_name: row.bankName,
      branch_code: row.branchCode,
      branch_name: row.branchName,
      account_type: row.accountType,
      account_number_last3: row.accountLast3,
      holder_name: secret.holder,
      updated_at: row.updatedAt,
    };
  }

  /**
   * Accounts (ADR 0182): a person who leaves loses the sealed payout bank account at once, in the leaving's
   * transaction (ADR 0114). Money rows (ledger entries, payout lines with their own sealed copy) stay; the
   * account at Stripe, if any, is closed by the daily sweep, which finds it through users.deleted_at.
   */
  forgetBankAccount(tx: Db, userId: number): Promise<void> {
    return repo.deleteBankAccountOf(tx, userId);
  }

  async account(userId: number): Promise<BankAccountAnswer> {
    const row = await repo.accountOfUser(this.db, userId);
    return { bank_account: row ? this.present(row) : null };
  }

  /** The input checked against the bank master (422 for an unknown bank or branch). */
  private checked(body: BankAccountInput) {
    const input = bankAccountInputSchema.parse(body);
    const { bank, branch } = lookup(input.bank_code, input.branch_code);
    if (!bank) throw validationError({ bank_code: [MONEY_MESSAGES.bankUnknown] });
    if (!branch) throw validationError({ branch_code: [MONEY_MESSAGES.branchUnknown] });
    return { input, bank, branch };
  }

  /** The sealed local copy the Zengin file pays (ADR 0100), written in the caller's transaction. */
  private async storeAccount(tx: Db, userId: number, checked: ReturnType<MoneyService['checked']>) {
    const { input, bank, branch } = checked;
    const sealed = this.sealer.seal({
      number: input.account_number,
      holder: input.holder_name,
    } satisfies AccountSecret);
    const numberHash = this.numberHash(bank.code, branch.code, input.account_number);
    await repo.saveAccount(tx, {
      userId,
      bankCode: bank.code,
      bankName: bank.name,
      branchCode: branch.code,
      branchName: branch.name,
      accountType: input.account_type,
      accountLast3: input.account_number.slice(-3),
      ...sealed,
    });
    await this.flagSharedAccount(tx, userId, numberHash);
    await this.deps.accounts.raiseFlagOnce(tx, userId, 'registeredBankAccount');
  }

  /** A keyed hash of one bank account (issue 24): equal for the same account, useless without APP_SECRET. */
  private numberHash(bankCode: string, branchCode: string, number: string): string {
    return hmac(this.matchKey, `${bankCode}:${branchCode}:${number.padStart(7, '0')}`);
  }

  /**
   * Issue 24 "shared_bank_account": the account is stored with its hash; when other users registered the same
   * account, each of them and this user get a flag (subject: the hash's first characters, never the number).
   */
  private async flagSharedAccount(tx: Db, userId: number, numberHash: string): Promise<void> {
    const others = await repo.setNumberHash(tx, userId, numberHash);
    if (!others.length) return;
    const subject = `bank:${numberHash.slice(0, 16)}`;
    const users = [userId, ...others];
    for (const who of users)
      await raiseFraudFlag(tx, {
        kind: 'shared_bank_account',
        userId: who,
        subject,
        ids: users.filter((u) => u !== who),
      });
  }

  /** Accounts saved before their hash was kept get it (a job at start-up; issue 24). Answers how many. */
  async hashOlderAccounts(): Promise<number> {
    let done = 0;
    for (const row of await repo.accountsWithoutHash(this.db, 500)) {
      const secret = this.sealer.open<AccountSecret>(row);
      await this.db.transaction((tx) =>
        this.flagSharedAccount(tx, row.userId, this.numberHash(row.bankCode, row.branchCode, secret.number)),
      );
      done += 1;
    }
    return done;
  }

  async saveAccount(userId: number, body: BankAccountInput): Promise<BankAccountAnswer> {
    const checked = this.checked(body);
    await this.db.transaction(async (tx) => {
      await this.storeAccount(tx, userId, checked);
      // The account Stripe accepted is no longer the one paid (ADR 0111): not Stripe-verified any more.
      await this.deps.accounts.setStripeVerified(tx, userId, false);
    });
    return this.account(userId);
  }

  /* ------------------------------------------------------------------ bank registration through Stripe */

  private presentStripe(row: repo.StripeAccountRow | null): StripeBank {
    const available = this.provider !== null;
    if (!row?.bankAccountId || !row.status) return { available, account: null };
    const status = (STRIPE_BANK_STATUSES as readonly string[]).includes(row.status)
      ? (row.status as BankAccountStatus)
      : 'errored';
    return {
      available,
      account: {
        status,
        verified: ACCEPTED.includes(status),
        bank_name: row.bankName,
        last4: row.last4 ?? '',
        updated_at: row.updatedAt,
      },
    };
  }

  /**
   * `GET /api/stripe/bank` (ADR 0111): the account registered through Stripe. Stripe's status is asked
   * again at most once a minute (a payout Stripe could not make turns it `errored`), and the user's
   * `is_stripe_verified` follows it.
   */
  async stripeBank(userId: number): Promise<StripeBank> {
    let row = await repo.stripeAccountOf(this.db, userId);
    const provider = this.provider;
    if (
      provider &&
      row?.bankAccountId &&
      row.provider === provider.kind &&
      this.now().getTime() - row.checkedAt.getTime() >= STRIPE_RECHECK_MS
    ) {
      try {
        const bank = await provider.retrieveBankAccount(row.accountId, row.bankAccountId);
        await this.db.transaction(async (tx) => {
          await repo.setStripeStatus(tx, userId, bank.id, bank.status);
          const local = await repo.accountOfUser(tx, userId);
          await this.deps.accounts.setStripeVerified(
            tx,
            userId,
            ACCEPTED.includes(bank.status) && local !== null,
          );
        });
        row = await repo.stripeAccountOf(this.db, userId);
      } catch (err) {
        // What Stripe last said stays on the screen; the next read asks again.
        this.log.error(
          err instanceof PaymentProviderError
            ? { status: err.status, type: err.type, code: err.code }
            : { err },
          'reading a Stripe bank account failed',
        );
      }
    }
    return this.presentStripe(row);
  }

  /**
   * `POST /api/stripe/bank` (ADR 0111): the bank account is registered at Stripe (a connected account of
   * the user, made once, with the account as its JPY default), which validates it; the sealed local copy
   * the monthly Zengin file pays is saved with it, and `is_stripe_verified` is set when Stripe accepted
   * it. A refused account is a 422 and changes nothing here.
   */
  async saveStripeBank(userId: number, body: BankAccountInput): Promise<StripeBankSaved> {
    const provider = this.provider;
    if (!provider) throw new HttpError(409, MONEY_MESSAGES.stripeOff);
    const checked = this.checked(body);
    const { input, bank, branch } = checked;
    const row = await repo.stripeAccountOf(this.db, userId);
    let accountId: string;
    let added;
    try {
      accountId =
        row && row.provider === provider.kind
          ? row.accountId
          : (
              await provider.createPayoutAccount(
                { metadata: { focustar_user_id: String(userId) } },
                `focustar-user-${userId}-payout-account`,
              )
            ).id;
      added = await provider.addBankAccount(accountId, {
        routingNumber: `${bank.code}${branch.code}`,
        accountNumber: input.account_number,
        holderName: input.holder_name,
      });
    } catch (err) {
      if (err instanceof PaymentProviderError && err.type === 'invalid_request_error' && err.status === 400) {
        const field = /routing/.test(err.param ?? err.code ?? '') ? 'branch_code' : 'account_number';
        throw validationError({ [field]: [MONEY_MESSAGES.stripeBankRefused] });
      }
      return providerUnavailable(err, this.log, MONEY_MESSAGES.stripeUnavailable);
    }
    const verified = ACCEPTED.includes(added.status);
    await this.db.transaction(async (tx) => {
      await this.storeAccount(tx, userId, checked);
      await repo.saveStripeAccount(tx, {
        userId,
        accountId,
        bankAccountId: added.id,
        status: added.status,
        bankName: `${bank.name} ${branch.name}`,
        last4: added.last4,
        provider: provider.kind,
      });
      await this.deps.accounts.setStripeVerified(tx, userId, verified);
    });
    if (row?.bankAccountId && row.accountId === accountId && row.bankAccountId !== added.id) {
      // The account it replaces: no longer the default, removed at Stripe (best effort).
      await provider.deleteBankAccount(accountId, row.bankAccountId).catch((err: unknown) => {
        if (err instanceof PaymentProviderError)
          this.log.error(
            { status: err.status, type: err.type, code: err.code },
            'removing the old Stripe bank account failed',
          );
      });
    }
    return {
      message: MONEY_MESSAGES.stripeSaved,
      ...this.presentStripe(await repo.stripeAccountOf(this.db, userId)),
      bank_account: (await this.account(userId)).bank_account,
    };
  }

  /**
   * The daily sweep of ADR 0114: the sealed bank accounts of users who left (a leave deletes its own at
   * once; this catches one saved by a racing request) and their connected accounts at the provider, which
   * are closed there and then forgotten here. Money rows (ledger, payout lines) stay. Answers how many
   * provider accounts were closed.
   */
  async closeLeftAccounts(): Promise<number> {
    await repo.deleteLeftBankAccounts(this.db);
    let closed = 0;
    for (const row of await repo.leftStripeAccounts(this.db)) {
      if (this.provider && row.provider === this.provider.kind) {
        try {
          await this.provider.deletePayoutAccount(row.accountId);
        } catch (err) {
          // Already gone at the provider (404) is what was wanted; anything else is tried again tomorrow.
          if (!(err instanceof PaymentProviderError && err.status === 404)) {
            this.log.error(
              err instanceof PaymentProviderError
                ? { status: err.status, type: err.type, code: err.code }
                : { err },
              'closing the Stripe account of a user who left failed',
            );
            continue;
          }
        }
        closed += 1;
      } else if (row.provider !== 'standin') {
        continue; // a Stripe account while Stripe is not configured: kept until it can be closed
      }
      await repo.deleteStripeAccount(this.db, row.userId, row.accountId);
    }
    return closed;
  }

  /* ------------------------------------------------------------------ batches */

  listBatches(): Promise<{ items: Batch[] }> {
    return repo.listBatches(this.db).then((items) => ({ items }));
  }

  /** The batch and one page of its lines (BATCH_LINES_PAGE_SIZE, keyset on the line id after `cursor`). */
  async batch(id: number, q = '', cursor?: number): Promise<BatchDetail> {
    const batch = await repo.batchById(this.db, id);
    if (!batch) throw new HttpError(404, MONEY_MESSAGES.batchNotFound);
    const rows = await repo.linesPage(this.db, id, q.trim(), cursor, BATCH_LINES_PAGE_SIZE);
    const lines = rows
      .slice(0, BATCH_LINES_PAGE_SIZE)
      .map(({ secret: _s, keyId: _k, batch_id: _b, ...line }) => line);
    return { ...batch, lines, next_cursor: rows.length > BATCH_LINES_PAGE_SIZE ? lines.at(-1)!.id : null };
  }

  /**
   * Builds the batch of `month` (product design section 5), once: the batch row is inserted with
   * `on conflict (month) do nothing` in the transaction that adds its lines, so the cron and a staff
   * click at the same moment make one batch (the second waits on the unique index, then finds it).
   */
  async build(month: string, by: number | null, actor?: Actor): Promise<BatchCreated> {
    const at = this.now();
    if (monthCutoff(month) > at) throw validationError({ month: [MONEY_MESSAGES.monthNotClosed] });
    const id = await this.db.transaction(async (tx) => {
      // Batches of different months built at once must not both count the same unpaid yen: one builder
      // at a time (a transaction-scoped advisory lock); the same month is also kept single by its index.
      await repo.lockBatchBuilding(tx);
      const created = await repo.insertBatch(tx, month, paymentDateOf(month), by);
      if (created === null) return null;
      const lines = await repo.payables(
        tx,
        monthCutoff(month),
        new Date(at.getTime() - PAYOUT_OLDEST_DAYS * DAY_MS),
        PAYOUT_MINIMUM_YEN,
      );
      await repo.insertLines(tx, created, lines);
      // Issue 26 (ADR 0177): each supporter in the batch hears of the amount and the day, once per line.
      const day = paymentDateOf(month);
      for (const line of await repo.linesOfBatch(tx, created))
        await this.deps.outbox?.(tx, {
          to: line.user.id,
          kind: 'payout.scheduled',
          record: `payout_line:${line.id}`,
          params: { amount: line.amount, day },
        });
      if (actor)
        await audit(tx, {
          actor,
          action: 'payout.build',
          table: 'payout_batches',
          id: created,
          after: { month, lines: lines.length, total: lines.reduce((n, l) => n + l.amount, 0) },
        });
      return created;
    });
    const batchId = id ?? (await repo.batchIdOfMonth(this.db, month));
    const batch = batchId === null ? null : await repo.batchById(this.db, batchId);
    if (!batch) throw new Error(`payout batch of ${month} vanished`);
    return {
      message: id === null ? MONEY_MESSAGES.alreadyBuilt : MONEY_MESSAGES.built,
      created: id !== null,
      batch,
    };
  }

  /** The cron (03:00 on the 1st, Japan time): the previous month's batch. */
  monthly(): Promise<BatchCreated> {
    return this.build(previousMonth(this.now()), null);
  }

  private remitter(): Remitter {
    const env = this.deps.env;
    const production = env.NODE_ENV === 'production';
    const pick = <K extends keyof typeof SAMPLE_REMITTER>(value: string | undefined, key: K) =>
      value ?? (production ? undefined : SAMPLE_REMITTER[key]);
    const code = pick(env.ZENGIN_REMITTER_CODE, 'code');
    const name = pick(env.ZENGIN_REMITTER_NAME, 'name');
    const bankCode = pick(env.ZENGIN_BANK_CODE, 'bankCode');
    const branchCode = pick(env.ZENGIN_BRANCH_CODE, 'branchCode');
    const accountNumber = pick(env.ZENGIN_ACCOUNT_NUMBER, 'accountNumber');
    if (!code || !name || !bankCode || !branchCode || !accountNumber)
      throw new HttpError(409, MONEY_MESSAGES.remitterMissing);
    const { bank, branch } = lookup(bankCode, branchCode);
    return {
      code,
      name,
      bankCode,
      bankName: bank?.kana ?? '',
      branchCode,
      branchName: branch?.kana ?? '',
      accountType: env.ZENGIN_ACCOUNT_TYPE,
      accountNumber,
    };
  }

  /** The Zengin 総合振込 file of a batch (its 未払 and 支払済 lines); the batch becomes 出力済. */
  async zengin(id: number, actor?: Actor): Promise<{ file: Buffer; batch: Batch }> {
    const batch = await repo.batchById(this.db, id);
    if (!batch) throw new HttpError(404, MONEY_MESSAGES.batchNotFound);
    const remitter = this.remitter();
    const lines = (await repo.linesOfBatch(this.db, id)).filter((l) => l.status !== '失敗');
    const records = zenginRecords(
      remitter,
      batch.payment_date,
      lines.map((l) => {
        const secret = this.sealer.open<AccountSecret>(l);
        const { bank, branch } = lookup(l.bank_code, l.branch_code);
        return {
          bankCode: l.bank_code,
          bankName: bank?.kana ?? l.bank_name,
          branchCode: l.branch_code,
          branchName: branch?.kana ?? l.branch_name,
          accountType: l.account_type,
          accountNumber: secret.number,
          holder: secret.holder,
          amount: l.amount,
          customerCode: String(l.id),
        };
      }),
    );
    await this.db.transaction(async (tx) => {
      await repo.moveBatch(tx, id, ['作成済'], '出力済', 'exported_at');
      if (actor)
        await audit(tx, {
          actor,
          action: 'payout.export',
          table: 'payout_batches',
          id,
          before: { status: batch.status },
          after: { status: batch.status === '作成済' ? '出力済' : batch.status, lines: records.length },
        });
    });
    return { file: zenginFile(records), batch: (await repo.batchById(this.db, id))! };
  }

  /** The batch for accounting: UTF-8 with a BOM (spreadsheet software reads it as UTF-8). */
  async csv(id: number): Promise<{ csv: string; batch: Batch }> {
    const batch = await repo.batchById(this.db, id);
    if (!batch) throw new HttpError(404, MONEY_MESSAGES.batchNotFound);
    // Every line, not the screen's page.
    const detail = { ...batch, lines: await repo.linesOfBatch(this.db, id) };
    const cell = (v: string | number) => {
      const s = String(v);
      // A cell that starts like a formula is quoted with a leading apostrophe (CSV injection).
      const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
      return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const header = [
      '明細ID',
      '会員ID',
      '氏名',
      '金融機関コード',
      '金融機関名',
      '支店コード',
      '支店名',
      '種別',
      '口座番号下3桁',
      '金額',
      '状態',
      '支払日',
    ];
    const rows = detail.lines.map((l) => [
      l.id,
      l.user.id,
      l.user.name,
      l.bank_code,
      l.bank_name,
      l.branch_code,
      l.branch_name,
      l.account_type,
      l.account_number_last3,
      l.amount,
      l.status,
      detail.payment_date,
    ]);
    const csv = `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
    return { csv, batch: detail };
  }

  /**
   * 出力済 -> 支払済: one debit per unpaid line (`payout:{lineId}`), in one transaction with the batch
   * locked; a second call finds the batch paid and the debits written, and changes nothing.
   */
  async markPaid(id: number, actor?: Actor): Promise<Batch> {
    await this.db.transaction(async (tx) => {
      const status = await repo.lockBatch(tx, id);
      if (status === null) throw new HttpError(404, MONEY_MESSAGES.batchNotFound);
      if (status === '支払済') return;
      if (status !== '出力済') throw new HttpError(409, MONEY_MESSAGES.notExported);
      for (const line of await repo.linesOfBatch(tx, id)) {
        if (line.status !== '未払') continue;
        await debit(tx, {
          userId: line.user.id,
          amount: line.amount,
          kind: 'payout',
          reference: `payout_line:${line.id}`,
          idempotencyKey: `payout:${line.id}`,
        });
        await repo.setLineStatus(tx, line.id, '支払済');
        await this.deps.outbox?.(tx, {
          to: line.user.id,
          kind: 'payout.paid',
          record: `payout_line:${line.id}`,
          params: { amount: line.amount },
        });
      }
      await repo.moveBatch(tx, id, ['出力済'], '支払済', 'paid_at');
      if (actor)
        await audit(tx, {
          actor,
          action: 'payout.paid',
          table: 'payout_batches',
          id,
          before: { status: '出力済' },
          after: { status: '支払済' },
        });
    });
    return (await repo.batchById(this.db, id))!;
  }

  /**
   * A transfer the bank returned: the line becomes 失敗 and, when it was debited, the amount is credited
   * back (`payout:{lineId}:returned`), so the supporter's balance holds it for the next batch.
   */
  async markFailed(lineId: number, note: string, actor?: Actor): Promise<BatchDetail> {
    const batchId = await this.db.transaction(async (tx) => {
      const found = await repo.lineById(tx, lineId);
      if (!found) throw new HttpError(404, MONEY_MESSAGES.lineNotFound);
      await repo.lockBatch(tx, found.batch_id);
      const line = (await repo.lineById(tx, lineId, true))!;
      if (line.status === '失敗') return line.batch_id;
      if (line.status === '支払済') {
        await credit(tx, {
          userId: line.user.id,
          amount: line.amount,
          kind: 'payout_returned',
          reference: `payout_line:${line.id}`,
          idempotencyKey: `payout:${line.id}:returned`,
        });
      }
      await repo.setLineStatus(tx, line.id, '失敗', note);
      // The supporter fixes the bank details (mail always, contracts/notification-settings.ts).
      await this.deps.outbox?.(tx, {
        to: line.user.id,
        kind: 'payout.failed',
        record: `payout_line:${line.id}`,
        params: { amount: line.amount },
      });
      if (actor)
        await audit(tx, {
          actor,
          action: 'payout.failed',
          table: 'payout_lines',
          id: line.id,
          before: { status: line.status },
          after: { status: '失敗' },
          note,
        });
      return line.batch_id;
    });
    return this.batch(batchId);
  }

  /* ------------------------------------------------------------------ supporter history */

  /**
   * The supporter's payouts, balance and next transfer (issue 14, History). A read only: the screen that
   * shows a reward raises `checkedFirstReward` with flag-up (ADR 0170, replacing that point of ADR 0102).
   */
  async payments(userId: number): Promise<SupporterPayments> {
    const at = this.now();
    const year = Number(tokyoDay(at).slice(0, 4));
    const yearStart = new Date(`${year}-01-01T00:00:00+09:00`);
    const yearEnd = new Date(`${year + 1}-01-01T00:00:00+09:00`);
    const [totals, items, account, scheduled] = await Promise.all([
      repo.supporterTotals(this.db, userId, yearStart, yearEnd),
      repo.supporterLines(this.db, userId),
      repo.accountOfUser(this.db, userId),
      repo.scheduledLine(this.db, userId),
    ]);
    let next: SupporterPayments['next_payment'] = scheduled ? { ...scheduled, scheduled: true } : null;
    const free = totals.balance - totals.held;
    // A held supporter is told nothing about why (product design section 8: a neutral message), and no
    // transfer is promised meanwhile.
    if (!next && account && free > 0 && !totals.onHold) {
      // Expected in the batch of this month (built on the 1st of the next), if it qualifies by then.
      const month = tokyoDay(at).slice(0, 7);
      const buildAt = monthCutoff(month);
      const oldEnough =
        totals.oldest !== null && totals.oldest.getTime() <= buildAt.getTime() - PAYOUT_OLDEST_DAYS * DAY_MS;
      if (free >= PAYOUT_MINIMUM_YEN || oldEnough)
        next = { date: paymentDateOf(month), amount: free, scheduled: false };
    }
    return {
      balance: totals.balance,
      holding: totals.holding,
      on_hold: totals.onHold,
      next_payment: next,
      bank_account: account
        ? {
            bank_name: account.bankName,
            branch_name: account.branchName,
            account_number_last3: account.accountLast3,
          }
        : null,
      year,
      year_rewards: totals.yearRewards,
      year_paid: totals.yearPaid,
      items,
    };
  }
}
