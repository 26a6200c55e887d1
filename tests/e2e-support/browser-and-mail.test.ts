import nodemailer, { type SendMailOptions } from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { findLink, parseMail } from '../../e2e/support/mime.ts';
import { BrowserNotFoundError, findBrowser } from '../../scripts/browser.ts';

describe('scripts/browser.ts finds the browser in the order of issue 6', () => {
  it('takes CHROMIUM_PATH first when it exists (issue 6)', () => {
    expect(findBrowser({ CHROMIUM_PATH: process.execPath })).toBe(process.execPath);
  });

  it('fails at once, saying how to get a browser, when CHROMIUM_PATH does not exist (issue 6)', () => {
    const call = () => findBrowser({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(call).toThrow(BrowserNotFoundError);
    expect(call).toThrow(/apt-get install chromium/);
    expect(call).toThrow(/npx playwright install chromium/);
  });

  it('for the browser tests, prefers the system headless shell, then the system Chromium; CHROMIUM_PATH wins (issue 28, ADR 0194)', () => {
    const only = (...paths: string[]) => ({ exists: (p: string) => paths.includes(p) });
    const shell = '/usr/bin/chromium-headless-shell';
    const full = '/usr/bin/chromium';
    expect(findBrowser({}, { headlessShell: true, ...only(shell, full) })).toBe(shell);
    expect(findBrowser({}, { headlessShell: true, ...only(full) })).toBe(full);
    // Lighthouse (the bench) asks for the full browser even where the shell is installed.
    expect(findBrowser({}, only(shell, full))).toBe(full);
    expect(
      findBrowser(
        { CHROMIUM_PATH: process.execPath },
        { headlessShell: true, ...only(shell, process.execPath) },
      ),
    ).toBe(process.execPath);
  });

  it('without CHROMIUM_PATH, answers a browser that exists (issue 6)', () => {
    try {
      const found = findBrowser({});
      expect(found.length).toBeGreaterThan(0);
    } catch (err) {
      // A machine with no browser at all must get the how-to message, not another error.
      expect(err).toBeInstanceOf(BrowserNotFoundError);
    }
  });
});

describe('e2e/support/mime.ts reads the mails nodemailer writes (seed spec section 1: Japanese users)', () => {
  const render = async (message: SendMailOptions) => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await transport.sendMail({ from: 'Focustar <no-reply@focustar.example>', ...message });
    return (info.message as Buffer).toString('utf8');
  };

  it('decodes a Japanese subject and text, and finds the link (seed spec section 1)', async () => {
    const url = 'http://127.0.0.1:3210/email/verify?token=abc_DEF-123&expires=1700000000';
    const raw = await render({
      to: 'Signup@Example.com',
      subject: '【Focustar】メールアドレスの確認をお願いします',
      text: `テスト 太郎 様\n\n下のリンクを開いて、登録を完了してください（60分有効）。\n${url}\n`,
    });
    const mail = parseMail(raw);
    expect(mail.subject).toBe('【Focustar】メールアドレスの確認をお願いします');
    expect(mail.to).toEqual(['signup@example.com']);
    expect(mail.text).toContain('登録を完了してください');
    expect(findLink(mail, '/email/verify')).toBe(url);
  });

  it('reads the text and html parts of a multipart mail (seed spec section 1)', async () => {
    const raw = await render({
      to: 'a@example.com',
      subject: 'パスワードの再設定',
      text: 'こちらから再設定してください: https://focustar.example/reset?token=x1',
      html: '<p>こちらから<a href="https://focustar.example/reset?token=x1&amp;email=a">再設定</a></p>',
    });
    const mail = parseMail(raw);
    expect(mail.text).toContain('こちらから再設定してください');
    expect(mail.html).toContain('再設定');
    expect(findLink(mail, '/reset')).toBe('https://focustar.example/reset?token=x1');
    expect(findLink(mail, '/nothing-like-this')).toBeNull();
  });
});
