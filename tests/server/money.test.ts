import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BATCH_LINES_PAGE_SIZE,
  batchDetailSchema,
  MONEY_MESSAGES,
  normalizeHolderName,
  toZenginKana,
} from '../../contracts/money.ts';
import {
  addMonths,
  isBankHoliday,
  monthCutoff,
  nextBankBusinessDay,
  paymentDateOf,
  previousMonth,
  tokyoDay,
} from '../../server/features/money/calendar.ts';
import { FIRST_AD_UNITS, PLATFORM_FEE_PERCENT, STANDARD_REWARD } from '../../contracts/pricing.ts';
import { Sealer } from '../../server/features/money/seal.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { PAYOUT_QUEUE } from '../../server/features/money/service.ts';
import { credit } from '../../server/platform/ledger.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs, PINNED_BILLING, pinDemoBillingDates, userIdOf } from './helpers.ts';

/**
 * Issue 14 (product design section 5, "Money"): bank accounts sealed at rest, the monthly payout batch
 * (built once, even when the cron and a staff click race), the Zengin 総合振込 file parsed back field by
 * field, paid and failed lines in the ledger, and the supporter's history.
 */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe('payout calendar (product design section 5: the 15th, or the next bank business day)', () => {
  it('pays on the 15th of the next month, moved past weekends and public holidays', () => {
    expect(paymentDateOf('2026-08')).toBe('2026-09-15'); // a Tuesday
    expect(paymentDateOf('2026-10')).toBe('2026-11-16'); // the 15th is a Sunday
    expect(paymentDateOf('2027-04')).toBe('2027-05-17'); // a Saturday
    expect(paymentDateOf('2030-06')).toBe('2030-07-16'); // 海の日 (Monday the 15th)
    expect(paymentDateOf('2029-08')).toBe('2029-09-18'); // Saturday, Sunday, then 敬老の日
  });
  it('knows the banks’ year end and the public holidays of 2026–2027', () => {
    expect(nextBankBusinessDay('2026-12-31')).toBe('2027-01-04');
    for (const day of ['2026-05-04', '2026-05-05', '2026-05-06', '2026-09-22', '2027-03-22', '2027-11-23'])
      expect(isBankHoliday(day), day).toBe(true);
    expect(isBankHoliday('2026-11-24')).toBe(false);
  });
  it('closes a month at midnight in Japan, and the cron on the 1st closes the previous month', () => {
    expect(monthCutoff('2026-10').toISOString()).toBe('2026-10-31T15:00:00.000Z');
    expect(previousMonth(new Date('2026-10-31T18:00:00Z'))).toBe('2026-10'); // 03:00 on 1 Nov in Tokyo
    expect(addMonths('2026-12', 1)).toBe('2027-01');
  });
});

describe('holder names (issue 14: the characters a transfer file allows)', () => {
  it('accepts hiragana, half-width kana and full-width spaces; small kana full size; ー as -', () => {
    expect(normalizeHolderName('やまだ　たろう')).toBe('ヤマダ タロウ');
    expect(normalizeHolderName('ｷｬﾛﾙ')).toBe('キヤロル');
    expect(normalizeHolderName('ルーシー')).toBe('ル-シ-');
    expect(toZenginKana('ガッコウ ポヴ')).toBe('ｶﾞﾂｺｳ ﾎﾟｳﾞ');
    expect(toZenginKana('山田')).toBeNull();
  });
});

describe('bank details at rest (AES-256-GCM, rotation)', () => {
  const k1 = '11'.repeat(32);
  const k2 = Buffer.alloc(32, 7).toString('base64');
  it('opens what it sealed, under an old key after rotation, and refuses a tampered row', () => {
    const sealed = new Sealer(k1).seal({ number: '1234567', holder: 'ヤマダ' });
    expect(sealed.secret).not.toContain('1234567');
    const rotated = new Sealer(k2, [k1]);
    expect(rotated.open(sealed)).toEqual({ number: '1234567', holder: 'ヤマダ' });
    expect(rotated.seal({ a: 1 }).keyId).not.toBe(sealed.keyId);
    expect(() => new Sealer(k2).open(sealed)).toThrow();
    const [iv, tag, data] = sealed.secret.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      rotated.open({ ...sealed, secret: [iv, tag, flipped.toString('base64url')].join('.') }),
    ).toThrow();
  });
});

/** Zengin 総合振込 fields, from the format's description (not from the server's code). */
const HEADER = [
  ['kind', 1],
  ['type', 2],
  ['codeKind', 1],
  ['remitterCode', 10],
  ['remitterName', 40],
  ['date', 4],
  ['bank', 4],
  ['bankName', 15],
  ['branch', 3],
  ['branchName', 15],
  ['accountType', 1],
  ['account', 7],
  ['dummy', 17],
] as const;
const DATA = [
  ['kind', 1],
  ['bank', 4],
  ['bankName', 15],
  ['branch', 3],
  ['branchName', 15],
  ['clearing', 4],
  ['accountType', 1],
  ['account', 7],
  ['holder', 30],
  ['amount', 10],
  ['newCode', 1],
  ['customer1', 10],
  ['customer2', 10],
  ['transferKind', 1],
  ['ident', 1],
  ['dummy', 7],
] as const;
const TRAILER = [
  ['kind', 1],
  ['count', 6],
  ['total', 12],
  ['dummy', 101],
] as const;
function fields(record: string, layout: readonly (readonly [string, number])[]): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  for (const [name, width] of layout) {
    out[name] = record.slice(at, at + width);
    at += width;
  }
  expect(at).toBe(120);
  return out;
}

