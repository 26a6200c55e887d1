import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fraudPageSchema } from '../../contracts/fraud.ts';
import { BURST_CLICKS } from '../../server/platform/click-signals.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { DEVICE_COOKIE } from '../../server/platform/device.ts';
import { isPersonalAddress } from '../../server/platform/fraud-signals.ts';
import { clickTotals, createShortLink } from '../../server/platform/short-links.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { TestClient, type TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 24 "Fraud signals": the three signals of sign-ins and clicks (ADR 0164), each made to happen and seen
 * as a flag in GET /api/fraud/flags (staff). Addresses are from the documentation ranges (public to the
 * signals); each test uses its own network and its own users.
 */
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

for (const kind of DB_KINDS) {
  describe(`fraud signals of sign-ins and clicks (issue 24) [${kind}]`, () => {
    let t: TestApp;
    let staff: TestClient;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
      staff = await loginAs(t, 'staff@example.com');
    });
    afterAll(() => t.close());
    const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await t.database.db.execute(query));

    /** A fresh approved supporter (not logged in). */
    async function supporter() {
      const tag = randomBytes(4).toString('hex');
      const [hash] = await q<{ password_hash: string }>(
        sql`select password_hash from users where email = 'supporter@example.com'`,
      );
      const email = `signal-${tag}@example.com`;
      const [u] = await q<{ id: number }>(sql`
        insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at, prefecture)
        values (${email}, ${hash!.password_hash}, ${`信号 ${tag}`}, ${`signal-${tag}`}, 3, '承認', now(), '東京都')
        returning id`);
      return { id: Number(u!.id), email };
    }
    /** Logs in through POST /api/login from `ip`, with the client's cookies (its device cookie, if any). */
    async function login(client: TestClient, email: string, ip: string) {
      const res = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: DEMO_PASSWORD },
        remoteAddress: ip,
      });
      expect(res.statusCode, res.body).toBe(200);
      client.token = res.json().access_token;
      return client;
    }
    const listed = async (kindName: string, userId: number) =>
      fraudPageSchema
        .parse((await staff.get(`/api/fraud/flags?status=open&kind=${kindName}`)).json())
        .items.filter((f) => f.user_id === userId);

    /** A unit of `userId` with its tracking link (as the accept writes it). */
    async function unitWithLink(userId: number) {
      const link = await createShortLink(t.database.db, { targetUrl: '/demo-cafe', purpose: 'unit' });
      const [ad] = await q<{ id: number }>(sql`select id from advertisements order by id limit 1`);
      const [u] = await q<{ id: number }>(sql`
        insert into units (advertisement_id, user_id, reward, status, platform, short_link_id, offered_at, accepted_at, expires_at)
        values (${ad!.id}, ${userId}, 100, 'accepted', 'x', ${link.id}, now(), now(), now() + interval '3 days')
        returning id`);
      return { unitId: Number(u!.id), link };
    }
    const click = (code: string, ip: string, ua = CHROME, client?: TestClient) =>
      (client ?? new TestClient(t.app)).request({
        method: 'GET',
        url: `/s/${code}`,
        remoteAddress: ip,
        headers: { 'user-agent': ua },
      });
    const clicksOf = async (linkId: number) => {
      await t.app.shortLinkClicks.flush();
      return (await clickTotals(t.database.db, [linkId])).get(linkId) ?? 0;
    };

    it('issue 24 shared_device: three accounts signed in on one device within 24 hours are each flagged (device:…)', async () => {
      const users = [await supporter(), await supporter(), await supporter()];
      const device = randomBytes(24).toString('base64url');
      const onDevice = () => {
        const client = new TestClient(t.app);
        client.cookies.set(DEVICE_COOKIE, device);
        return client;
      };
      // Different (private) networks each time: only the device is shared.
      await login(onDevice(), users[0]!.email, '10.24.0.1');
      await login(onDevice(), users[1]!.email, '10.24.0.2');
      expect(await listed('shared_device', users[0]!.id)).toHaveLength(0);
      await login(onDevice(), users[2]!.email, '10.24.0.3');
      for (const user of users) {
        const [flag] = await listed('shared_device', user.id);
        expect(flag, `user ${user.id}`).toBeDefined();
        expect(flag!.evidence).toMatchObject({ accounts: 3 });
        expect((flag!.evidence.ids as string[]).sort()).toEqual(users.map((u) => String(u.id)).sort());
        expect(JSON.stringify(flag!.evidence)).not.toContain(device);
        expect(flag!.evidence.summary).toMatch(/同じ端末/);
      }
      const [stored] = await q<{ subject: string }>(
        sql`select subject from fraud_flags where kind = 'shared_device' and user_id = ${users[0]!.id}`,
      );
      expect(stored!.subject).toMatch(/^device:[A-Za-z0-9_-]{12}$/);
    });

    it('issue 24 shared_device: a sign-up and two sign-ins from one IP within 24 hours flag all three (ip:…, no raw address)', async () => {
      const ip = '198.51.100.24';
      const a = await supporter();
      const b = await supporter();
      await login(new TestClient(t.app), a.email, ip);
      await login(new TestClient(t.app), b.email, ip);
      const tag = randomBytes(4).toString('hex');
      const signup = await new TestClient(t.app).request({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip,
        payload: {
          email: `new-${tag}@example.com`,
          password: 'Kx9!long-enough-pass',
          name: '新規 登録',
          screen_name: `new-${tag}`,
          terms: true,
        },
      });
      expect(signup.statusCode, signup.body).toBe(201);
      expect(signup.cookies.map((c) => c.name)).toContain(DEVICE_COOKIE);
      const newId = Number(signup.json().user.id);
      for (const id of [a.id, b.id, newId]) {
        const [flag] = await listed('shared_device', id);
        expect(flag, `user ${id}`).toBeDefined();
        expect(flag!.evidence.summary).toMatch(/同じIPアドレス/);
        expect(JSON.stringify(flag!.evidence)).not.toContain(ip);
      }
      const subjects = await q<{ subject: string }>(
        sql`select subject from fraud_flags where kind = 'shared_device' and user_id = ${newId}`,
      );
      expect(subjects.map((s) => s.subject)).toEqual([expect.stringMatching(/^ip:[A-Za-z0-9_-]{12}$/)]);
      const stored = await q<{ ip_hash: string }>(sql`select ip_hash from user_ips where user_id = ${a.id}`);
      expect(stored).toHaveLength(1);
      expect(stored[0]!.ip_hash).not.toContain('198.51');
    });

    it('issue 24 shared_device: loopback and private addresses are no person’s (a proxy not trusted, a test)', () => {
      for (const ip of [
        '127.0.0.1',
        '::1',
        '10.1.2.3',
        '172.20.0.1',
        '192.168.1.1',
        '100.64.0.1',
        '169.254.1.1',
        'fe80::1',
        'fd00::1',
        '::ffff:127.0.0.1',
      ])
        expect(isPersonalAddress(ip), ip).toBe(false);
      for (const ip of ['203.0.113.9', '8.8.8.8', '2001:db8::1', '::ffff:198.51.100.1', '172.32.0.1'])
        expect(isPersonalAddress(ip), ip).toBe(true);
    });

    it('issue 24 self_click: clicks on a supporter’s own link from their signed-in browser or a sign-in address are not counted and flag them', async () => {
      const who = await supporter();
      const browser = await login(new TestClient(t.app), who.email, '10.25.0.1');
      expect(browser.cookies.get(DEVICE_COOKIE)).toBeTruthy();
      await login(new TestClient(t.app), who.email, '192.0.2.25');
      const { unitId, link } = await unitWithLink(who.id);
      // Their browser (device cookie), from a network they never signed in from.
      expect((await click(link.code, '198.51.100.250', CHROME, browser)).statusCode).toBe(302);
      // Another browser from the address they signed in from.
      expect((await click(link.code, '192.0.2.25', SAFARI)).statusCode).toBe(302);
      expect(await clicksOf(link.id)).toBe(0);
      // Somebody else, elsewhere, counts.
      expect((await click(link.code, '203.0.113.200', SAFARI)).statusCode).toBe(302);
      expect(await clicksOf(link.id)).toBe(1);
      const [flag] = await listed('self_click', who.id);
      expect(flag).toBeDefined();
      expect(flag!.evidence).toMatchObject({ count: 2, ids: [String(unitId)] });
      expect(flag!.evidence.summary).toMatch(/クリック数には数えていません/);
      const [stored] = await q<{ subject: string }>(
        sql`select subject from fraud_flags where kind = 'self_click' and user_id = ${who.id}`,
      );
      expect(stored!.subject).toBe(`unit:${unitId}`);
      // The shop's figures: nothing of the own clicks.
      const [day] = await q<{ n: number }>(
        sql`select coalesce(sum(clicks), 0)::int as n from short_link_click_sources where link_id = ${link.id}`,
      );
      expect(Number(day!.n)).toBe(1);
    });

    it(`issue 24 click_burst: more than ${BURST_CLICKS} clicks in 10 minutes on one unit from one /24 flag its supporter`, async () => {
      const who = await supporter();
      const { unitId, link } = await unitWithLink(who.id);
      const other = await unitWithLink((await supporter()).id);
      for (let i = 0; i < BURST_CLICKS; i += 1)
        await click(link.code, `203.0.113.${1 + (i % 200)}`, `${CHROME} Suffix/${i}`);
      // Spread over networks: no burst.
      for (let i = 0; i < BURST_CLICKS + 5; i += 1) await click(other.link.code, `198.18.${i}.1`, CHROME);
      await t.app.shortLinkClicks.flush();
      expect(await listed('click_burst', who.id)).toHaveLength(0);
      await click(link.code, '203.0.113.99', SAFARI);
      await t.app.shortLinkClicks.flush();
      const [flag] = await listed('click_burst', who.id);
      expect(flag).toBeDefined();
      expect(flag!.evidence).toMatchObject({ clicks_10min: BURST_CLICKS + 1, ids: [String(unitId)] });
      expect(JSON.stringify(flag!.evidence)).not.toContain('203.0.113');
      expect(flag!.evidence.summary).toMatch(/10分間に31回/);
      const [stored] = await q<{ subject: string }>(
        sql`select subject from fraud_flags where kind = 'click_burst' and user_id = ${who.id}`,
      );
      expect(stored!.subject).toMatch(new RegExp(`^unit:${unitId}:net:[A-Za-z0-9_-]{12}$`));
      const [o] = await q<{ user_id: number }>(sql`select user_id from units where id = ${other.unitId}`);
      expect(await listed('click_burst', Number(o!.user_id))).toHaveLength(0);
    });
  });
}
