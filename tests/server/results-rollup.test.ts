import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_STALE_MS,
  dashboardSchema,
  RESULTS_POSTS_SHOWN,
  resultsSchema,
} from '../../contracts/results.ts';
import { ResultsService, settled } from '../../server/features/results/service.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { deriveKey } from '../../server/platform/keys.ts';
import { countableVisit, createShortLink, recordVisits } from '../../server/platform/short-links.ts';
import type { TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 27's speed goal (ADR 0168): the per-shop roll-up `shop_click_sources` that a shop's results over a
 * period read, written by the click writer in the transaction of the per-link roll-up, agrees with the raw
 * clicks after batches written at the same time; and the operators' dashboard is read from the months kept
 * in `dashboard_months`.
 */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

for (const kind of DB_KINDS) {
  describe(`issue 27 speed goal: the per-shop click roll-up and the dashboard's months [${kind}]`, () => {
    let t: TestApp;
    const rows = async (q: SQL) => rowsOf(await t.database.db.execute(q));
    const one = async (q: SQL) => Number(Object.values((await rows(q))[0] ?? {})[0] ?? 0);

    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    /** A request of the shop over [from, to] with `n` accepted units, each with its tracking link. */
    async function requestWithLinks(shopId: number, from: string, to: string, n: number) {
      const [ad] = await rows(sql`
        insert into advertisements (shop_id, status, text, platforms, units, reward, starts_on, ends_on, approved_at, ended_at)
        values (${shopId}, '終了', '#PR 集計のテスト', '["x"]'::jsonb, ${n}, 200, ${from}, ${to},
                ${`${from}T00:00:00Z`}, ${`${to}T15:00:00Z`})
        returning id`);
      const supporters = (await rows(sql`select id from users where role_id = 3 order by id limit ${n}`)).map(
        (u) => Number(u.id),
      );
      const links: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const link = await createShortLink(t.database.db, { targetUrl: '/demo-cafe', purpose: 'unit' });
        links.push(link.id);
        await t.database.db.execute(sql`
          insert into units (advertisement_id, user_id, status, reward, platform, short_link_id, offered_at, expires_at,
            accepted_at, posted_at, judged_at, post_url)
          values (${Number(ad!.id)}, ${supporters[i]!}, 'approved', 200, 'x', ${link.id}, ${`${from}T00:00:00Z`},
            ${`${to}T14:59:59Z`}, ${`${from}T01:00:00Z`}, ${`${from}T02:00:00Z`}, ${`${from}T03:00:00Z`},
            ${`https://x.com/rollup${link.id}/status/${link.id}`})`);
      }
      return { adId: Number(ad!.id), links };
    }

    it('ADR 0168: after batches of clicks written at once, per shop, day, platform and device the roll-up equals the raw clicks', async () => {
      const cafe = await one(sql`select id from shops where screen_name = 'demo-cafe'`);
      const other = await one(sql`select id from shops where id <> ${cafe} order by id limit 1`);
      const a = await requestWithLinks(cafe, '2024-03-01', '2024-03-10', 3);
      const b = await requestWithLinks(other, '2024-03-01', '2024-03-10', 2);
      const shrinker = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/',
        purpose: 'shrinker',
      });
      const links = [...a.links, ...b.links, shrinker.id];
      const key = deriveKey(t.env.APP_SECRET, 'results-rollup-test');
      const referrers = [
        'https://t.co/a',
        undefined,
        'https://www.instagram.com/',
        'https://blog.example.jp/',
      ];
      // Eight batches over five days and every link (both shops in each batch, in shuffled order), each visit
      // from a network of its own (the one-hour rule counts a network and browser once), written at
      // the same time: on PostgreSQL, transactions that wait for each other's rows.
      const batches = Array.from({ length: 8 }, (_, b) =>
        Array.from({ length: 60 }, (_, i) => {
          const n = b * 60 + i;
          const at = new Date(
            Date.parse('2024-03-02T00:00:00+09:00') + (n % 5) * 86_400_000 + (n % 23) * 60_000,
          );
          return countableVisit(
            links[(n * 7 + b) % links.length]!,
            {
              method: 'GET',
              ip: `10.${b}.${i}.1`,
              userAgent: n % 3 ? IPHONE : PC,
              referrer: referrers[n % 4],
              at,
            },
            key,
          )!;
        }),
      );
      const counted = await Promise.all(batches.map((batch) => recordVisits(t.database.db, batch)));
      expect(counted.flat().filter(Boolean).length).toBe(480);

      // Per shop, day, platform and device: the per-shop roll-up equals the per-link one over the shop's links.
      const disagreeing = await rows(sql`
        with per_link as (
          select u.shop_id, c.day, c.platform, c.device, sum(c.clicks)::int as n
          from short_link_click_sources c join units u on u.short_link_id = c.link_id
          where u.shop_id in (${cafe}, ${other}) group by 1, 2, 3, 4),
        per_shop as (
          select shop_id, day, platform, device, clicks as n from shop_click_sources where shop_id in (${cafe}, ${other}))
        select * from per_link full join per_shop using (shop_id, day, platform, device)
        where per_link.n is distinct from per_shop.n`);
      expect(disagreeing).toEqual([]);
      // Per shop and day: the raw per-day clicks of the shop's links (what the redirect counted).
      for (const [shop, shopLinks] of [
        [cafe, a.links],
        [other, b.links],
      ] as const) {
        const raw = await rows(sql`
          select to_char(day, 'YYYY-MM-DD') as day, sum(clicks)::int as n from short_link_clicks
          where link_id in (${sql.join(
            shopLinks.map((l) => sql`${l}`),
            sql`, `,
          )}) group by 1 order by 1`);
        const rolled = await rows(sql`
          select to_char(day, 'YYYY-MM-DD') as day, sum(clicks)::int as n from shop_click_sources
          where shop_id = ${shop} and day between '2024-03-01' and '2024-03-31' group by 1 order by 1`);
        expect(rolled).toEqual(raw);
        expect(raw).toHaveLength(5);
      }
      // The shortener's link belongs to no shop: its clicks are in the per-link roll-up only.
      const shrinkerClicks = await one(
        sql`select coalesce(sum(clicks), 0)::int from short_link_clicks where link_id = ${shrinker.id}`,
      );
      expect(shrinkerClicks).toBeGreaterThan(0);
      const allShops = await one(sql`select coalesce(sum(clicks), 0)::int from shop_click_sources
                                     where day between '2024-03-01' and '2024-03-31'`);
      expect(allShops).toBe(480 - shrinkerClicks);

      // The shop's March as the screen reads it: every click of its posts on those days.
      const owner = await loginAs(t, 'owner@example.com');
      const res = await owner.get(`/api/results?shop_id=${cafe}&from=2024-03-01&to=2024-03-31`);
      expect(res.statusCode, res.body).toBe(200);
      const r = resultsSchema.parse(res.json());
      const cafeRaw = await one(
        sql`select sum(clicks)::int from short_link_clicks where link_id in (${sql.join(
          a.links.map((l) => sql`${l}`),
          sql`, `,
        )})`,
      );
      expect(r.total_clicks).toBe(cafeRaw);
      expect(r.posts.reduce((s, p) => s + p.clicks, 0)).toBe(cafeRaw);
      expect(r.funnel).toMatchObject({ offered: 3, approved: 3 });
    });

    it("ADR 0168: a post of a request that ended before the period still counts its clicks on the period's days", async () => {
      const cafe = await one(sql`select id from shops where screen_name = 'demo-cafe'`);
      const ended = await requestWithLinks(cafe, '2024-05-01', '2024-05-31', 1);
      const key = deriveKey(t.env.APP_SECRET, 'results-rollup-test');
      const visits = [0, 1, 2, 3].map((i) =>
        countableVisit(
          ended.links[0]!,
          {
            method: 'GET',
            ip: `10.99.${i}.1`,
            userAgent: IPHONE,
            referrer: 'https://t.co/z',
            at: new Date('2024-06-03T03:00:00Z'),
          },
          key,
        )!,
      );
      await recordVisits(t.database.db, visits);
      const owner = await loginAs(t, 'owner@example.com');
      const r = resultsSchema.parse(
        (await owner.get(`/api/results?shop_id=${cafe}&from=2024-06-01&to=2024-06-30`)).json(),
      );
      expect(r.requests.map((q) => q.id)).not.toContain(ended.adId);
      expect(r.series.find((d) => d.date === '2024-06-03')?.clicks).toBe(4);
      expect(r.total_clicks).toBe(4);
      // The request itself, over its own period: May only.
      const own = resultsSchema.parse(
        (await owner.get(`/api/results?shop_id=${cafe}&advertisement_id=${ended.adId}`)).json(),
      );
      expect(own.total_clicks).toBe(0);
    });

    it(`ADR 0168: the answer lists the ${RESULTS_POSTS_SHOWN} most clicked posts and how many there are; the CSV all of them`, async () => {
      const cafe = await one(sql`select id from shops where screen_name = 'demo-cafe'`);
      const links: number[] = [];
      for (let i = 0; i < 11; i += 1)
        links.push(...(await requestWithLinks(cafe, '2024-08-01', '2024-08-20', 5)).links);
      const key = deriveKey(t.env.APP_SECRET, 'results-rollup-test');
      const visits = links.flatMap((link, j) =>
        Array.from({ length: 1 + (j % 7) }, (_, v) =>
          countableVisit(
            link,
            {
              method: 'GET',
              ip: `10.${50 + j}.${v}.1`,
              userAgent: PC,
              referrer: undefined,
              at: new Date('2024-08-05T03:00:00Z'),
            },
            key,
          )!,
        ),
      );
      await recordVisits(t.database.db, visits);
      const owner = await loginAs(t, 'owner@example.com');
      const query = `shop_id=${cafe}&from=2024-08-01&to=2024-08-31`;
      const r = resultsSchema.parse((await owner.get(`/api/results?${query}`)).json());
      expect(r.posts_total).toBe(55);
      expect(r.funnel.approved).toBe(55);
      expect(r.posts).toHaveLength(RESULTS_POSTS_SHOWN);
      const clicks = r.posts.map((p) => p.clicks);
      expect(clicks).toEqual([...clicks].sort((a, b) => b - a));
      // The five left out are among the least clicked.
      expect(Math.min(...clicks)).toBeGreaterThanOrEqual(1);
      expect(r.total_clicks).toBe(visits.length);
      const csv = (await owner.get(`/api/results?${query}&format=csv`)).body;
      const section = csv.split('\r\n\r\n').find((s) => s.startsWith('投稿\r\n'))!;
      expect(section.split('\r\n').length - 2).toBe(55);
    });

    it('ADR 0186: a whole month lists the posts from the per-month roll-up in the order of their clicks that month (ties by posting time), then the posts without a click', async () => {
      const cafe = await one(sql`select id from shops where screen_name = 'demo-cafe'`);
      const { adId, links } = await requestWithLinks(cafe, '2023-04-01', '2023-04-30', 6);
      // Posting times that differ, so that the ties on clicks are broken by them (not by id).
      for (const [i, link] of links.entries())
        await t.database.db.execute(sql`update units set posted_at = ${`2023-04-0${7 - i}T02:00:00Z`}
                                        where short_link_id = ${link}`);
      // Clicks per link in April (2023: no other test of this file clicks in 2023, so the shop's days are this
      // test's alone): 3, 3, 1, 0, 0 and 0; the fifth link has clicks in May only, the sixth
      // in March (before its request): neither counts in April.
      const plan: [number, string, number][] = [
        [0, '2023-04-03', 2],
        [0, '2023-04-20', 1],
        [1, '2023-04-10', 3],
        [2, '2023-04-30', 1],
        [4, '2023-05-01', 4],
        [5, '2023-03-31', 2],
      ];
      const key = deriveKey(t.env.APP_SECRET, 'results-rollup-test');
      const visits = plan.flatMap(([i, dayJst, n], k) =>
        Array.from({ length: n }, (_, v) =>
          countableVisit(
            links[i]!,
            {
              method: 'GET',
              ip: `10.120.${k * 10 + v}.1`,
              userAgent: PC,
              referrer: undefined,
              at: new Date(`${dayJst}T12:00:00+09:00`),
            },
            key,
          )!,
        ),
      );
      expect((await recordVisits(t.database.db, visits)).every(Boolean)).toBe(true);

      // The roll-up per link and month equals the raw clicks per link and Japan month.
      const disagreeing = await rows(sql`
        with raw as (select link_id, to_char(day, 'YYYY-MM') as month, sum(clicks)::int as n from short_link_clicks
                     where link_id in (${sql.join(
                       links.map((l) => sql`${l}`),
                       sql`, `,
                     )}) group by 1, 2),
             rolled as (select link_id, month, clicks as n from link_click_months
                        where link_id in (${sql.join(
                          links.map((l) => sql`${l}`),
                          sql`, `,
                        )}))
        select * from raw full join rolled using (link_id, month) where raw.n is distinct from rolled.n`);
      expect(disagreeing).toEqual([]);

      // The oracle from the raw clicks: every approved post of the request, its April clicks, most clicked
      // first, then the earlier post.
      const expected = (
        await rows(sql`
          select u.id, coalesce((select sum(c.clicks) from short_link_clicks c where c.link_id = u.short_link_id
                   and c.day between '2023-04-01' and '2023-04-30'), 0)::int as clicks, u.posted_at
          from units u where u.advertisement_id = ${adId} and u.status = 'approved'`)
      )
        .map((r) => ({
          id: Number(r.id),
          clicks: Number(r.clicks),
          at: new Date(r.posted_at as string).getTime(),
        }))
        .sort((a, b) => b.clicks - a.clicks || a.at - b.at || a.id - b.id)
        .map(({ id, clicks }) => ({ unit_id: id, clicks }));
      expect(expected.map((e) => e.clicks)).toEqual([3, 3, 1, 0, 0, 0]);
      const { approvedPosts } = await import('../../server/features/results/repo.ts');
      const month = { shopId: cafe, adId: null, from: '2023-04-01', to: '2023-04-30', month: '2023-04' };
      const pick = (ps: { unit_id: number; clicks: number }[]) =>
        ps.map(({ unit_id, clicks }) => ({ unit_id, clicks }));
      // Cut inside the clicked posts, after them (filled with posts without a click), and all (the CSV).
      for (const limit of [2, 4, null]) {
        const got = await approvedPosts(t.database.db, month, [adId], limit);
        expect(pick(got), `limit ${limit}`).toEqual(limit === null ? expected : expected.slice(0, limit));
      }
      // Read a chunk of the index at a time: a chunk that ends inside a tie reads on (chunks of 1 to 3).
      const { monthClicked } = await import('../../server/features/results/repo.ts');
      const clickedOnly = expected
        .filter((e) => e.clicks > 0)
        .map(({ unit_id, clicks }) => ({ id: unit_id, clicks }));
      for (const chunk of [1, 2, 3])
        for (const limit of [1, 2, 3, null])
          expect(
            await monthClicked(t.database.db, cafe, '2023-04', [adId], limit, chunk),
            `chunk ${chunk}, limit ${limit}`,
          ).toEqual(limit === null ? clickedOnly : clickedOnly.slice(0, limit));
      // The screen's April (a whole month) answers the same.
      const owner = await loginAs(t, 'owner@example.com');
      const r = resultsSchema.parse(
        (await owner.get(`/api/results?shop_id=${cafe}&from=2023-04-01&to=2023-04-30`)).json(),
      );
      expect(pick(r.posts.filter((p) => p.advertisement_id === adId))).toEqual(expected);
    });

    it('ADR 0168: the dashboard keeps each month as a row; a read within the stale time does not compute again, the job does', async () => {
      const admin = await loginAs(t, 'admin@example.com');
      const first = dashboardSchema.parse((await admin.get('/api/dashboard')).json());
      expect(await one(sql`select count(*)::int from dashboard_months`)).toBe(12);
      const month = first.months.at(-1)!.month;
      const supporter = await one(sql`select id from users where email = 'supporter@example.com'`);
      await t.database.db.execute(sql`
        insert into ledger_entries (user_id, amount, kind, reference, idempotency_key)
        values (${supporter}, 777, 'reward', 'test:dashboard', ${`rollup-test-${kind}`})`);
      // Within DASHBOARD_STALE_MS the kept row answers (the raw rows are not read again)…
      const again = dashboardSchema.parse((await admin.get('/api/dashboard')).json());
      expect(again.months.at(-1)!.rewards_credited).toBe(first.months.at(-1)!.rewards_credited);
      expect(again.as_of).toBe(first.as_of);
      // …and the job (every few minutes) computes the months not settled yet again.
      await new ResultsService(t.database.db).dashboard(0);
      const later = dashboardSchema.parse((await admin.get('/api/dashboard')).json());
      expect(later.months.at(-1)!.month).toBe(month);
      expect(later.months.at(-1)!.rewards_credited).toBe(first.months.at(-1)!.rewards_credited + 777);
      expect(Date.parse(later.as_of)).toBeGreaterThan(Date.parse(first.as_of));
      expect(DASHBOARD_STALE_MS).toBeGreaterThan(0);
      // A month is settled a week after it ends; a settled row is never computed again.
      expect(settled('2026-10', new Date('2026-11-06T15:00:00Z'))).toBe(false);
      expect(settled('2026-10', new Date('2026-11-07T15:00:00Z'))).toBe(true);
    });
  });
}
