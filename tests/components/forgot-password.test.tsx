// @vitest-environment jsdom
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { ACCOUNT_MESSAGES } from '../../contracts/accounts.ts';
import { App } from '../../src/app/App.tsx';
import { authActor } from '../../src/platform/session/actors.ts';
import type { TestApp } from '../support/app.ts';
import { TestClient } from '../support/app.ts';
import { createInjectFetch } from '../support/inject-fetch.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { APP_URL, createAccountsApp } from '../server/helpers.ts';

/**
 * `/forgot-password` (seed spec section 2), second step: the page opened from the mail's link asks for
 * the new password and posts it to POST /api/password/reset. The shell renders with the real actors and
 * the real request layer; `fetch` is the real Fastify app through `inject` (no mocked answers), with a
 * cookie jar like a browser's, so the XSRF round trip and the 422 envelope are the server's own.
 */
configure({ asyncUtilTimeout: 8000 });

function go(path: string) {
  window.history.pushState(null, '', path);
}

/** The messages listed under an input (Field's aria-describedby), as the user sees them next to it. */
function messagesNextTo(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Asks the real server for a reset mail and returns the link's path and query. */
async function resetLinkFor(t: TestApp, mail: MailCatcher, email: string): Promise<string> {
  const since = mail.to(email).length;
  const client = new TestClient(t.app);
  const res = await client.post('/api/password/email', { email }, {});
  expect(res.statusCode).toBe(200);
  const message = await mail.waitFor(email, { since });
  const link = new RegExp(`${APP_URL}/forgot-password\\?[^\\s"<>]+`).exec(message.text)?.[0];
  expect(link, message.text).toBeTruthy();
  return link!.slice(APP_URL.length).replace(/&amp;/g, '&');
}

let t: TestApp;
let mail: MailCatcher;
let calls: string[] = [];

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await createAccountsApp('pglite', { SMTP_URL: mail.smtpUrl });
  const net = createInjectFetch(t.app);
  calls = net.calls;
  vi.stubGlobal('fetch', net.fetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await t?.close();
  await mail?.stop();
});
beforeEach(() => {
  calls.length = 0;
});
afterEach(async () => {
  cleanup();
  if (authActor.getSnapshot().context.login) {
    act(() => authActor.send({ type: 'auth.logout' }));
    await waitFor(() => expect(authActor.getSnapshot().context.login).toBe(false));
  }
  localStorage.clear();
});

