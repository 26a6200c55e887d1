import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/client.ts';
import { DEV_BANK_KEY } from '../platform/env.ts';
import { credit, debit } from '../platform/ledger.ts';
import { addMonths, paymentDateOf, tokyoDay } from '../features/money/calendar.ts';
import { Sealer } from '../features/money/seal.ts';

const DAY = 86400_000;

/**
 * Issue 14's demo data: supporter@example.com has a bank account, 1,500 yen of rewards paid in the batch
 * of the month before last (支払済) and 1,200 yen credited last month, still unpaid; fan1@example.com has a
 * bank account and 300 yen from 55 days ago (paid in the next batch whatever its size, the 50-day rule).
 * Last month's batch is left for the cron or a staff click, so /admin-payments can build it.
 */
export async function seedDemoMoney(
  tx: Db,
  ids: { supporter: number; fan1: number; admin: number },
  now: Date,
  bankKey: string = DEV_BANK_KEY,
): Promise<void> {
  const sealer = new Sealer(bankKey);
  const accounts = [
    {
      userId: ids.supporter,
      bank: ['0005', '三菱ＵＦＪ', '001', '本店'],
      type: '普通',
      number: '1234567',
      holder: 'ヤマダ ハナコ',
    },
    {
      userId: ids.fan1,
      bank: ['9900', 'ゆうちょ', '019', '〇一九'],
      type: '普通',
      number: '0765432',
      holder: 'タカハシ ミサキ',
    },
  ] as const;
  for (const a of accounts) {
    const sealed = sealer.seal({ number: a.number, holder: a.holder });
    await tx.execute(sql`
      insert into bank_accounts (user_id, bank_code, bank_name, branch_code, branch_name, account_type,
        account_last3, secret, key_id)
      values (${a.userId}, ${a.bank[0]}, ${a.bank[1]}, ${a.bank[2]}, ${a.bank[3]}, ${a.type},
        ${a.number.slice(-3)}, ${sealed.secret}, ${sealed.keyId})`);
    await tx.execute(sql`
      update users set flag_status = flag_status || '{"registeredBankAccount": true}'::jsonb where id = ${a.userId}`);
  }

  const thisMonth = tokyoDay(now).slice(0, 7);
  const lastMonth = addMonths(thisMonth, -1);
  const monthBefore = addMonths(thisMonth, -2);
  const midOf = (month: string) => new Date(`${month}-10T12:00:00+09:00`);

  // The month before last: 1,500 yen of rewards, paid in that month's batch.
  await credit(tx, {
    userId: ids.supporter,
    amount: 1500,
    kind: 'reward',
    reference: 'demo:money:1',
    idempotencyKey: 'demo:money:1',
    at: midOf(monthBefore),
  });
  const [batch] = (
    (await tx.execute(sql`
      insert into payout_batches (month, payment_date, status, created_by, created_at, exported_at, paid_at)
      values (${monthBefore}, ${paymentDateOf(monthBefore)}, '支払済', ${ids.admin},
        ${new Date(`${lastMonth}-01T03:00:00+09:00`)}, ${new Date(`${lastMonth}-02T10:00:00+09:00`)},
        ${new Date(`${paymentDateOf(monthBefore)}T10:00:00+09:00`)})
      returning id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  const sealed = sealer.seal({ number: accounts[0].number, holder: accounts[0].holder });
  const [line] = (
    (await tx.execute(sql`
      insert into payout_lines (batch_id, user_id, amount, status, bank_code, bank_name, branch_code, branch_name,
        account_type, account_last3, secret, key_id)
      values (${batch!.id}, ${ids.supporter}, 1500, '支払済', '0005', '三菱ＵＦＪ', '001', '本店', '普通', '567',
        ${sealed.secret}, ${sealed.keyId})
      returning id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  await debit(tx, {
    userId: ids.supporter,
    amount: 1500,
    kind: 'payout',
    reference: `payout_line:${line!.id}`,
    idempotencyKey: `payout:${line!.id}`,
    at: new Date(`${paymentDateOf(monthBefore)}T10:00:00+09:00`),
  });

  // Last month: 1,200 yen credited, waiting for last month's batch.
  for (const [n, amount, day] of [
    [2, 500, 5],
    [3, 700, 20],
  ] as const) {
    await credit(tx, {
      userId: ids.supporter,
      amount,
      kind: 'reward',
      reference: `demo:money:${n}`,
      idempotencyKey: `demo:money:${n}`,
      at: new Date(`${lastMonth}-${String(day).padStart(2, '0')}T12:00:00+09:00`),
    });
  }
  await credit(tx, {
    userId: ids.fan1,
    amount: 300,
    kind: 'reward',
    reference: 'demo:money:4',
    idempotencyKey: 'demo:money:4',
    at: new Date(now.getTime() - 55 * DAY),
  });
}
