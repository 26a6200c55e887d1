// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BATCH_LINES_PAGE_SIZE } from '../../contracts/money.ts';
import { App } from '../../src/app/App.tsx';
import { authActor } from '../../src/platform/session/actors.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import type { TestApp } from '../support/app.ts';
import { createInjectFetch, type InjectFetch } from '../support/inject-fetch.ts';
import { createAccountsApp } from '../server/helpers.ts';

/**
 * Issue 17 (keyset pagination everywhere): お振込みの明細 shows a batch's lines 100 at a time and reads
 * the next page with the cursor the API answered, in the real shell against the real API (inject).
 */
configure({ asyncUtilTimeout: 8000 });

let t: TestApp;
let net: InjectFetch;
let batchId: number;

beforeAll(async () => {
  t = await createAccountsApp('pglite');
  net = createInjectFetch(t.app);
  vi.stubGlobal('fetch', net.fetch);
  await t.database.db.execute(sql`
    insert into users (name, screen_name, role_id, status)
    select '振込先' || g, 'page-payee-' || g, 3, '承認' from generate_series(1, 150) g`);
  const batch = (await t.database.db.execute(sql`
    insert into payout_batches (month, payment_date, status) values ('2020-01', '2020-02-17', '支払済')
    returning id`)) as unknown as { rows: { id: number }[] };
  batchId = batch.rows[0]!.id;
  await t.database.db.execute(sql`
    insert into payout_lines (batch_id, user_id, amount, status, bank_code, bank_name, branch_code, branch_name,
      account_type, account_last3, secret, key_id)
    select ${batchId}, id, 1000, '支払済', '0001', 'みずほ', '001', '本店', '普通', '123', 'x.y.z', 'k'
    from users where screen_name like 'page-payee-%' order by id`);
});
afterAll(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await t.close();
});

describe('お振込みの明細: the lines a page at a time (issue 17)', () => {
  it('shows the first 100 lines, then the next ones after さらに表示する; the total covers every line', async () => {
    await act(async () => {
      authActor.send({ type: 'auth.submitLogin', email: 'admin@example.com', password: DEMO_PASSWORD });
      await waitFor(() => expect(authActor.getSnapshot().context.login).toBe(true));
    });
    window.history.pushState(null, '', `/admin-payments-detail?batch=${batchId}`);
    render(<App />);
    const table = await screen.findByRole('table', { name: 'お振込みの明細' });
    // A header row and one row per line.
    expect(within(table).getAllByRole('row')).toHaveLength(BATCH_LINES_PAGE_SIZE + 1);
    expect(screen.getByText(/150件・合計 150,000円/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'さらに表示する' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(151));
    expect(within(table).getByText('@page-payee-150')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'さらに表示する' })).toBeNull();
    // One call per page (the second with the first page's cursor), never every line at once.
    expect(net.calls.filter((c) => c === `GET /api/payments/batches/${batchId}`)).toHaveLength(2);
  });
});
