// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/api/contracts/auth.ts';
import { ID_MESSAGE } from '../../src/api/contracts/common.ts';
import { OAUTH_ERROR_MESSAGES } from '../../src/api/errors.ts';
import { App } from '../../src/App.tsx';
import { authActor, sideMenuActor } from '../../src/app/actors.ts';
import { makeUser } from '../machines/fixtures.ts';

/**
 * The shell with the real actors (src/app/actors.ts) and the real route table, in jsdom. The network is
 * a recorder that answers 404 to everything, so the tests can see which calls were (not) made.
 */
// Lazy screens are transformed on first import in a cold test run; give them time.
configure({ asyncUtilTimeout: 5000 });

const calls: string[] = [];
const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  calls.push(new URL(url, 'http://localhost').pathname);
  return new Response(JSON.stringify({ message: 'お探しのページまたはデータは見つかりませんでした。' }), {
    status: 404,
    headers: { 'Content-Type': 'application/json' },
  });
});

const user = (priority: number): User =>
  makeUser({ role: { id: priority, name: priority <= 5 ? 'staff' : 'focustar', priority } });

function go(path: string) {
  window.history.pushState(null, '', path);
}
const signIn = (priority = 10) => act(() => authActor.send({ type: 'auth.login', user: user(priority) }));

beforeAll(() => {
  vi.stubGlobal('fetch', fetchSpy);
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  calls.length = 0;
});
afterEach(async () => {
  cleanup();
  // Back to a guest without a server: the actor clears its state even when the logout call fails.
  if (authActor.getSnapshot().context.login) {
    authActor.send({ type: 'auth.logout' });
    await waitFor(() => expect(authActor.getSnapshot().context.login).toBe(false));
  }
  sideMenuActor.send({ type: 'menu.close' });
  localStorage.clear();
});

describe('guards (seed spec sections 2 and 6)', () => {
  it('a guest opening a signed-in route goes to /login and the login page remembers the way back (seed spec section 6)', async () => {
    go('/account-info');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/account-info');
    expect(document.title).toBe('ログイン | Focustar');
  });

  it('after logging in the user comes back to the route they asked for (seed spec section 6)', async () => {
    go('/login?redirect=%2Faccount-info');
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'ログイン' });
    signIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'アカウント情報' })).toBeTruthy();
    expect(window.location.pathname).toBe('/account-info');
  });

  it('/login and the sign-up pages send a signed-in user to / (seed spec section 2)', async () => {
    for (const path of ['/login', '/register', '/email-sign-up', '/line']) {
      signIn();
      go(path);
      const { unmount } = render(<App />);
      await waitFor(() => expect(window.location.pathname).toBe('/'));
      unmount();
    }
  });

  it('a redirect target off this site is ignored after login (open redirect)', async () => {
    signIn();
    go('/login?redirect=%2F%2Fevil.example.com');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.location.host).toBe('localhost:3000');
  });

  it('staff routes need role priority <= 5 (seed spec section 6)', async () => {
    signIn(10);
    go('/admin-menu');
    const { unmount } = render(<App />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'このページを表示する権限がありません' }),
    ).toBeTruthy();
    unmount();
    signIn(5);
    go('/admin-menu');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: '管理メニュー' })).toBeTruthy();
  });
});

describe('the id rule on routes (seed spec section 5)', () => {
  it('/recruitments/abc shows the id message and makes no call to /api/recruitments', async () => {
    go('/recruitments/abc');
    render(<App />);
    expect((await screen.findAllByText(ID_MESSAGE)).length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((p) => p.startsWith('/api/recruitments'))).toEqual([]);
  });

  it('zero, negative, fractional and too-large ids are refused too; a valid id reaches the screen and its call', async () => {
    signIn();
    for (const bad of ['0', '-1', '1.5', '99999999999999999999']) {
      go(`/entries/${bad}`);
      const { unmount } = render(<App />);
      expect((await screen.findAllByText(ID_MESSAGE)).length).toBeGreaterThan(0);
      unmount();
    }
    expect(calls.filter((p) => p.startsWith('/api/entries'))).toEqual([]);
    go('/entries/12');
    render(<App />);
    // The endpoint answers 404 here, so the entry is not found; the call was made with the id.
    expect(await screen.findByRole('heading', { level: 1, name: '応募が見つかりません' })).toBeTruthy();
    expect(calls).toContain('/api/entries/12');
  });
});

