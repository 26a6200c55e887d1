// @vitest-environment jsdom
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MONEY_MESSAGES } from '../../contracts/money.ts';
import { App } from '../../src/app/App.tsx';
import { injectedApp, signInAs } from '../support/shell.ts';

/**
 * Issue 25 "Every irreversible or money action asks first and reports after": on お振込み予定額 an admin is
 * asked before a batch is built (naming the month; a refusal sends nothing) and told after; marking a batch
 * paid and a line failed each say what happened in a toast. The real shell against the real API (inject).
 */
configure({ asyncUtilTimeout: 8000 });

let exportedId: number;
let paidId: number;
const rowsOf = <T,>(r: unknown) => (r as { rows: T[] }).rows;

const shell = injectedApp();

beforeAll(async () => {
  const db = shell.t.database.db;
  exportedId = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into payout_batches (month, payment_date, status) values ('2019-01', '2019-02-15', '出力済') returning id`),
  )[0]!.id;
  paidId = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into payout_batches (month, payment_date, status) values ('2019-02', '2019-03-15', '支払済') returning id`),
  )[0]!.id;
  const payee = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (name, screen_name, role_id, status) values ('振込 太郎', 'confirm-payee', 3, '承認') returning id`),
  )[0]!.id;
  await db.execute(sql`
    insert into payout_lines (batch_id, user_id, amount, status, bank_code, bank_name, branch_code, branch_name,
      account_type, account_last3, secret, key_id)
    values (${paidId}, ${payee}, 2000, '支払済', '0001', 'みずほ', '001', '本店', '普通', '123', 'x.y.z', 'k')`);
});

async function openAsAdmin(path: string) {
  await signInAs('admin@example.com');
  window.history.pushState(null, '', path);
  render(<App />);
}

describe('issue 25: the payout actions ask first and report after', () => {
  it('building a batch asks first, naming the month (a refusal sends nothing), then says it was built', async () => {
    await openAsAdmin('/admin-payments');
    const form = await screen.findByRole('form', { name: 'お振込みのバッチを作成' });
    fireEvent.change(within(form).getByLabelText(/対象月/), { target: { value: '2019-03' } });
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(within(form).getByRole('button', { name: 'バッチを作成する' }));
    expect(ask).toHaveBeenCalledWith(MONEY_MESSAGES.confirmBuild('2019年3月分'));
    expect(shell.net.calls.filter((c) => c === 'POST /api/payments/batches')).toEqual([]);

    ask.mockReturnValue(true);
    await userEvent.click(within(form).getByRole('button', { name: 'バッチを作成する' }));
    expect(await screen.findByText(MONEY_MESSAGES.built)).toBeTruthy();
    expect(shell.net.calls.filter((c) => c === 'POST /api/payments/batches')).toHaveLength(1);
  });

  it('marking a batch paid asks first with the month and the total, then a toast says so', async () => {
    await openAsAdmin('/admin-payments');
    const table = await screen.findByRole('table', { name: 'お振込みのバッチ' });
    const row = (await within(table).findByRole('link', { name: '2019年1月分' })).closest('tr')!;
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(within(row).getByRole('button', { name: '支払済にする' }));
    expect(ask).toHaveBeenCalledWith(MONEY_MESSAGES.confirmPaid('2019年1月分', '0円'));
    expect(await screen.findByText(`2019年1月分の${MONEY_MESSAGES.paid}`)).toBeTruthy();
    const [batch] = rowsOf<{ status: string }>(
      await shell.t.database.db.execute(sql`select status from payout_batches where id = ${exportedId}`),
    );
    expect(batch!.status).toBe('支払済');
  });

  it('marking a line failed asks for the reason, then a toast names whose transfer it was', async () => {
    await openAsAdmin(`/admin-payments-detail?batch=${paidId}`);
    const table = await screen.findByRole('table', { name: 'お振込みの明細' });
    const ask = vi.spyOn(window, 'prompt').mockReturnValue('口座番号の誤り');
    await userEvent.click(await within(table).findByRole('button', { name: '失敗にする' }));
    expect(ask.mock.calls[0]![0]).toContain('振込 太郎さんへのお振込み（2,000円）を失敗にします。');
    expect(await screen.findByText(`振込 太郎さんの${MONEY_MESSAGES.failed}`)).toBeTruthy();
  });
});
