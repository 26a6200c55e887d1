// @vitest-environment jsdom
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../src/app/App.tsx';
import { injectedApp, signInAs } from '../support/shell.ts';

/**
 * Issue 25 "Every irreversible or money action asks first and reports after": closing a monitor recruitment
 * from the staff list (締め切る, after its deadline) asks first, naming it (a refusal sends nothing), and a
 * toast says it was closed; before the deadline the list leads to the early close with a reason (issue 23).
 * The real shell against the real API (inject), on the demo seed's open recruitment.
 */
configure({ asyncUtilTimeout: 8000 });

const rowsOf = <T,>(r: unknown) => (r as { rows: T[] }).rows;

// No job workers: the recruitments' clock (every five minutes) does not close it between the test's moving
// its deadline and the click; a click after the clock closed it is done too (ADR 0217, server test).
const shell = injectedApp({ WORKERS: '0' });

describe('issue 25: the staff recruitment list asks before closing and reports after', () => {
  it('締め切る asks first naming the recruitment (a refusal sends nothing), then a toast says it is closed', async () => {
    const [open] = rowsOf<{ id: number; title: string }>(
      await shell.t.database.db.execute(
        sql`select id, title from recruitments where status = '募集中' order by id limit 1`,
      ),
    );
    expect(open).toBeDefined();
    await signInAs('staff@example.com');
    window.history.pushState(null, '', '/admin-recruitment-list');
    render(<App />);
    // Before its deadline a recruitment is closed early, with a reason (issue 23): the list leads there.
    const early = (await screen.findByRole('link', { name: open!.title })).closest('tr')!;
    expect(within(early).getByRole('link', { name: '早めに締め切る' }).getAttribute('href')).toBe(
      `/admin-recruitment-winner-picker/${open!.id}`,
    );
    expect(within(early).queryByRole('button', { name: '締め切る' })).toBeNull();
    cleanup();

    // Its deadline passed: 締め切る, asked first.
    await shell.t.database.db.execute(
      sql`update recruitments set application_ends_at = now() - interval '1 hour' where id = ${open!.id}`,
    );
    window.history.pushState(null, '', '/admin-recruitment-list?after-deadline');
    render(<App />);
    const row = (await screen.findByRole('link', { name: open!.title })).closest('tr')!;
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(within(row).getByRole('button', { name: '締め切る' }));
    expect(ask.mock.calls[0]![0]).toContain(`「${open!.title}」の応募を締め切りますか？`);
    expect(shell.net.calls.filter((c) => c.startsWith('PUT /api/recruitments/'))).toEqual([]);

    ask.mockReturnValue(true);
    await userEvent.click(within(row).getByRole('button', { name: '締め切る' }));
    expect(await screen.findByText(`「${open!.title}」の応募を締め切りました。`)).toBeTruthy();
    expect(shell.net.calls.filter((c) => c === `PUT /api/recruitments/${open!.id}/status`)).toHaveLength(1);
    const [after] = rowsOf<{ status: string }>(
      await shell.t.database.db.execute(sql`select status from recruitments where id = ${open!.id}`),
    );
    expect(after!.status).toBe('選考中');
  });

  it('a move refused because the recruitment moved meanwhile says what it is now, and the list shows its row as it is (ADR 0217)', async () => {
    const [open] = rowsOf<{ id: number; title: string }>(
      await shell.t.database.db.execute(
        // One of the demo's in selection, open again past its deadline (the clock has not moved it yet).
        sql`update recruitments set status = '募集中', application_ends_at = now() - interval '1 hour'
          where id = (select id from recruitments where status = '選考中' order by id limit 1)
          returning id, title`,
      ),
    );
    expect(open).toBeDefined();
    await signInAs('staff@example.com');
    window.history.pushState(null, '', '/admin-recruitment-list?moved-meanwhile');
    render(<App />);
    const row = (await screen.findByRole('link', { name: open!.title })).closest('tr')!;
    // Another staff member ends it while this list is open.
    await shell.t.database.db.execute(sql`update recruitments set status = '終了' where id = ${open!.id}`);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(within(row).getByRole('button', { name: '締め切る' }));
    expect(await screen.findByText('「終了」から「選考中」には変更できません。')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(screen.getByRole('link', { name: open!.title }).closest('tr')!).queryByRole('button', {
          name: '締め切る',
        }),
      ).toBeNull(),
    );
    expect(
      within(screen.getByRole('link', { name: open!.title }).closest('tr')!).getByText('終了'),
    ).toBeTruthy();
  });
});
