import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/platform/db/client.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createdShrinkerSchema,
  shrinkerDetailSchema,
  shrinkerListSchema,
  SHRINKER_MESSAGES,
} from '../../contracts/shortener.ts';
import { isOwnShortLink, lastTokyoDays } from '../../server/features/shortener/service.ts';
import { createShortLink } from '../../server/platform/short-links.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { APP_URL, createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 16 "Staff tools" (`/admin-url-shrinker`): `POST /api/shrinkers` {url} -> {id, code, short_url};
 * the list with total clicks; `GET /api/shrinkers/{id}` with clicks per Japan day for 30 days; the same
 * counting rules as unit links (no HEAD, no bots or previewers, one per IP + UA an hour); only http(s);
 * no link to this site's own `/s/`; a switched-off link leads to 「掲載は終了しました」 (ADR 0091).
 */
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

describe('shortener rules (issue 16)', () => {
  it('the chart has 30 Japan days ending today in Japan (15:30 UTC is already the next day in Tokyo)', () => {
    const days = lastTokyoDays(new Date('2026-11-22T15:30:00Z'), 30);
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2026-11-23');
    expect(days[0]).toBe('2026-10-25');
    expect(new Set(days).size).toBe(30);
  });
  it('a link to this site’s own /s/ is a loop; other paths and other hosts are not', () => {
    expect(isOwnShortLink('http://localhost:3000/s/AbCdEfGhIj', APP_URL)).toBe(true);
    expect(isOwnShortLink('https://LOCALHOST./S/abc', APP_URL)).toBe(true);
    expect(isOwnShortLink('http://localhost:3000//s/abc', APP_URL)).toBe(true);
    expect(isOwnShortLink('http://localhost:3000/shops', APP_URL)).toBe(false);
    expect(isOwnShortLink('https://example.com/s/abc', APP_URL)).toBe(false);
  });
});

