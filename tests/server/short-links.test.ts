import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/platform/db/client.ts';
import {
  CODE_LENGTH,
  clickTotals,
  createShortLink,
  isCrawler,
  newCode,
  recordClick,
} from '../../server/platform/short-links.ts';
import { deriveKey } from '../../server/platform/keys.ts';
import type { TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp } from './helpers.ts';

/**
 * Issue 13 "Tracking links" and "sent at most once": `/s/{code}` redirects (302) and counts a person once
 * an hour; HEAD, bots and link previewers (X, LINE, Facebook, Slack, Discord) never; the visitor is stored
 * only as a keyed hash. The mail outbox sends a key once and lets a failed send be retried.
 */
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const PREVIEWERS = [
  'Twitterbot/1.0',
  'facebookexternalhit/1.1;line-poker/1.0',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
  '',
];

describe('short-link codes and crawlers (issue 13)', () => {
  it('codes are 10 base62 characters from a CSPRNG, and differ', () => {
    const codes = new Set(Array.from({ length: 2000 }, () => newCode()));
    expect(codes.size).toBe(2000);
    for (const c of codes) expect(c).toMatch(new RegExp(`^[A-Za-z0-9]{${CODE_LENGTH}}$`));
  });
  it('previewers of X, LINE, Facebook, Slack, Discord and bots are crawlers; browsers (LINE in-app too) are not', () => {
    for (const ua of PREVIEWERS) expect(isCrawler(ua), ua).toBe(true);
    expect(isCrawler(BROWSER)).toBe(false);
    expect(isCrawler(`${BROWSER} Line/13.20.0`)).toBe(false);
  });
});

for (const kind of DB_KINDS) {
  describe(`tracking links and the mail outbox [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    it(`/s/{code} redirects 302 and counts a browser once an hour, a HEAD or a crawler never [${kind}]`, async () => {
      const link = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/landing',
        purpose: 'unit',
      });
      const visit = (method: 'GET' | 'HEAD', ua: string, ip = '203.0.113.7') =>
        t.app.inject({ method, url: `/s/${link.code}`, headers: { 'user-agent': ua }, remoteAddress: ip });
      const first = await visit('GET', BROWSER);
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('https://example.com/landing');
      await visit('GET', BROWSER);
      await visit('HEAD', BROWSER, '198.51.100.1');
      for (const ua of PREVIEWERS) expect((await visit('GET', ua, '198.51.100.2')).statusCode).toBe(302);
      expect((await clickTotals(t.database.db, [link.id])).get(link.id)).toBe(1);
      await visit('GET', BROWSER, '198.51.100.3');
      expect((await clickTotals(t.database.db, [link.id])).get(link.id)).toBe(2);
      // An hour later the same visitor counts again.
      const key = deriveKey(t.env.APP_SECRET, 'short-link-visitor');
      const later = new Date(Date.now() + 61 * 60_000);
      expect(
        await recordClick(
          t.database.db,
          link.id,
          { method: 'GET', ip: '203.0.113.7', userAgent: BROWSER, at: later },
          key,
        ),
      ).toBe(true);
      expect(
        await recordClick(
          t.database.db,
          link.id,
          { method: 'GET', ip: '203.0.113.7', userAgent: BROWSER, at: later },
          key,
        ),
      ).toBe(false);
      // Never the raw IP.
      const stored = JSON.stringify(
        rowsOf(await t.database.db.execute(sql`select * from short_link_visitors`)),
      );
      expect(stored).not.toContain('203.0.113.7');
    });

    it(`unknown or malformed codes answer a 404 page, never a 5xx [${kind}]`, async () => {
      for (const code of ['AAAAAAAAAA', 'x', '%00', '..%2F..', 'a'.repeat(150)]) {
        const res = await t.app.inject({ method: 'GET', url: `/s/${code}` });
        expect(res.statusCode, code).toBeLessThan(500);
      }
      const res = await t.app.inject({ method: 'GET', url: '/s/AAAAAAAAAA' });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('リンクが見つかりません');
    });
  });
}
