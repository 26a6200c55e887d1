import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLICK_PLATFORM_LABELS,
  CLICK_PLATFORMS,
  dashboardSchema,
  DEVICE_CLASSES,
  DEVICE_LABELS,
  formatRate,
  RESULTS_MESSAGES,
  type Results,
  resultsSchema,
} from '../../contracts/results.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { deriveKey } from '../../server/platform/keys.ts';
import {
  clickSource,
  countableVisit,
  createShortLink,
  recordVisits,
  tokyoDay,
} from '../../server/platform/short-links.ts';
import { dailyHeadings } from '../../server/features/results/service.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs, userIdOf } from './helpers.ts';

/**
 * Issue 27 "Done when": the figures of GET /api/results equal SQL written here, independently, over the raw
 * rows (units, short_link_clicks, bills) for the demo seed and for a generated month whose clicks went
 * through the real click writer; the CSV parses back to the same figures; who may read what.
 */
const DAY = 86_400_000;
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const INSTAGRAM_APP = `${IPHONE} Instagram 300.0.0`;

/** A minimal RFC 4180 reader (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  return rows;
}

/** The sections of the results CSV by heading: their rows after the column row. */
function sections(rows: string[][]): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (let i = 0; i < rows.length; i += 1) {
    if (rows[i]!.length === 1 && rows[i]![0] && rows[i + 1]?.length && rows[i + 1]!.length > 1) {
      const body: string[][] = [];
      let j = i + 2;
      for (; j < rows.length && !(rows[j]!.length === 1 && rows[j]![0] === ''); j += 1) body.push(rows[j]!);
      out.set(rows[i]![0]!, [rows[i + 1]!, ...body]);
      i = j;
    }
  }
  return out;
}