for (const kind of DB_KINDS) {
  describe(`URL shortener (issue 16 "Staff tools") [${kind}]`, () => {
    let t: TestApp;
    let staff: TestClient;
    const visit = (code: string, method: 'GET' | 'HEAD' = 'GET', ua = BROWSER, ip = '203.0.113.10') =>
      t.app.inject({ method, url: `/s/${code}`, headers: { 'user-agent': ua }, remoteAddress: ip });
    const shorten = (url: unknown) => staff.post('/api/shrinkers', { url });

    beforeAll(async () => {
      t = await createAccountsApp(kind);
      staff = await loginAs(t, 'staff@example.com');
    });
    afterEach(() => {
      vi.useRealTimers();
    });
    afterAll(() => t.close());

    it('staff shorten a URL: {id, code, short_url}; /s/{code} redirects and counts like a unit link', async () => {
      const res = await shorten('https://example.com/campaign?utm_source=focustar');
      expect(res.statusCode, res.body).toBe(201);
      const created = createdShrinkerSchema.strict().parse(res.json());
      expect(created.code).toMatch(/^[A-Za-z0-9]{10}$/);
      expect(created.short_url).toBe(`${APP_URL}/s/${created.code}`);

      const first = await visit(created.code);
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('https://example.com/campaign?utm_source=focustar');
      await visit(created.code); // the same person within the hour
      await visit(created.code, 'HEAD', BROWSER, '198.51.100.20');
      await visit(created.code, 'GET', 'Twitterbot/1.0', '198.51.100.21');
      await visit(created.code, 'GET', 'facebookexternalhit/1.1;line-poker/1.0', '198.51.100.22');
      await visit(created.code, 'GET', BROWSER, '198.51.100.23'); // another person

      const detail = shrinkerDetailSchema
        .strict()
        .parse((await staff.get(`/api/shrinkers/${created.id}`)).json());
      expect(detail).toMatchObject({
        id: created.id,
        code: created.code,
        short_url: created.short_url,
        url: 'https://example.com/campaign?utm_source=focustar',
        clicks: 2,
        active: true,
      });
      expect(detail.clicks_per_day).toHaveLength(30);
      expect(detail.clicks_per_day.at(-1)).toEqual({
        day: lastTokyoDays(new Date(), 1)[0],
        clicks: 2,
      });
      expect(detail.clicks_per_day.slice(0, 29).every((d) => d.clicks === 0)).toBe(true);

      const list = shrinkerListSchema.strict().parse((await staff.get('/api/shrinkers')).json());
      expect(list.items.find((i) => i.id === created.id)).toMatchObject({ clicks: 2, active: true });
    });

    it('clicks per day: the days are Japan days, older than 30 days are left out', async () => {
      const { id } = createdShrinkerSchema.parse((await shorten('https://example.com/days')).json());
      await t.database.db.execute(sql`
        insert into short_link_clicks (link_id, day, clicks) values
          (${id}, '2026-11-01', 3), (${id}, '2026-10-24', 7), (${id}, '2026-11-23', 1)`);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-22T16:00:00Z')); // 01:00 on the 23rd in Tokyo
      const detail = shrinkerDetailSchema.parse((await staff.get(`/api/shrinkers/${id}`)).json());
      vi.useRealTimers();
      expect(detail.clicks).toBe(11); // the total counts every day
      const byDay = Object.fromEntries(detail.clicks_per_day.map((d) => [d.day, d.clicks]));
      expect(detail.clicks_per_day[0]!.day).toBe('2026-10-25');
      expect(byDay['2026-11-01']).toBe(3);
      expect(byDay['2026-11-23']).toBe(1);
      expect(byDay['2026-10-24']).toBeUndefined();
    });

    it('only http(s) web addresses; no loop to /s/ of this site; Japanese messages per field, nothing stored', async () => {
      const before = await t.database.db.execute(sql`select count(*)::int as n from short_links`);
      const cases: [unknown, string][] = [
        ['', SHRINKER_MESSAGES.url],
        ['javascript:alert(1)', SHRINKER_MESSAGES.urlFormat],
        ['ftp://example.com/file', SHRINKER_MESSAGES.urlFormat],
        ['data:text/html,hi', SHRINKER_MESSAGES.urlFormat],
        ['example.com', SHRINKER_MESSAGES.urlFormat],
        ['/s/AbCdEfGhIj', SHRINKER_MESSAGES.urlFormat],
        ['https://user:pass@example.com/', SHRINKER_MESSAGES.urlCredentials],
        [`https://example.com/${'a'.repeat(2100)}`, SHRINKER_MESSAGES.urlLong],
        [`${APP_URL}/s/AbCdEfGhIj`, SHRINKER_MESSAGES.urlLoop],
        [123, SHRINKER_MESSAGES.url],
      ];
      for (const [url, message] of cases) {
        const res = await shorten(url);
        expect(res.statusCode, String(url)).toBe(422);
        expect(res.json().errors, String(url)).toEqual({ url: [message] });
      }
      const after = await t.database.db.execute(sql`select count(*)::int as n from short_links`);
      expect(rowsOf(after)).toEqual(rowsOf(before));
      // A page of this site other than /s/ may be shortened.
      expect((await shorten(`${APP_URL}/shops`)).statusCode).toBe(201);
    });

    it('a switched-off link leads to 「掲載は終了しました」 (/period) and counts nothing; on again, it redirects', async () => {
      const { id, code } = createdShrinkerSchema.parse((await shorten('https://example.com/off')).json());
      const off = await staff.put(`/api/shrinkers/${id}`, { active: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ message: SHRINKER_MESSAGES.disabled, item: { active: false } });
      const res = await visit(code, 'GET', BROWSER, '192.0.2.40');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/period');
      expect(shrinkerDetailSchema.parse((await staff.get(`/api/shrinkers/${id}`)).json())).toMatchObject({
        clicks: 0,
        active: false,
      });
      const on = await staff.put(`/api/shrinkers/${id}`, { active: true });
      expect(on.json()).toMatchObject({
        message: SHRINKER_MESSAGES.enabled,
        item: { active: true, disabled_at: null },
      });
      expect((await visit(code, 'GET', BROWSER, '192.0.2.41')).headers.location).toBe(
        'https://example.com/off',
      );
    });

    it('a unit’s tracking link is not a shortener link: not listed, not readable, not switchable', async () => {
      const unit = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/unit',
        purpose: 'unit',
      });
      const list = shrinkerListSchema.parse((await staff.get('/api/shrinkers')).json());
      expect(list.items.map((i) => i.id)).not.toContain(unit.id);
      expect((await staff.get(`/api/shrinkers/${unit.id}`)).statusCode).toBe(404);
      expect((await staff.put(`/api/shrinkers/${unit.id}`, { active: false })).statusCode).toBe(404);
      expect((await visit(unit.code)).headers.location).toBe('https://example.com/unit');
    });

    it('the list is newest first, 50 a page, with a keyset cursor', async () => {
      for (let i = 0; i < 52; i += 1) await shorten(`https://example.com/page/${i}`);
      const first = shrinkerListSchema.parse((await staff.get('/api/shrinkers')).json());
      expect(first.items).toHaveLength(50);
      expect(first.items[0]!.url).toBe('https://example.com/page/51');
      expect(first.next_cursor).not.toBeNull();
      const second = shrinkerListSchema.parse(
        (await staff.get(`/api/shrinkers?cursor=${first.next_cursor}`)).json(),
      );
      const ids = [...first.items, ...second.items].map((i) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('supporters and guests cannot shorten (staff only)', async () => {
      const fan = await loginAs(t, 'fan1@example.com');
      expect((await fan.post('/api/shrinkers', { url: 'https://example.com/' })).statusCode).toBe(403);
      expect((await new TestClient(t.app).get('/api/shrinkers')).statusCode).toBe(401);
    });
  });
}