describe('/forgot-password with the link from the mail (seed spec section 2: password reset)', () => {
  it('with token and email in the query the page asks for the new password twice, not for the address (seed spec section 2)', async () => {
    go('/forgot-password?token=abc&email=supporter%40example.com');
    render(<App />);
    const password = await screen.findByLabelText('新しいパスワード');
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByLabelText('新しいパスワード（確認用）')).toBeTruthy();
    const email = screen.getByLabelText('メールアドレス') as HTMLInputElement;
    expect(email.value).toBe('supporter@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'パスワードを再設定する' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '再設定メールを送る' })).toBeNull();
    await waitFor(() => expect(document.title).toBe('パスワードの再設定 | Focustar'));
  });

  it('without both query values it is the first step, the address form (seed spec section 2)', async () => {
    go('/forgot-password?token=abc');
    render(<App />);
    expect(await screen.findByRole('button', { name: '再設定メールを送る' })).toBeTruthy();
    expect(screen.queryByLabelText('新しいパスワード')).toBeNull();
  });

  it('the length rule (8..128) and the confirmation are checked next to the fields before any call (seed spec section 5)', async () => {
    go('/forgot-password?token=abc&email=supporter%40example.com');
    render(<App />);
    const user = userEvent.setup();
    const password = await screen.findByLabelText('新しいパスワード');
    const confirm = screen.getByLabelText('新しいパスワード（確認用）');
    await user.type(password, 'short');
    await user.type(confirm, 'short');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    await waitFor(() =>
      expect(messagesNextTo(password)).toMatch('パスワードは8文字以上で入力してください。'),
    );
    expect(password.getAttribute('aria-invalid')).toBe('true');

    await user.clear(password);
    await user.click(password);
    await user.paste('x'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    await waitFor(() =>
      expect(messagesNextTo(password)).toMatch('パスワードは128文字以内で入力してください。'),
    );

    await user.clear(password);
    await user.type(password, 'Kirin-no-hoshi-77');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    await waitFor(() => expect(messagesNextTo(confirm)).toMatch('確認用のパスワードが一致しません'));
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(messagesNextTo(password)).not.toMatch('文字以上で入力');
    expect(calls.filter((c) => c === 'POST /api/password/reset')).toEqual([]);
  });

  it('a password the server refuses (422 on password) is shown next to the password field (seed spec section 5)', async () => {
    go('/forgot-password?token=abc&email=supporter%40example.com');
    render(<App />);
    const user = userEvent.setup();
    const password = await screen.findByLabelText('新しいパスワード');
    await user.type(password, 'password123');
    await user.type(screen.getByLabelText('新しいパスワード（確認用）'), 'password123');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    await waitFor(() => expect(messagesNextTo(password)).toMatch(ACCOUNT_MESSAGES.commonPassword));
    expect(calls).toContain('POST /api/password/reset');
  });

  it('an expired or used link (422 on token) says so and sends a new link to the same address (seed spec sections 2 and 5)', async () => {
    go('/forgot-password?token=not-a-real-token&email=supporter%40example.com');
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('新しいパスワード'), 'Kirin-no-hoshi-77');
    await user.type(screen.getByLabelText('新しいパスワード（確認用）'), 'Kirin-no-hoshi-77');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    const alert = await waitFor(() => {
      const el = document.getElementById('reset-token-error');
      expect(el?.textContent).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);
      return el!;
    });
    expect(alert.getAttribute('role')).toBe('alert');
    // The password form is gone: no new password can make the old link work.
    expect(screen.queryByLabelText('新しいパスワード')).toBeNull();

    const since = mail.to('supporter@example.com').length;
    await user.click(screen.getByRole('button', { name: '新しいリンクをメールで受け取る' }));
    expect(await screen.findByText(/リンクの有効期限は60分です/)).toBeTruthy();
    expect(calls).toContain('POST /api/password/email');
    const sent = await mail.waitFor('supporter@example.com', { since });
    expect(sent.text).toMatch(/\/forgot-password\?token=/);
  });

  it('the link from the mail sets the new password; the page leads to /login and the new password logs in (seed spec section 2)', async () => {
    const email = 'fan1@example.com';
    go(await resetLinkFor(t, mail, email));
    render(<App />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('新しいパスワード'), 'Kirin-no-hoshi-77');
    await user.type(screen.getByLabelText('新しいパスワード（確認用）'), 'Kirin-no-hoshi-77');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'パスワードを再設定しました' })).toBeTruthy();
    expect(screen.getAllByText(ACCOUNT_MESSAGES.passwordReset).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'ログイン画面へ' }).getAttribute('href')).toBe('/login');

    const client = new TestClient(t.app);
    expect((await client.post('/api/login', { email, password: DEMO_PASSWORD })).statusCode).toBe(422);
    expect((await client.post('/api/login', { email, password: 'Kirin-no-hoshi-77' })).statusCode).toBe(200);

    // The link is single use: opening it again and submitting answers the expired-link message.
    cleanup();
    render(<App />);
    await user.type(await screen.findByLabelText('新しいパスワード'), 'Kirin-no-hoshi-78');
    await user.type(screen.getByLabelText('新しいパスワード（確認用）'), 'Kirin-no-hoshi-78');
    await user.click(screen.getByRole('button', { name: 'パスワードを再設定する' }));
    await waitFor(() =>
      expect(document.getElementById('reset-token-error')?.textContent).toBe(
        ACCOUNT_MESSAGES.resetLinkInvalid,
      ),
    );
  });
});
