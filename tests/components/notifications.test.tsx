// @vitest-environment jsdom
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { App } from '../../src/app/App.tsx';
import { injectedApp, signInAs } from '../support/shell.ts';
import { userIdOf } from '../server/helpers.ts';

/**
 * Issue 26 "In-app" (ADR 0176): the bell in the header of a signed-in screen names the unread count
 * (「お知らせ（未読2件）」) and leads to /notifications, which lists the person's notifications newest first
 * with their dates in Japan time, marks the unread ones, and reads them all at once; the bell follows
 * without a reload. A person with none sees the empty state. The real shell against the real API (inject).
 */
configure({ asyncUtilTimeout: 10_000 });

const shell = injectedApp();

async function openAs(email: string, path: string) {
  await signInAs(email);
  window.history.pushState(null, '', path);
  render(<App />);
}

describe('the bell and /notifications (issue 26 "In-app")', () => {
  it('the bell names the unread count; /notifications lists them and reads them all; the bell follows', async () => {
    const userId = await userIdOf(shell.t, 'fan2@example.com');
    await shell.t.database.db.execute(sql`
      insert into notifications (user_id, kind, record_key, title, body, path, created_at) values
        (${userId}, 'post.approved', 'unit:component-1', '投稿が承認されました', '報酬500円は2026年12月3日（木）に確定します。', '/history', '2026-11-26T01:04:00Z'),
        (${userId}, 'offer.arrived', 'unit:component-2', 'デモカフェから拡散依頼が届きました', '報酬は300円です。', '/advertisements', '2026-11-26T10:30:00Z')`);
    await openAs('fan2@example.com', '/history');
    const bell = await screen.findByTestId('notification-bell', {}, { timeout: 45_000 });
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('お知らせ（未読2件）'));
    expect(screen.getByRole('link', { name: 'お知らせ（未読2件）' })).toBe(bell);
    expect(bell.getAttribute('href')).toBe('/notifications');

    await userEvent.click(bell);
    await waitFor(() => expect(window.location.pathname).toBe('/notifications'));
    // A text first (a role query over the whole shell on every retry is slow enough to starve the page).
    await screen.findByText('未読 2件', {}, { timeout: 45_000 });
    const list = screen.getByRole('list', { name: 'お知らせ' });
    const items = within(list).getAllByRole('link');
    // Newest first, each with its date in Japan time (10:30 UTC is 19:30 JST).
    expect(items[0]!.textContent).toContain('デモカフェから拡散依頼が届きました');
    expect(items[0]!.textContent).toContain('2026年11月26日（木） 19:30');
    expect(items[1]!.textContent).toContain('2026年11月26日（木） 10:04');
    expect(items.every((a) => a.textContent?.includes('未読'))).toBe(true);
    expect(items[1]!.getAttribute('href')).toBe('/history');

    await userEvent.click(screen.getByRole('button', { name: 'すべて既読にする' }));
    await screen.findByText('未読のお知らせはありません', {}, { timeout: 45_000 });
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('お知らせ');
    expect(
      within(list)
        .getAllByRole('link')
        .some((a) => a.textContent?.includes('未読')),
    ).toBe(false);
  }, 120_000);

  it('a person with no notifications sees the empty state, and a bell with nothing unread', async () => {
    await openAs('fan3@example.com', '/notifications');
    expect(
      await screen.findByRole('heading', { name: 'お知らせはまだありません。' }, { timeout: 45_000 }),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'お知らせ' }, { timeout: 45_000 })).toBeTruthy();
  }, 120_000);
});