/** fan2's account, typed in full-width digits and hiragana. */
const FAN2_ACCOUNT = {
  bank_code: '０００５',
  branch_code: '００１',
  account_type: '普通',
  account_number: '９８７６',
  holder_name: 'たなか　しょう',
};

for (const kind of DB_KINDS) {
  describe(`money: bank accounts, the month end, the Zengin file, history (issue 14) [${kind}]`, () => {
    let t: TestApp;
    let admin: TestClient;
    let staff: TestClient;
    let fan2: TestClient;
    const month = previousMonth(new Date());
    const ids = {} as Record<'supporter' | 'fan1' | 'fan2' | 'fan3', number>;

    beforeAll(async () => {
      t = await createAccountsApp(kind);
      admin = await loginAs(t, 'admin@example.com');
      staff = await loginAs(t, 'staff@example.com');
      fan2 = await loginAs(t, 'fan2@example.com');
      for (const who of ['supporter', 'fan1', 'fan2', 'fan3'] as const)
        ids[who] = await userIdOf(t, `${who}@example.com`);
    });
    afterAll(() => t.close());

    const flags = async (userId: number) =>
      rows<{ f: Record<string, boolean> }>(
        await t.database.db.execute(sql`select flag_status as f from users where id = ${userId}`),
      )[0]!.f;

    it('finds banks and branches by name in kana, kanji or hiragana (the Zengin master, on the server)', async () => {
      const banks = (await fan2.get(`/api/banks?q=${encodeURIComponent('みずほ')}`)).json();
      expect(banks.items[0]).toMatchObject({ code: '0001', name: 'みずほ' });
      const byKanji = (await fan2.get(`/api/banks?q=${encodeURIComponent('三菱')}`)).json();
      expect(byKanji.items.map((b: { code: string }) => b.code)).toContain('0005');
      const branches = (
        await fan2.get(`/api/banks/0005/branches?q=${encodeURIComponent('ほんてん')}`)
      ).json();
      expect(branches.items[0]).toMatchObject({ code: '001', name: '本店' });
      expect((await fan2.get('/api/banks/0000/branches')).statusCode).toBe(404);
      expect((await fan2.get('/api/banks/12/branches')).statusCode).toBe(422);
    });

    it('registers an account from full-width digits and hiragana, shows only the last 3 digits, seals the rest', async () => {
      expect((await fan2.get('/api/bank-account')).json()).toEqual({ bank_account: null });
      expect((await flags(ids.fan2)).registeredBankAccount).toBeFalsy();
      const res = await fan2.put('/api/bank-account', FAN2_ACCOUNT);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().bank_account).toMatchObject({
        bank_code: '0005',
        bank_name: '三菱ＵＦＪ',
        branch_code: '001',
        branch_name: '本店',
        account_type: '普通',
        account_number_last3: '876',
        holder_name: 'タナカ シヨウ',
      });
      expect(res.body).not.toContain('0009876');
      expect((await fan2.get('/api/bank-account')).body).not.toContain('0009876');
      const [row] = rows<Record<string, string>>(
        await t.database.db.execute(sql`select * from bank_accounts where user_id = ${ids.fan2}`),
      );
      expect(JSON.stringify(row)).not.toMatch(/0009876|タナカ/);
      expect((await flags(ids.fan2)).registeredBankAccount).toBe(true);
    });

    it('refuses a holder name a transfer file cannot carry, and unknown banks or branches (422)', async () => {
      // Its own supporter with an account (fan2's registration is the test above's).
      const fan3 = await loginAs(t, 'fan3@example.com');
      expect((await fan3.put('/api/bank-account', FAN2_ACCOUNT)).statusCode).toBe(200);
      const body = {
        bank_code: '0005',
        branch_code: '001',
        account_type: '普通',
        account_number: '1',
        holder_name: 'タナカ',
      };
      const kanji = await fan3.put('/api/bank-account', { ...body, holder_name: '田中 翔' });
      expect(kanji.statusCode).toBe(422);
      expect(kanji.json().errors.holder_name).toEqual([MONEY_MESSAGES.holderChars]);
      const bank = await fan3.put('/api/bank-account', { ...body, bank_code: '0002' });
      expect(bank.json().errors.bank_code).toEqual([MONEY_MESSAGES.bankUnknown]);
      const branch = await fan3.put('/api/bank-account', { ...body, branch_code: '998' });
      expect(branch.json().errors.branch_code).toEqual([MONEY_MESSAGES.branchUnknown]);
      const long = await fan3.put('/api/bank-account', { ...body, account_number: '12345678' });
      expect(long.json().errors.account_number).toEqual([MONEY_MESSAGES.accountNumber]);
      expect((await fan3.get('/api/bank-account')).json().bank_account.account_number_last3).toBe('876');
    });

    it('schedules the monthly batch at 03:00 on the 1st, Japan time (pg-boss cron)', async () => {
      const [schedule] = rows<{ cron: string; timezone: string }>(
        await t.database.db.execute(
          sql`select cron, options->>'tz' as timezone from pgboss.schedule where name = ${PAYOUT_QUEUE}`,
        ),
      );
      expect(schedule).toEqual({ cron: '0 3 1 * *', timezone: 'Asia/Tokyo' });
    });

    it('refuses a month that has not ended, and paying a batch whose file was not exported', async () => {
      const current = tokyoDay(new Date()).slice(0, 7);
      const open = await admin.post('/api/payments/batches', { month: current });
      expect(open.statusCode).toBe(422);
      expect(open.json().errors.month).toEqual([MONEY_MESSAGES.monthNotClosed]);
      const old = (await admin.post('/api/payments/batches', { month: addMonths(month, -6) })).json();
      const paid = await admin.post(`/api/payments/batches/${old.batch.id}/paid`);
      expect(paid.statusCode).toBe(409);
      expect(paid.json().message).toBe(MONEY_MESSAGES.notExported);
    });

    // Issue 28 (3): one batch a month, built once, then exported, then paid: each of these tests takes an app
    // of its own and brings last month's batch to the state it starts from, so it passes alone and in any order.
    describe('last month’s batch (an app per test)', () => {
      let t: TestApp;
      let admin: TestClient;
      let staff: TestClient;
      let supporter: TestClient;
      let fan2: TestClient;
      const ids = {} as Record<'supporter' | 'fan1' | 'fan2' | 'fan3', number>;
      beforeEach(async () => {
        t = await createAccountsApp(kind);
        [admin, staff, supporter, fan2] = (await Promise.all(
          ['admin', 'staff', 'supporter', 'fan2'].map((who) => loginAs(t, `${who}@example.com`)),
        )) as [TestClient, TestClient, TestClient, TestClient];
        for (const who of ['supporter', 'fan1', 'fan2', 'fan3'] as const)
          ids[who] = await userIdOf(t, `${who}@example.com`);
      });
      afterEach(() => t.close());

      const flags = async (userId: number) =>
        rows<{ f: Record<string, boolean> }>(
          await t.database.db.execute(sql`select flag_status as f from users where id = ${userId}`),
        )[0]!.f;
      /** fan2 has an account (so only the rules keep its 600 yen back). */
      const registerFan2 = async () =>
        expect((await fan2.put('/api/bank-account', FAN2_ACCOUNT)).statusCode).toBe(200);
      /** fan2 has 600 yen from last month: under 1,000 yen and recent, so it waits. fan3 has no account. */
      const creditFan2 = () =>
        credit(t.database.db, {
          userId: ids.fan2,
          amount: 600,
          kind: 'reward',
          reference: 'test:fan2',
          idempotencyKey: 'test:fan2',
          at: new Date(monthCutoff(month).getTime() - 3600_000),
        });
      /** Last month's batch, built (作成済). */
      const builtBatch = async (): Promise<number> => {
        await registerFan2();
        await creditFan2();
        const res = await admin.post('/api/payments/batches', { month });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().batch.id;
      };
      /** …its Zengin file exported (出力済). */
      const exportedBatch = async (): Promise<number> => {
        const id = await builtBatch();
        expect((await admin.get(`/api/payments/batches/${id}/zengin`)).statusCode).toBe(200);
        return id;
      };
      /** …and marked paid (支払済). */
      const paidBatch = async (): Promise<number> => {
        const id = await exportedBatch();
        expect((await admin.post(`/api/payments/batches/${id}/paid`)).statusCode).toBe(200);
        return id;
      };

      it('builds last month’s batch once, though the cron and a staff click start it at the same time', async () => {
        // fan2 has 600 yen from last month: under 1,000 yen and recent, so it waits. fan3 has no account.
        await creditFan2();
        await registerFan2();
        const [cron, click] = await Promise.all([
          t.app.money.monthly(),
          admin.post('/api/payments/batches', { month }),
        ]);
        expect([200, 201]).toContain(click.statusCode);
        expect([cron.created, click.json().created].sort()).toEqual([false, true]);
        expect(click.json().batch.id).toBe(cron.batch.id);
        const batchId = cron.batch.id;
        const again = await admin.post('/api/payments/batches', { month });
        expect(again.statusCode).toBe(200);
        expect(again.json()).toMatchObject({ created: false, message: MONEY_MESSAGES.alreadyBuilt });
        const [count] = rows<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from payout_batches where month = ${month}`,
          ),
        );
        expect(count!.n).toBe(1);

        const detail = (await staff.get(`/api/payments/batches/${batchId}`)).json();
        expect(detail).toMatchObject({ month, payment_date: paymentDateOf(month), status: '作成済' });
        const byUser = Object.fromEntries(
          detail.lines.map((l: { user: { id: number }; amount: number }) => [l.user.id, l.amount]),
        );
        // supporter: 500 + 700 of last month and the 100 of an approved post 38 days ago (>= 1,000 yen);
        // fan1: 300 yen 55 days old (the 50-day rule). fan2 (600, recent) and fan3 (no account) wait.
        expect(byUser).toEqual({ [ids.supporter]: 1300, [ids.fan1]: 300 });
        expect(detail.total).toBe(1600);
        expect(JSON.stringify(detail)).not.toContain('1234567');
        const search = (
          await staff.get(`/api/payments/batches/${batchId}?q=${encodeURIComponent('山田')}`)
        ).json();
        expect(search.lines.map((l: { user: { id: number } }) => l.user.id)).toEqual([ids.supporter]);
      });

      it('exports the Zengin 総合振込 file: 120-byte Shift_JIS records, CR LF, trailer matching the data', async () => {
        const batchId = await builtBatch();
        expect((await staff.get(`/api/payments/batches/${batchId}/zengin`)).statusCode).toBe(403);
        const res = await admin.get(`/api/payments/batches/${batchId}/zengin`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-disposition']).toContain(`focustar-payout-${month.replace('-', '')}.txt`);
        const bytes = res.rawPayload;
        expect(bytes.length).toBe(5 * 122);
        for (let i = 0; i < 5; i++)
          expect(bytes.subarray(i * 122 + 120, i * 122 + 122).toString('latin1')).toBe('\r\n');
        const records = iconv.decode(bytes, 'Shift_JIS').split('\r\n');
        expect(records.pop()).toBe('');
        expect(records.map((r) => r.length)).toEqual([120, 120, 120, 120, 120]);

        const header = fields(records[0]!, HEADER);
        const date = paymentDateOf(month);
        expect(header).toMatchObject({
          kind: '1',
          type: '21',
          codeKind: '0',
          remitterCode: '1234567890',
          remitterName: 'ｶ)ﾌｵ-ｶｽﾀ-'.padEnd(40, ' '),
          date: date.slice(5, 7) + date.slice(8, 10),
          bank: '0001',
          bankName: 'ﾐｽﾞﾎ'.padEnd(15, ' '),
          branch: '001',
          accountType: '1',
          account: '1234567',
          dummy: ' '.repeat(17),
        });
        const data = records.slice(1, 3).map((r) => fields(r, DATA));
        expect(data.map((d) => d.kind)).toEqual(['2', '2']);
        const supporterLine = data.find((d) => d.holder!.trim() === 'ﾔﾏﾀﾞ ﾊﾅｺ')!;
        expect(supporterLine).toMatchObject({
          bank: '0005',
          bankName: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ'.padEnd(15, ' '),
          branch: '001',
          branchName: 'ﾎﾝﾃﾝ'.padEnd(15, ' '),
          clearing: '    ',
          accountType: '1',
          account: '1234567',
          holder: 'ﾔﾏﾀﾞ ﾊﾅｺ'.padEnd(30, ' '),
          amount: '0000001300',
          newCode: '0',
          transferKind: '7',
        });
        const fan1Line = data.find((d) => d.holder!.trim() === 'ﾀｶﾊｼ ﾐｻｷ')!;
        expect(fan1Line).toMatchObject({
          bank: '9900',
          branch: '019',
          account: '0765432',
          amount: '0000000300',
        });
        const trailer = fields(records[3]!, TRAILER);
        expect(trailer.kind).toBe('8');
        expect(Number(trailer.count)).toBe(data.length);
        expect(Number(trailer.total)).toBe(data.reduce((s, d) => s + Number(d.amount), 0));
        expect(records[4]).toBe(`9${' '.repeat(119)}`);
        // Every byte is printable ASCII or half-width katakana (0xA1–0xDF) in Shift_JIS.
        for (let i = 0; i < 5; i++)
          for (const b of bytes.subarray(i * 122, i * 122 + 120))
            expect((b >= 0x20 && b <= 0x7e) || (b >= 0xa1 && b <= 0xdf)).toBe(true);
        expect(
          (await staff.get('/api/payments/batches'))
            .json()
            .items.find((b: { id: number }) => b.id === batchId).status,
        ).toBe('出力済');
      });

      it('exports a CSV for accounting (last 3 digits only)', async () => {
        const batchId = await builtBatch();
        const res = await staff.get(`/api/payments/batches/${batchId}/csv`);
        expect(res.statusCode).toBe(200);
        expect(res.body.startsWith('\uFEFF明細ID,')).toBe(true);
        expect(res.body.trim().split('\r\n')).toHaveLength(3);
        expect(res.body).toContain('山田 花子');
        expect(res.body).not.toContain('1234567');
      });

      it('marks the batch paid: one debit per line, once however often it is clicked', async () => {
        const batchId = await exportedBatch();
        const balance = async (userId: number) =>
          rows<{ s: number }>(
            await t.database.db.execute(
              sql`select coalesce(sum(amount), 0)::int as s from ledger_entries where user_id = ${userId}`,
            ),
          )[0]!.s;
        const before = await balance(ids.supporter);
        const [a, b] = await Promise.all([
          admin.post(`/api/payments/batches/${batchId}/paid`),
          admin.post(`/api/payments/batches/${batchId}/paid`),
        ]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        expect(a.json().status).toBe('支払済');
        expect((await admin.post(`/api/payments/batches/${batchId}/paid`)).statusCode).toBe(200);
        const debits = rows<{ user_id: number; amount: number; idempotency_key: string }>(
          await t.database.db.execute(sql`
            select user_id, amount, idempotency_key from ledger_entries
            where kind = 'payout' and reference in (select 'payout_line:' || id from payout_lines where batch_id = ${batchId})`),
        );
        expect(debits.map((d) => [d.user_id, d.amount]).sort()).toEqual(
          [
            [ids.supporter, -1300],
            [ids.fan1, -300],
          ].sort(),
        );
        expect(await balance(ids.supporter)).toBe(before - 1300);
        const detail = (await staff.get(`/api/payments/batches/${batchId}`)).json();
        expect(detail.lines.every((l: { status: string }) => l.status === '支払済')).toBe(true);
        expect(detail.lines.find((l: { user: { id: number } }) => l.user.id === ids.fan1).id).toBeGreaterThan(
          0,
        );
      });

      it('shows the supporter the payout, the account’s last digits, the balance and the year; a read raises no flag (ADR 0170)', async () => {
        await paidBatch();
        expect((await flags(ids.supporter)).checkedFirstReward).toBeFalsy();
        const res = await supporter.get('/api/payments');
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.items[0]).toMatchObject({
          month,
          amount: 1300,
          status: '支払済',
          payment_date: paymentDateOf(month),
        });
        expect(body.items[1]).toMatchObject({ month: addMonths(month, -1), amount: 1500, status: '支払済' });
        expect(body.bank_account).toEqual({
          bank_name: '三菱ＵＦＪ',
          branch_name: '本店',
          account_number_last3: '567',
        });
        expect(body.balance).toBe(0);
        expect(body.next_payment).toBeNull();
        expect(body.year).toBe(Number(tokyoDay(new Date()).slice(0, 4)));
        // Issue 25 (12), ADR 0170: /history raises checkedFirstReward with flag-up when it shows a reward.
        expect((await flags(ids.supporter)).checkedFirstReward).toBeFalsy();
        // fan2: 600 yen waits (below the minimum, and recent): no payment date yet.
        expect((await fan2.get('/api/payments')).json()).toMatchObject({
          balance: 600,
          next_payment: null,
          items: [],
        });
      });

      it('a transfer the bank returned becomes 失敗 and is credited back, once', async () => {
        const batchId = await paidBatch();
        const fan1LineId = (await staff.get(`/api/payments/batches/${batchId}`))
          .json()
          .lines.find((l: { user: { id: number } }) => l.user.id === ids.fan1).id as number;
        const res = await admin.post(`/api/payments/lines/${fan1LineId}/failed`, { note: '口座解約済み' });
        expect(res.statusCode).toBe(200);
        expect(res.json().lines.find((l: { id: number }) => l.id === fan1LineId)).toMatchObject({
          status: '失敗',
          failed_note: '口座解約済み',
        });
        expect(res.json()).toMatchObject({ total: 1300, failed_count: 1 });
        await admin.post(`/api/payments/lines/${fan1LineId}/failed`, { note: '' });
        const returned = rows<{ amount: number }>(
          await t.database.db.execute(
            sql`select amount from ledger_entries where idempotency_key = ${`payout:${fan1LineId}:returned`}`,
          ),
        );
        expect(returned).toEqual([{ amount: 300 }]);
        const fan1 = await loginAs(t, 'fan1@example.com');
        const history = (await fan1.get('/api/payments')).json();
        expect(history.items[0]).toMatchObject({ amount: 300, status: '失敗' });
        expect(history.balance).toBe(300);
      });
    });

    it('a batch’s lines come 100 a page, keyset on the line id: no line twice or missed, the count and total from the batch’s counters (issue 17, ADR 0122)', async () => {
      await t.database.db.execute(sql`
        insert into users (name, screen_name, role_id, status)
        select 'まとめ払い' || g, 'bulk-payee-' || g, 3, '承認' from generate_series(1, 250) g`);
      const [batch] = rows<{ id: number }>(
        await t.database.db.execute(sql`
          insert into payout_batches (month, payment_date, status) values ('2020-01', '2020-02-17', '支払済')
          returning id`),
      );
      // One statement inserts every line, as a batch build does: the statement trigger counts them once.
      await t.database.db.execute(sql`
        insert into payout_lines (batch_id, user_id, amount, status, bank_code, bank_name, branch_code, branch_name,
          account_type, account_last3, secret, key_id)
        select ${batch!.id}, id, 1000, case when screen_name = 'bulk-payee-7' then '失敗' else '支払済' end, '0001', 'みずほ',
          '001', '本店', '普通', '123', 'x.y.z', 'k'
        from users where screen_name like 'bulk-payee-%' order by id`);
      const seen: number[] = [];
      let cursor: number | null = null;
      let pages = 0;
      do {
        const res = await staff.get(`/api/payments/batches/${batch!.id}${cursor ? `?cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = batchDetailSchema.parse(res.json());
        expect(page).toMatchObject({ lines_count: 250, total: 249_000, failed_count: 1 });
        expect(page.lines.length).toBeLessThanOrEqual(BATCH_LINES_PAGE_SIZE);
        seen.push(...page.lines.map((l) => l.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor !== null);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(250);
      expect(new Set(seen).size).toBe(250);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
      // The list reads the counters; a line that comes back later moves them.
      const line = seen[100]!;
      expect((await admin.post(`/api/payments/lines/${line}/failed`, { note: '' })).statusCode).toBe(200);
      const list = (await staff.get('/api/payments/batches')).json();
      expect(list.items.find((b: { id: number }) => b.id === batch!.id)).toMatchObject({
        lines_count: 250,
        total: 248_000,
        failed_count: 2,
      });
      // The CSV still has every line, not a page.
      const csv = await staff.get(`/api/payments/batches/${batch!.id}/csv`);
      expect(csv.body.trim().split('\r\n')).toHaveLength(251);
      expect((await staff.get(`/api/payments/batches/${batch!.id}?cursor=abc`)).statusCode).toBe(422);
    });
  });
}

describe('qualified invoices: tax once per rate per invoice (issue 14, product design section 7)', () => {
  it('rounds the tax of the invoice’s total, not line by line, and refunds reduce it', async () => {
    const { invoiceOf } = await import('../../server/features/money/billing.ts');
    const bill = (id: number, units: number, reward: number, fee: number) => ({
      id,
      advertisement_id: id,
      shop_name: 'デモカフェ',
      month: '2026-10',
      units,
      reward,
      rewards: units * reward,
      fee,
      subtotal: units * reward + fee,
      created_at: '',
    });
    // Two bills of 105 yen: 10 + 10 yen line by line, 21 yen once for the invoice.
    const twice = invoiceOf('2026-10', [bill(1, 1, 105, 0), bill(2, 1, 105, 0)], []);
    expect(twice).toMatchObject({ subtotal: 210, tax: 21, total: 231, items_count: 2 });
    const refunded = invoiceOf(
      '2026-10',
      [bill(3, 5, 150, 225)],
      [
        {
          advertisementId: 4,
          shopName: 'デモカフェ',
          month: '2026-10',
          unused: 2,
          reward: 100,
          feeWaived: false,
        },
      ],
    );
    expect(refunded.items.map((i) => i.amount)).toEqual([750, 225, -200, -60]);
    expect(refunded).toMatchObject({ subtotal: 715, tax: 71, total: 786 });
    expect(refunded.items.every((i) => i.rate === 10)).toBe(true);
  });
});

for (const kind of DB_KINDS) {
  describe(`shop billing: bills, the monthly invoice PDF (issue 14) [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
      await pinDemoBillingDates(t);
    });
    afterAll(() => t.close());

    /** A request of demo-cafe under review (5 units of 100 yen), and the first `fans` supporters. */
    const requestUnderReview = async (text: string, fans: number) => {
      const db = t.database.db;
      const [shop] = rowsOf<{ id: number }>(
        await db.execute(sql`select id from shops where screen_name = 'demo-cafe'`),
      );
      const supporters = rowsOf<{ id: number }>(
        await db.execute(
          sql`select id from users where email like 'fan%@example.com' order by id limit ${fans}`,
        ),
      );
      const [ad] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into advertisements (shop_id, status, text, platforms, units, reward, fee_waived, starts_on, ends_on)
          values (${shop!.id}, '審査中', ${text}, '["x"]'::jsonb, 5, 100, false, '2026-11-01', '2026-11-30')
          returning id`),
      );
      return { supporters, ad: ad! };
    };
    /** Removes test requests with their bills (and, by cascade, their units). */
    const removeRequests = async (...ids: number[]) => {
      const db = t.database.db;
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      await db.execute(sql`delete from bills where advertisement_id in (${list})`);
      await db.execute(sql`delete from advertisements where id in (${list})`);
    };

    it('bills each approved request once, and the month’s invoice nets the refund of unused units', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      const first = (await owner.get(PINNED_BILLING)).json();
      const again = (await owner.get(PINNED_BILLING)).json();
      expect(again.bills).toEqual(first.bills);
      expect(first.company).toMatchObject({ name: expect.any(String) });
      expect(first.payment_method).toBe('invoice');
      const october = first.bills.find((b: { month: string }) => b.month === '2026-10');
      expect(october).toMatchObject({ units: 5, reward: 150, rewards: 750, fee: 225, subtotal: 975 });
      expect(first.invoices.find((i: { month: string }) => i.month === '2026-10')).toEqual({
        month: '2026-10',
        subtotal: 715,
        tax: 71,
        total: 786,
        items_count: 4,
        // ADR 0113: no transfer recorded yet for this closed month.
        status: '未入金',
        payment: null,
      });
      expect(first.invoices.find((i: { month: string }) => i.month === '2026-09')).toMatchObject({
        subtotal: 390,
        tax: 39,
        total: 429,
      });
    });

    it('the database writes a request’s bill when it is approved, with the amounts of contracts/pricing.ts (ADR 0103, migration 0022)', async () => {
      const db = t.database.db;
      const [shop] = rowsOf<{ id: number; company_id: number }>(
        await db.execute(sql`select id, company_id from shops where screen_name = 'demo-cafe'`),
      );
      const insert = async (units: number | null, reward: number | null, feeWaived: boolean) => {
        const [row] = rowsOf<{ id: number }>(
          await db.execute(sql`
            insert into advertisements (shop_id, status, text, platforms, units, reward, fee_waived, starts_on, ends_on)
            values (${shop!.id}, '審査中', '請求のテスト #PR', '["x"]'::jsonb, ${units}, ${reward}, ${feeWaived},
              '2026-11-01', '2026-11-30')
            returning id`),
        );
        return row!.id;
      };
      const billOf = async (id: number) =>
        rowsOf<Record<string, unknown>>(
          await db.execute(sql`select company_id, month, units, reward, rewards, fee, subtotal from bills
            where advertisement_id = ${id}`),
        );
      const packageAd = await insert(null, null, true);
      const paidAd = await insert(7, 120, false);
      expect(await billOf(packageAd)).toEqual([]);
      // Approved at 2026-11-30 16:00 UTC: December 1st in Japan.
      await db.execute(sql`update advertisements set status = '配信中', approved_at = '2026-11-30T16:00:00Z'
        where id in (${packageAd}, ${paidAd})`);
      const packageRewards = FIRST_AD_UNITS * STANDARD_REWARD;
      expect(await billOf(packageAd)).toEqual([
        {
          company_id: shop!.company_id,
          month: '2026-12',
          units: FIRST_AD_UNITS,
          reward: STANDARD_REWARD,
          rewards: packageRewards,
          fee: 0,
          subtotal: packageRewards,
        },
      ]);
      const fee = Math.floor((7 * 120 * PLATFORM_FEE_PERCENT) / 100);
      expect(await billOf(paidAd)).toEqual([
        expect.objectContaining({
          month: '2026-12',
          units: 7,
          reward: 120,
          rewards: 840,
          fee,
          subtotal: 840 + fee,
        }),
      ]);
      // Ending the request later writes nothing more: one bill a request.
      await db.execute(sql`update advertisements set status = '終了', ended_at = now() where id = ${paidAd}`);
      expect(await billOf(paidAd)).toHaveLength(1);
      await removeRequests(packageAd, paidAd);
    });

    it('a bill keeps the count of its request’s approved units, whatever writes the units (issue 17, ADR 0124, migration 0023)', async () => {
      const db = t.database.db;
      // Oracle: the count of the units themselves, for every bill there is.
      const mismatches = async () =>
        rowsOf<{ advertisement_id: number }>(
          await db.execute(sql`
            select b.advertisement_id from bills b
            where b.approved_units <> (select count(*) from units u
              where u.advertisement_id = b.advertisement_id and u.status = 'approved')`),
        );
      expect(await mismatches()).toEqual([]);
      const { supporters, ad } = await requestUnderReview('承認数のテスト #PR', 3);
      const approvedOf = async () =>
        rowsOf<{ approved_units: number }>(
          await db.execute(sql`select approved_units from bills where advertisement_id = ${ad!.id}`),
        )[0]?.approved_units;
      const addUnit = async (userId: number, status: string) =>
        db.execute(sql`
          insert into units (advertisement_id, user_id, reward, status, offered_at, expires_at)
          values (${ad!.id}, ${userId}, 100, ${status}, now(), now() + interval '3 days')`);
      // Approved before its bill exists (a fixture): the bill starts from the count.
      await addUnit(supporters[0]!.id, 'approved');
      await db.execute(
        sql`update advertisements set status = '配信中', approved_at = now() where id = ${ad!.id}`,
      );
      expect(await approvedOf()).toBe(1);
      await addUnit(supporters[1]!.id, 'posted');
      await addUnit(supporters[2]!.id, 'approved');
      expect(await approvedOf()).toBe(2);
      // Into and out of approved, a status change that is neither, a deletion.
      await db.execute(
        sql`update units set status = 'approved' where advertisement_id = ${ad!.id} and status = 'posted'`,
      );
      expect(await approvedOf()).toBe(3);
      await db.execute(sql`update units set status = 'rejected' where advertisement_id = ${ad!.id}
        and user_id = ${supporters[1]!.id}`);
      await db.execute(sql`update units set status = 'rejected' where advertisement_id = ${ad!.id}
        and user_id = ${supporters[1]!.id}`);
      expect(await approvedOf()).toBe(2);
      await db.execute(
        sql`delete from units where advertisement_id = ${ad!.id} and user_id = ${supporters[2]!.id}`,
      );
      expect(await approvedOf()).toBe(1);
      expect(await mismatches()).toEqual([]);
      // Deleting the request deletes its units and its bill without a complaint from the count.
      await removeRequests(ad.id);
      expect(await mismatches()).toEqual([]);
    });

    // PostgreSQL only: PGlite has one connection, so two transactions never overlap there.
    it.runIf(kind === 'postgres')(
      'approvals of two units of one request do not wait for each other: the bill’s count moves at commit (ADR 0124, migration 0025)',
      async () => {
        const db = t.database.db;
        const { supporters, ad } = await requestUnderReview('同時承認のテスト #PR', 2);
        await db.execute(
          sql`update advertisements set status = '配信中', approved_at = now() where id = ${ad!.id}`,
        );
        const units: number[] = [];
        for (const s of supporters)
          units.push(
            rowsOf<{ id: number }>(
              await db.execute(sql`
                insert into units (advertisement_id, user_id, reward, status, offered_at, expires_at)
                values (${ad!.id}, ${s.id}, 100, 'posted', now(), now() + interval '3 days') returning id`),
            )[0]!.id,
          );
        try {
          let release!: () => void;
          const held = new Promise<void>((r) => (release = r));
          let entered!: () => void;
          const inside = new Promise<void>((r) => (entered = r));
          // The first approval has updated its unit and is still working (its credit, its mail…).
          const first = db.transaction(async (tx) => {
            await tx.execute(sql`update units set status = 'approved' where id = ${units[0]!}`);
            entered();
            await held;
          });
          await inside;
          // The second one, on another connection, commits meanwhile: with the count moved at the update,
          // it would wait for the first one's bill lock (here: fail after lock_timeout).
          const second = await db
            .transaction(async (tx) => {
              await tx.execute(sql`set local lock_timeout = '3s'`);
              await tx.execute(sql`update units set status = 'approved' where id = ${units[1]!}`);
            })
            .then(
              () => 'committed',
              (err: unknown) => String((err as { cause?: unknown }).cause ?? err),
            );
          release();
          await first;
          expect(second).toBe('committed');
          const [bill] = rowsOf<{ approved_units: number }>(
            await db.execute(sql`select approved_units from bills where advertisement_id = ${ad!.id}`),
          );
          expect(bill!.approved_units).toBe(2);
        } finally {
          await removeRequests(ad.id);
        }
      },
    );

    it('shows three months of invoices at a time, the latest first, and the months before on request (issue 17, ADR 0124)', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      const monthsOf = (b: { invoices: { month: string }[] }) => b.invoices.map((i) => i.month);
      // The oracle is ADR 0124's page of three months (not the constant the code reads).
      // 2026-08 .. 2026-10: both invoices, nothing older.
      const latest = (await owner.get(PINNED_BILLING)).json();
      expect(monthsOf(latest)).toEqual(['2026-10', '2026-09']);
      expect(latest.older_before).toBeNull();
      // 2026-07 .. 2026-09: September only (the live request's bill and the refund are October's).
      const earlier = (await owner.get('/api/billing?before=2026-10')).json();
      expect(monthsOf(earlier)).toEqual(['2026-09']);
      expect(earlier.bills.map((b: { month: string }) => b.month)).toEqual(['2026-09']);
      expect(earlier.older_before).toBeNull();
      // Months later (asked before 2027-05): the page ends at the latest month with an invoice (October), so
      // the company does not page through empty months.
      const later = (await owner.get('/api/billing?before=2027-05')).json();
      expect(monthsOf(later)).toEqual(['2026-10', '2026-09']);
      expect(later.invoices[0]).toMatchObject({
        month: '2026-10',
        subtotal: 715,
        total: 786,
        items_count: 4,
      });
      expect(later.older_before).toBeNull();

      // An older request: approved in April (its bill is April's), ended in July with every unit unused (the
      // refund is July's, a month without a bill).
      const db = t.database.db;
      const [ad] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into advertisements (shop_id, status, text, platforms, units, reward, fee_waived, starts_on, ends_on)
          select id, '審査中', '過去の依頼 #PR', '["x"]'::jsonb, 10, 100, false, '2026-04-16', '2026-07-15'
          from shops where screen_name = 'demo-cafe'
          returning id`),
      );
      await db.execute(sql`update advertisements set status = '配信中', approved_at = '2026-04-15T03:00:00Z'
        where id = ${ad!.id}`);
      await db.execute(sql`update advertisements set status = '終了', ended_at = '2026-07-20T03:00:00Z'
        where id = ${ad!.id}`);
      try {
        const withOlder = (await owner.get(PINNED_BILLING)).json();
        expect(monthsOf(withOlder)).toEqual(['2026-10', '2026-09']);
        expect(withOlder.older_before).toBe('2026-08');
        // Before August: the page ends at July (the refund alone); April's bill is on the page after it.
        const july = (await owner.get(`/api/billing?before=${withOlder.older_before}`)).json();
        expect(monthsOf(july)).toEqual(['2026-07']);
        expect(july.bills).toEqual([]);
        expect(july.invoices[0].subtotal).toBeLessThan(0);
        expect(july.older_before).toBe('2026-05');
        const april = (await owner.get(`/api/billing?before=${july.older_before}`)).json();
        expect(monthsOf(april)).toEqual(['2026-04']);
        expect(april.bills.map((b: { advertisement_id: number }) => b.advertisement_id)).toEqual([ad!.id]);
        expect(april.older_before).toBeNull();
      } finally {
        await removeRequests(ad!.id);
      }
      // Nothing at or before 2025-08.
      expect((await owner.get('/api/billing?before=2025-09')).json()).toMatchObject({
        invoices: [],
        bills: [],
        older_before: null,
      });
      const bad = await owner.get('/api/billing?before=2026-13');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.before).toBeDefined();
    });

    it('downloads the invoice as a PDF with the Japanese font embedded; others have none', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      const res = await owner.get('/api/billing/invoice?month=2026-10');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('focustar-invoice-202610.pdf');
      const pdf = res.rawPayload;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdf.toString('latin1')).toMatch(/NotoSansJP/);
      const supporter = await loginAs(t, 'supporter@example.com');
      expect((await supporter.get('/api/billing')).json()).toMatchObject({ company: null, bills: [] });
      expect((await supporter.get('/api/billing/invoice?month=2026-10')).statusCode).toBe(404);
      expect((await owner.get('/api/billing/invoice?month=2020-01')).statusCode).toBe(404);
      expect((await owner.get('/api/billing/invoice?month=2026-13')).statusCode).toBe(422);
    });
  });
}