for (const kind of DB_KINDS) {
  describe(`issue 27 results for shops and the operators' dashboard [${kind}]`, () => {
    let t: TestApp;
    let owner: TestClient;
    let cafeId: number;
    const today = tokyoDay(new Date());
    const rows = async (q: SQL) => rowsOf(await t.database.db.execute(q));
    const one = async (q: SQL) => Number(Object.values((await rows(q))[0] ?? {})[0] ?? 0);

    beforeAll(async () => {
      t = await createAccountsApp(kind);
      owner = await loginAs(t, 'owner@example.com');
      cafeId = await one(sql`select id from shops where screen_name = 'demo-cafe'`);
    });
    afterAll(() => t.close());

    /**
     * The oracle: the figures of [from, to] for the requests given, from the raw rows. Clicks per day are
     * short_link_clicks (the writer's per-day counts, not the roll-up the route reads): of the requests' units,
     * or for a shop over a period (`shopId`), of every unit of the shop (ADR 0168).
     */
    async function oracle(adIds: number[], from: string, to: string, shopId?: number) {
      const ids = adIds.length ? adIds : [0];
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const perDay = new Map(
        (
          await rows(sql`
          select to_char(c.day, 'YYYY-MM-DD') as day, sum(c.clicks)::int as n
          from short_link_clicks c, units u
          where u.short_link_id = c.link_id and c.day between ${from} and ${to}
            and ${shopId === undefined ? sql`u.advertisement_id in (${list})` : sql`u.shop_id = ${shopId}`}
          group by c.day`)
        ).map((r) => [String(r.day), Number(r.n)]),
      );
      const units = await rows(
        sql`select status, accepted_at, posted_at from units where advertisement_id in (${list})`,
      );
      const approved = units.filter((u) => u.status === 'approved').length;
      const posted = units.filter((u) => u.posted_at !== null).length;
      const accepted = units.filter((u) => u.accepted_at !== null).length;
      const bills = await rows(sql`
        select b.subtotal, b.units, b.reward, b.fee, a.status,
          (select count(*) from units x where x.advertisement_id = a.id and x.status = 'approved')::int as used
        from bills b join advertisements a on a.id = b.advertisement_id where a.id in (${list})`);
      let billed = 0;
      for (const b of bills) {
        let refund = 0;
        if (b.status === '終了') {
          const unused = Math.max(0, Number(b.units) - Number(b.used));
          refund = unused * Number(b.reward);
          if (Number(b.fee) > 0) refund += Math.floor((refund * 30) / 100);
        }
        billed += Number(b.subtotal) - refund;
      }
      const total = [...perDay.values()].reduce((a, b) => a + b, 0);
      return { perDay, offered: units.length, accepted, posted, approved, billed, total };
    }

    function expectMatches(r: Results, o: Awaited<ReturnType<typeof oracle>>) {
      for (const d of r.series) {
        expect(d.clicks, d.date).toBe(o.perDay.get(d.date) ?? 0);
        expect(
          Object.values(d.by_platform).reduce((a, b) => a + b, 0),
          d.date,
        ).toBe(d.clicks);
        expect(
          Object.values(d.by_device).reduce((a, b) => a + b, 0),
          d.date,
        ).toBe(d.clicks);
      }
      expect(r.total_clicks).toBe(o.total);
      expect(r.posts.reduce((a, p) => a + p.clicks, 0)).toBeLessThanOrEqual(o.total);
      expect(r.funnel).toMatchObject({
        offered: o.offered,
        accepted: o.accepted,
        posted: o.posted,
        approved: o.approved,
      });
      expect(r.funnel.acceptance_rate).toBe(o.offered ? o.accepted / o.offered : null);
      expect(r.funnel.approval_rate).toBe(o.posted ? o.approved / o.posted : null);
      expect(r.cost.billed).toBe(o.billed);
      expect(r.cost.per_approved_post).toBe(o.approved ? Math.round(o.billed / o.approved) : null);
      expect(r.cost.per_click).toBe(o.total ? Math.round(o.billed / o.total) : null);
      expect(r.platforms.reduce((a, p) => a + p.clicks, 0)).toBe(o.total);
      expect(r.devices.reduce((a, p) => a + p.clicks, 0)).toBe(o.total);
    }

    it('issue 27 "For shops": the demo seed\'s last 30 days equal SQL over the raw rows; the chart has clicks', async () => {
      const from = addDays(today, -29);
      const res = await owner.get(`/api/results?shop_id=${cafeId}&from=${from}&to=${today}`);
      expect(res.statusCode, res.body).toBe(200);
      const r = resultsSchema.strict().parse(res.json());
      expect(r.series).toHaveLength(30);
      expect(r.series[0]!.date).toBe(from);
      const adIds = (
        await rows(sql`select id from advertisements where shop_id = ${cafeId} and approved_at is not null
                       and starts_on <= ${today} and ends_on >= ${from}`)
      ).map((a) => Number(a.id));
      expect(r.requests.map((q) => q.id).sort()).toEqual([...adIds].sort());
      expectMatches(r, await oracle(adIds, from, today, cafeId));
      // The demo has something to show (issue 27 "How": a few weeks of clicks and approved posts).
      expect(r.total_clicks).toBeGreaterThan(50);
      expect(r.posts.length).toBeGreaterThanOrEqual(2);
      expect(r.posts[0]!.supporter_name).toBeTruthy();
      // Sorted by clicks, most first.
      expect(r.posts.map((p) => p.clicks)).toEqual([...r.posts.map((p) => p.clicks)].sort((a, b) => b - a));
      // Every counted click of the shop is in the roll-up (per link and day: the same sums).
      const mismatched = await rows(sql`
        select c.link_id, c.day from short_link_clicks c
        where c.clicks <> coalesce((select sum(s.clicks) from short_link_click_sources s
                                    where s.link_id = c.link_id and s.day = c.day), 0)`);
      expect(mismatched).toEqual([]);
    });

    it('issue 27 "For shops": one request defaults to its own period, up to today', async () => {
      const [live] = await rows(sql`select id, to_char(starts_on, 'YYYY-MM-DD') as s from advertisements
                                    where shop_id = ${cafeId} and status = '配信中' order by id limit 1`);
      const r = resultsSchema.parse(
        (await owner.get(`/api/results?shop_id=${cafeId}&advertisement_id=${Number(live!.id)}`)).json(),
      );
      expect(r.advertisement?.id).toBe(Number(live!.id));
      expect(r.from).toBe(String(live!.s));
      expect(r.to).toBe(today);
      expectMatches(r, await oracle([Number(live!.id)], r.from, r.to));
    });

    describe('a generated month (clicks through the real click writer)', () => {
      const month = { from: '2025-06-01', to: '2025-06-30' };
      let adId: number;

      beforeAll(async () => {
        const db = t.database.db;
        const supporters = (
          await rows(
            sql`select id from users where email like 'fan%' or email = 'supporter@example.com' order by id`,
          )
        ).map((u) => Number(u.id));
        const [ad] = await rows(sql`
          insert into advertisements (shop_id, status, text, platforms, units, reward, starts_on, ends_on, approved_at, ended_at)
          values (${cafeId}, '終了', '#PR 生成した月の依頼', '["x","instagram"]'::jsonb, 6, 200, ${month.from}, ${month.to},
                  '2025-05-30T01:00:00Z', '2025-07-01T01:00:00Z')
          returning id`);
        adId = Number(ad!.id);
        // Four supporters: approved on X, approved on Instagram, posted and waiting, declined.
        const statuses = ['approved', 'approved', 'posted', 'declined'] as const;
        const links: number[] = [];
        for (const [i, status] of statuses.entries()) {
          const link = await createShortLink(db, { targetUrl: '/demo-cafe', purpose: 'unit' });
          links.push(link.id);
          const accepted = status === 'declined' ? null : `2025-06-0${i + 1}T03:00:00Z`;
          const posted = status === 'approved' || status === 'posted' ? `2025-06-0${i + 2}T03:00:00Z` : null;
          await db.execute(sql`
            insert into units (advertisement_id, user_id, status, reward, platform, short_link_id, offered_at, expires_at,
              accepted_at, posted_at, judged_at, post_url)
            values (${adId}, ${supporters[i]!}, ${status}, 200, ${i === 1 ? 'instagram' : 'x'}, ${link.id},
              '2025-06-01T01:00:00Z', '2025-06-30T14:59:59Z', ${accepted}, ${posted},
              ${status === 'approved' ? `2025-06-0${i + 3}T03:00:00Z` : null},
              ${posted ? `https://x.com/gen${i}/status/${1000 + i}` : null})`);
        }
        // 600 visits over the month (and around it) from X, Instagram, LINE, elsewhere and nowhere.
        const key = deriveKey(t.env.APP_SECRET, 'results-test');
        const referrers = [
          'https://t.co/abc',
          undefined,
          'https://line.me/R/',
          'https://example.com/blog',
          undefined,
        ];
        const agents = [IPHONE, PC, INSTAGRAM_APP];
        const visits = [];
        for (let i = 0; i < 600; i += 1) {
          const at = new Date(Date.parse('2025-05-30T00:00:00+09:00') + ((i * 7919) % (34 * 24)) * 3_600_000);
          const visit = countableVisit(
            links[i % 3]!,
            {
              method: 'GET',
              ip: `10.1.${i % 250}.${i % 7}`,
              userAgent: agents[i % 3],
              referrer: referrers[i % 5],
              at,
            },
            key,
          );
          if (visit) visits.push(visit);
        }
        await recordVisits(db, visits);
      });

      it('issue 27 "Done when": the figures of a generated month equal SQL over the raw rows', async () => {
        const res = await owner.get(`/api/results?shop_id=${cafeId}&from=${month.from}&to=${month.to}`);
        expect(res.statusCode, res.body).toBe(200);
        const r = resultsSchema.strict().parse(res.json());
        expect(r.requests.map((q) => q.id)).toEqual([adId]);
        const o = await oracle([adId], month.from, month.to, cafeId);
        expectMatches(r, o);
        expect(o.total).toBeGreaterThan(100);
        expect(r.funnel).toMatchObject({ offered: 4, accepted: 3, posted: 3, approved: 2 });
        // 6 units at 200 yen + 30 % fee = 1,560 yen; ended with 2 used: 4 x 200 + 240 refunded = 520 yen billed.
        expect(r.cost.billed).toBe(520);
        expect(r.posts).toHaveLength(2);
        // The sources: X by referrer, Instagram by its in-app browser, LINE, elsewhere and no referrer.
        const by = Object.fromEntries(r.platforms.map((p) => [p.platform, p.clicks]));
        for (const p of ['x', 'instagram', 'line', 'other', 'none'] as const)
          expect(by[p], p).toBeGreaterThan(0);
        expect(by.unknown).toBe(0);
        const devices = Object.fromEntries(r.devices.map((d) => [d.device, d.clicks]));
        expect(devices.mobile).toBeGreaterThan(devices.pc!);
        expect(devices.pc).toBeGreaterThan(0);
        // The roll-up by platform and device, straight from its rows.
        const fromRollup = await rows(sql`
          select c.platform, sum(c.clicks)::int as n from short_link_click_sources c join units u on u.short_link_id = c.link_id
          where u.advertisement_id = ${adId} and c.day between ${month.from} and ${month.to} group by c.platform`);
        for (const row of fromRollup) expect(by[String(row.platform)]).toBe(Number(row.n));
      });

      it('issue 27 "CSV export": UTF-8 with a BOM, and it parses back to the same figures', async () => {
        const json = resultsSchema.parse(
          (await owner.get(`/api/results?shop_id=${cafeId}&from=${month.from}&to=${month.to}`)).json(),
        );
        const res = await owner.get(
          `/api/results?shop_id=${cafeId}&from=${month.from}&to=${month.to}&format=csv`,
        );
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
        expect(res.headers['content-disposition']).toMatch(/attachment; filename="focustar-results-/);
        const raw = res.rawPayload;
        expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        const parsed = sections(parseCsv(res.body.replace(/^\uFEFF/, '')));
        const daily = parsed.get('日別のクリック')!;
        expect(daily[0]).toEqual(dailyHeadings());
        expect(daily.slice(1)).toEqual(
          json.series.map((d) =>
            [
              d.date,
              d.clicks,
              ...CLICK_PLATFORMS.map((p) => d.by_platform[p]),
              ...DEVICE_CLASSES.map((k) => d.by_device[k]),
            ].map(String),
          ),
        );
        expect(parsed.get('投稿')!.slice(1)).toEqual(
          json.posts.map((p) =>
            [p.advertisement_id, p.supporter_name, p.platform, p.posted_on, p.clicks, p.post_url].map((v) =>
              String(v ?? ''),
            ),
          ),
        );
        const f = json.funnel;
        expect(parsed.get('依頼から承認まで')![1]).toEqual(
          [
            f.offered,
            f.accepted,
            f.posted,
            f.approved,
            formatRate(f.acceptance_rate),
            formatRate(f.approval_rate),
          ].map(String),
        );
        expect(parsed.get('費用')![1]).toEqual(
          [json.cost.billed, json.cost.per_approved_post, json.cost.per_click].map((v) => String(v ?? '')),
        );
        expect(parsed.get('クリックの参照元')!.slice(1)).toEqual(
          json.platforms.map((p) => [CLICK_PLATFORM_LABELS[p.platform], String(p.clicks)]),
        );
        expect(parsed.get('クリックの端末')!.slice(1)).toEqual(
          json.devices.map((d) => [DEVICE_LABELS[d.device], String(d.clicks)]),
        );
      });
    });

    it("issue 27: the redirect rolls a click up by its referrer's platform and device class, nothing else", async () => {
      expect(clickSource('https://t.co/xyz', IPHONE)).toEqual({ platform: 'x', device: 'mobile' });
      expect(clickSource(undefined, INSTAGRAM_APP)).toEqual({ platform: 'instagram', device: 'mobile' });
      expect(clickSource('https://www.tiktok.com/@a', PC)).toEqual({ platform: 'tiktok', device: 'pc' });
      expect(clickSource('not a url', PC)).toEqual({ platform: 'none', device: 'pc' });
      expect(clickSource('https://news.example.jp/a', PC)).toEqual({ platform: 'other', device: 'pc' });
      const link = await createShortLink(t.database.db, { targetUrl: '/demo-cafe', purpose: 'unit' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/s/${link.code}`,
        headers: { 'user-agent': IPHONE, referer: 'https://x.com/someone/status/1' },
        remoteAddress: '10.77.0.1',
      });
      expect(res.statusCode).toBe(302);
      await t.app.shortLinkClicks.flush();
      const stored = await rows(sql`select * from short_link_click_sources where link_id = ${link.id}`);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ platform: 'x', device: 'mobile', clicks: 1 });
      expect(Object.keys(stored[0]!).sort()).toEqual(['clicks', 'day', 'device', 'link_id', 'platform']);
    });

    it("issue 27: bad input is a 422 with a Japanese errors map; another company's shop or request is a 404", async () => {
      const bad = async (query: string, field: string, message: string) => {
        const res = await owner.get(`/api/results?${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(res.json().errors[field], query).toContain(message);
      };
      await bad(`shop_id=${cafeId}`, 'from', RESULTS_MESSAGES.periodNeeded);
      await bad(`shop_id=${cafeId}&from=2026-02-30&to=2026-03-01`, 'from', RESULTS_MESSAGES.date);
      await bad(`shop_id=${cafeId}&from=2026-03-02&to=2026-03-01`, 'to', RESULTS_MESSAGES.order);
      await bad(`shop_id=${cafeId}&from=2024-01-01&to=2026-03-01`, 'to', RESULTS_MESSAGES.tooLong);
      await bad(
        `shop_id=${cafeId}&from=2026-03-01&to=2026-03-02&format=xlsx`,
        'format',
        RESULTS_MESSAGES.format,
      );
      expect((await owner.get('/api/results?shop_id=abc&from=2026-03-01&to=2026-03-02')).statusCode).toBe(
        422,
      );

      const other = await loginAs(t, 'north-owner@example.com');
      const res = await other.get(`/api/results?shop_id=${cafeId}&from=2026-03-01&to=2026-03-02`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(RESULTS_MESSAGES.notFound);
      // A request of another shop, asked through one's own shop: no such request.
      const northShop =
        await one(sql`select s.id from shops s join company_members m on m.company_id = s.company_id
                                      join users u on u.id = m.user_id where u.email = 'north-owner@example.com' limit 1`);
      const cafeAd = await one(sql`select id from advertisements where shop_id = ${cafeId} limit 1`);
      const cross = await other.get(`/api/results?shop_id=${northShop}&advertisement_id=${cafeAd}`);
      expect(cross.statusCode).toBe(404);
      expect(cross.json().message).toBe(RESULTS_MESSAGES.requestNotFound);
      // Staff read any shop's results.
      const staff = await loginAs(t, 'staff@example.com');
      expect(
        (await staff.get(`/api/results?shop_id=${cafeId}&from=2026-03-01&to=2026-03-02`)).statusCode,
      ).toBe(200);
    });

    it('issue 27 "For operators": twelve months YYYY-MM for admins only, this month\'s figures from the raw rows', async () => {
      const admin = await loginAs(t, 'admin@example.com');
      const res = await admin.get('/api/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      const d = dashboardSchema.strict().parse(res.json());
      expect(d.months).toHaveLength(12);
      expect(d.months.every((m) => /^\d{4}-\d{2}$/.test(m.month))).toBe(true);
      const thisMonth = today.slice(0, 7);
      expect(d.months.at(-1)!.month).toBe(thisMonth);
      const m = d.months.at(-1)!;
      const inMonth = (col: string) =>
        sql.raw(`to_char(${col} at time zone 'Asia/Tokyo', 'YYYY-MM') = '${thisMonth}'`);
      expect(m.rewards_credited).toBe(
        await one(
          sql`select coalesce(sum(amount), 0)::int from ledger_entries where kind = 'reward' and ${inMonth('created_at')}`,
        ),
      );
      expect(m.billed).toBe(
        await one(sql`select coalesce(sum(subtotal), 0)::int from bills where month = ${thisMonth}`),
      );
      expect(m.platform_fee).toBe(
        await one(sql`select coalesce(sum(fee), 0)::int from bills where month = ${thisMonth}`),
      );
      expect(m.reversals).toBe(
        await one(
          sql`select count(*)::int from ledger_entries where kind = 'reward_reversal' and ${inMonth('created_at')}`,
        ),
      );
      expect(m.active_supporters).toBe(
        await one(
          sql`select count(distinct user_id)::int from units where posted_at > now() - interval '30 days'`,
        ),
      );
      const offers = await rows(sql`select accepted_at from units where ${inMonth('offered_at')}`);
      expect(m.acceptance_rate).toBe(
        offers.length ? offers.filter((o) => o.accepted_at !== null).length / offers.length : null,
      );
      expect(m.live_shops).toBeGreaterThanOrEqual(1);
      expect(m.fraud_holds).toBe(0);
      for (const email of ['staff@example.com', 'owner@example.com']) {
        const client = await loginAs(t, email);
        expect((await client.get('/api/dashboard')).statusCode).toBe(403);
      }
      expect((await new TestClient(t.app).get('/api/dashboard')).statusCode).toBe(401);
      expect(await userIdOf(t, 'admin@example.com')).toBeGreaterThan(0);
    });
  });
}
