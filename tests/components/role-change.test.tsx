// @vitest-environment jsdom
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ROLE_MESSAGES } from '../../contracts/supporters.ts';
import { App } from '../../src/app/App.tsx';
import { injectedApp, signInAs } from '../support/shell.ts';

/**
 * Issue 24 "Role changes": on /admin-focustar-list an admin opens a user's detail, picks a role, confirms,
 * and hears the result in a toast; cancelling the confirmation sends nothing. Staff see the role, no form.
 * The real shell against the real API (inject).
 */
configure({ asyncUtilTimeout: 10_000 });

const shell = injectedApp();

async function openDetailAs(email: string, name: string) {
  await signInAs(email);
  window.history.pushState(null, '', '/admin-focustar-list');
  render(<App />);
  const table = await screen.findByRole('table', { name: 'フォーカスター一覧' });
  await userEvent.click(await within(table).findByRole('button', { name }));
  return screen.findByRole('heading', { name: new RegExp(`^${name}`) });
}

const roleOf = async (screenName: string) =>
  String(
    (
      (await shell.t.database.db.execute(
        sql`select r.name from users u join roles r on r.id = u.role_id where u.screen_name = ${screenName}`,
      )) as unknown as { rows: { name: string }[] }
    ).rows[0]!.name,
  );

describe('issue 24 role changes on /admin-focustar-list', () => {
  it('an admin confirms first, then the role changes and a toast says so; a cancelled confirmation sends nothing', async () => {
    await openDetailAs('admin@example.com', '田中 翔');
    const select = await screen.findByLabelText('新しい役割');
    await userEvent.selectOptions(select, 'staff');

    const refuse = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: '役割を変更する' }));
    expect(refuse).toHaveBeenCalledWith(ROLE_MESSAGES.confirm('田中 翔', 'staff'));
    expect(shell.net.calls.filter((c) => c.startsWith('PUT /api/users/'))).toEqual([]);

    refuse.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: '役割を変更する' }));
    expect(await screen.findByText(ROLE_MESSAGES.changed('staff'))).toBeTruthy();
    await waitFor(async () => expect(await roleOf('demo-fan2')).toBe('staff'));
    expect(screen.getByText(/現在の役割：/).textContent).toContain('運営スタッフ');
    // Put back for the other test.
    await shell.t.database.db.execute(sql`update users set role_id = 3 where screen_name = 'demo-fan2'`);
  });

  it('staff see the role in the detail but no form to change it', async () => {
    await openDetailAs('staff@example.com', '伊藤 さくら');
    expect(screen.getByText('役割')).toBeTruthy();
    expect(screen.queryByLabelText('新しい役割')).toBeNull();
    expect(screen.queryByRole('button', { name: '役割を変更する' })).toBeNull();
  });
});