describe('BANK_KEY rotation (ADR 0100) [pglite]', () => {
  it('seals every account and payout line again under the new key at start-up; the old key still opens until then', async () => {
    const { DEV_BANK_KEY } = await import('../../server/platform/env.ts');
    const newKey = 'cd'.repeat(32);
    const t = await createAccountsApp('pglite');
    try {
      const keyIds = async () =>
        rows<{ key_id: string }>(
          await t.database.db.execute(
            sql`select distinct key_id from (select key_id from bank_accounts union all select key_id from payout_lines) k`,
          ),
        ).map((r) => r.key_id);
      expect(await keyIds()).toEqual([new Sealer(DEV_BANK_KEY).currentKeyId]);
      const { MoneyService } = await import('../../server/features/money/service.ts');
      const rotated = new MoneyService({
        db: t.database.db,
        env: { ...t.env, BANK_KEY: newKey, BANK_KEYS_OLD: DEV_BANK_KEY },
        accounts: t.app.accounts.service,
      });
      expect(await rotated.resealAll()).toBeGreaterThanOrEqual(3);
      expect(await keyIds()).toEqual([new Sealer(newKey).currentKeyId]);
      const supporter = await userIdOf(t, 'supporter@example.com');
      expect((await rotated.account(supporter)).bank_account).toMatchObject({
        holder_name: 'ヤマダ ハナコ',
        account_number_last3: '567',
      });
      expect(await rotated.resealAll()).toBe(0);
    } finally {
      await t.close();
    }
  });
});
