// @vitest-environment jsdom
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App.tsx';
import { injectedApp, signInAs } from '../support/shell.ts';

/**
 * Issue 26 "Preferences": 通知設定 on /account-info — each group's channels as the server states them (in-app
 * fixed on, LINE unavailable until linked), a change saved with a toast and kept by the server, quiet hours,
 * and the push devices card (a browser without push says so). The real shell against the real API (inject).
 */
configure({ asyncUtilTimeout: 10_000 });

const shell = injectedApp();

async function openAs(email: string) {
  await signInAs(email);
  window.history.pushState(null, '', '/account-info');
  render(<App />);
  return screen.findByRole('heading', { name: '通知設定' }, { timeout: 45_000 });
}

const settingsCard = () =>
  screen.getByRole('heading', { name: '通知設定' }).closest('section') as HTMLElement;

const stored = async (email: string) =>
  (
    (await shell.t.database.db.execute(sql`
      select ns.channels, ns.quiet_hours from notification_settings ns join users u on u.id = ns.user_id
       where u.email = ${email}`)) as unknown as { rows: { channels: unknown; quiet_hours: boolean }[] }
  ).rows[0];

describe('issue 26 通知設定 on /account-info', () => {
  it('shows each group with its channels, saves a change with a toast, and the server keeps it', async () => {
    await shell.t.database.db.execute(sql`
      delete from social_accounts where provider = 'line'
         and user_id = (select id from users where email = 'supporter@example.com')`);
    await openAs('supporter@example.com');
    const offers = await screen.findByRole('group', { name: '拡散依頼のオファー' });
    const inApp = within(offers).getByRole('checkbox', { name: /お知らせ欄/ }) as HTMLInputElement;
    expect(inApp.checked).toBe(true);
    expect(inApp.disabled).toBe(true);
    expect(within(offers).getByRole('checkbox', { name: /LINE/ }).hasAttribute('disabled')).toBe(true);
    expect(within(offers).getAllByText(/未設定/)).toHaveLength(2);
    // Without LINE or push, offers come by mail (section 8).
    const mail = within(offers).getByRole('checkbox', { name: /メール/ }) as HTMLInputElement;
    expect(mail.checked).toBe(true);
    expect(screen.getByText('LINEでログインを連携すると、LINEでも受け取れます。')).toBeTruthy();

    await userEvent.click(mail);
    const quiet = screen.getByRole('checkbox', { name: /夜間（22:00〜8:00）/ }) as HTMLInputElement;
    expect(quiet.checked).toBe(true);
    await userEvent.click(quiet);
    await userEvent.click(within(settingsCard()).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('通知設定を保存しました。')).toBeTruthy();
    expect(shell.net.calls).toContain('PUT /api/notification-settings');
    const row = await stored('supporter@example.com');
    expect(row?.channels).toMatchObject({ offers: { mail: false } });
    expect(row?.quiet_hours).toBe(false);
    // The form shows what the server answered.
    const after = await screen.findByRole('group', { name: '拡散依頼のオファー' });
    expect((within(after).getByRole('checkbox', { name: /メール/ }) as HTMLInputElement).checked).toBe(false);
  }, 90_000);

  it('the push devices card lists none and says when the browser cannot receive push', async () => {
    await openAs('supporter@example.com');
    const card = (await screen.findByRole('heading', { name: 'プッシュ通知を受け取る端末' })).closest(
      'section',
    )!;
    expect(
      await within(card as HTMLElement).findByText('プッシュ通知を受け取る端末はありません。'),
    ).toBeTruthy();
    // jsdom has no service worker or PushManager.
    expect(
      within(card as HTMLElement).getByText('このブラウザはプッシュ通知に対応していません。'),
    ).toBeTruthy();
  });

  it('a shop member also chooses how posts to judge arrive (each or daily)', async () => {
    await openAs('owner@example.com');
    const group = await screen.findByRole('group', { name: '審査待ちの投稿の通知' });
    expect((within(group).getByRole('radio', { name: '1日1回まとめて' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(within(group).getByRole('radio', { name: '届くたびに' }));
    await userEvent.click(within(settingsCard()).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('通知設定を保存しました。')).toBeTruthy();
    await waitFor(async () => {
      const res = (await shell.t.database.db.execute(sql`
        select ns.posts_to_judge from notification_settings ns join users u on u.id = ns.user_id
         where u.email = 'owner@example.com'`)) as unknown as { rows: { posts_to_judge: string }[] };
      expect(res.rows[0]?.posts_to_judge).toBe('each');
    });
  });
});