describe('routes, titles and query parameters (seed spec section 2)', () => {
  it('/error says the page had an error and cannot be shown (seed spec sections 2 and 8)', async () => {
    go('/error');
    render(<App />);
    expect(await screen.findByText(/エラーが発生したため、表示できません/)).toBeTruthy();
    expect(document.title).toBe('エラーが発生しました | Focustar');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(
      /表示できません/,
    );
  });

  it('an unknown screen_name shows the not-found view (seed spec section 2)', async () => {
    go('/no-such-person');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'ユーザーが見つかりません' })).toBeTruthy();
    expect(calls).toContain('/api/profiles/no-such-person');
  });

  it('/beginner?type=shop and ?type=focustar show the guide for each (seed spec section 2)', async () => {
    signIn();
    go('/beginner?type=shop');
    const { unmount } = render(<App />);
    expect(await screen.findByRole('heading', { level: 2, name: 'お店のみなさんへ' })).toBeTruthy();
    unmount();
    go('/beginner?type=focustar');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 2, name: 'フォーカスターのみなさんへ' })).toBeTruthy();
  });

  it('/favorites?type=follow lists the followed shops in supporter mode (seed spec section 2)', async () => {
    signIn();
    go('/favorites?type=follow');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'お気に入りのお店' })).toBeTruthy();
  });
});

describe('the side menu in the shell (seed spec sections 2 and 4)', () => {
  it('opens from the header, and closes 100 ms after a navigation (the side-menu actor)', async () => {
    go('/');
    render(<App />);
    const toggle = await screen.findByRole('button', { name: 'メニューを開く' });
    await userEvent.click(toggle);
    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' });
    await userEvent.click(nav.querySelector('a[href="/faq-focustar"]')!);
    expect(window.location.pathname).toBe('/faq-focustar');
    // Still open at once (the tap is seen), closed after the 100 ms delay.
    expect(sideMenuActor.getSnapshot().value).toBe('closing');
    await waitFor(() => expect(sideMenuActor.getSnapshot().value).toBe('closed'), { timeout: 1000 });
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull();
  });

  it('signed in, the menu shows the supporter appearance and the mode switch goes to advertiser mode at / (seed spec section 2)', async () => {
    signIn();
    go('/faq-focustar');
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'メニューを開く' }));
    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(nav.querySelector('a[href="/advertisements"]')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '広告主モードに切り替える' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(authActor.getSnapshot().context.role).toBe('shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'ショップを選択' })).toBeTruthy();
  });
});

describe('e-mail verification link (seed spec section 4: login follows email_verified)', () => {
  it('the top page says the address is verified and drops the query', async () => {
    go('/?email_verification=ok');
    render(<App />);
    expect(await screen.findByText(/メールアドレスの確認が完了しました/)).toBeTruthy();
    await waitFor(() => expect(window.location.search).toBe(''));
  });
});

describe('social login callback (seed spec sections 2 and 8)', () => {
  it('/oauth/{provider}?error=<type> says what went wrong, in Japanese (seed spec section 8)', async () => {
    go('/oauth/line?error=notFound');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'ログインできませんでした' })).toBeTruthy();
    expect(screen.getByText(OAUTH_ERROR_MESSAGES.notFound)).toBeTruthy();
    expect(calls.filter((p) => p.startsWith('/api/oauth'))).toEqual([]);
  });

  it('/oauth/{provider}?code=… exchanges the code with POST /api/oauth/{provider}/login', async () => {
    go('/oauth/line?code=abcdefghijklmnopqrstuvwxyz');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'ログインできませんでした' })).toBeTruthy();
    expect(calls).toContain('/api/oauth/line/login');
  });
});

describe('page theme and footer (seed spec section 3: UI state)', () => {
  it('the footer follows the screen (no shift when it arrives) and is hidden where the page says so', async () => {
    go('/price');
    const { unmount } = render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'ご利用料金' });
    await waitFor(() => expect(screen.getByRole('contentinfo')).toBeTruthy());
    expect(document.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('default');
    unmount();
    go('/login');
    const login = render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'ログイン' });
    expect(document.querySelector('[data-theme]')?.getAttribute('data-theme')).toBe('legacy');
    login.unmount();
    signIn(5);
    go('/admin-menu');
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: '管理メニュー' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('Escape closes the open menu even while focus is still on the menu button (issue 4)', async () => {
    go('/');
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'メニューを開く' }));
    await screen.findByRole('navigation', { name: 'メインメニュー' });
    screen.getByRole('button', { name: 'メニューを閉じる', expanded: true }).focus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).toBeNull());
  });
});
