import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationSettingsResponseSchema,
  ENDPOINT_TAIL_LENGTH,
  pushDevicesResponseSchema,
  UNSUBSCRIBE_TEXTS,
} from '../../contracts/notification-settings.ts';
import { channelsFor, heldUntilFor } from '../../server/platform/notify/preferences.ts';
import { unsubscribeHeaders, unsubscribeToken } from '../../server/platform/notify/unsubscribe.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { APP_URL, createAccountsApp, JAPANESE, loginAs, userIdOf } from './helpers.ts';

/**
 * Issue 26 part 2 "Preferences" and "Web Push": GET/PUT /api/notification-settings (the defaults of product
 * design section 8, the person's choices, quiet hours), the push devices of /account-info (each person's
 * own), and the one-click unsubscribe of informational mail (RFC 8058) without a login.
 */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

for (const kind of DB_KINDS) {
  describe(`通知設定 and push devices (issue 26) [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    /** A fresh approved supporter, signed in. */
    async function supporter() {
      const tag = randomBytes(4).toString('hex');
      const [hash] = (
        (await t.database.db.execute(
          sql`select password_hash, role_id from users where email = 'supporter@example.com'`,
        )) as unknown as {
          rows: { password_hash: string; role_id: number }[];
        }
      ).rows;
      const email = `notice-${tag}@example.com`;
      await t.database.db.execute(sql`
        insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at)
        values (${email}, ${hash!.password_hash}, ${`通知 ${tag}`}, ${`notice-${tag}`}, ${hash!.role_id}, '承認', now())`);
      const id = await userIdOf(t, email);
      return { id, client: await loginAs(t, email) };
    }
    const settings = async (c: TestClient) => {
      const res = await c.get('/api/notification-settings');
      expect(res.statusCode, res.body).toBe(200);
      return notificationSettingsResponseSchema.parse(res.json());
    };
    const group = (s: Awaited<ReturnType<typeof settings>>, g: string) =>
      s.groups.find((x) => x.group === g)!;
    const linkLine = (userId: number) =>
      t.database.db.execute(sql`
        insert into social_accounts (user_id, provider, provider_user_id, status)
        values (${userId}, 'line', ${`U${randomBytes(16).toString('hex')}`}, '承認')`);

    it('defaults of section 8: a supporter without LINE or push gets offers by mail; in-app is fixed on; quiet hours on', async () => {
      const { id, client } = await supporter();
      const s = await settings(client);
      const offers = group(s, 'offers');
      expect(offers.label).toBe('拡散依頼のオファー');
      expect(offers.channels.in_app).toEqual({ on: true, locked: true, available: true });
      expect(offers.channels.mail.on).toBe(true);
      expect(offers.channels.line).toEqual({ on: false, locked: false, available: false });
      expect(group(s, 'news').channels.mail.on).toBe(false);
      expect(s.groups.map((g) => g.group)).not.toContain('staff_digest');
      expect(s.groups.map((g) => g.group)).not.toContain('judging');
      expect(s.quietHours).toBe(true);
      expect(await channelsFor(t.database.db, id, 'offer.arrived')).toEqual(['in_app', 'mail']);
    });

    it('a LINE-linked supporter gets offers by LINE instead of mail; turning LINE off brings mail back', async () => {
      const { id, client } = await supporter();
      await linkLine(id);
      expect(group(await settings(client), 'offers').channels.line).toEqual({
        on: true,
        locked: false,
        available: true,
      });
      expect(await channelsFor(t.database.db, id, 'offer.arrived')).toEqual(['in_app', 'line']);
      const res = await client.put('/api/notification-settings', {
        channels: { offers: { line: false } },
        quietHours: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = notificationSettingsResponseSchema.parse(res.json());
      expect(group(after, 'offers').channels.line.on).toBe(false);
      expect(group(after, 'offers').channels.mail.on).toBe(true);
      expect(after.quietHours).toBe(false);
      expect(await channelsFor(t.database.db, id, 'offer.arrived')).toEqual(['in_app', 'mail']);
      // Other groups keep their defaults; quiet hours off: nothing is held at 23:00 JST.
      expect(await channelsFor(t.database.db, id, 'post.approved')).toEqual(['in_app', 'line']);
      expect(await heldUntilFor(t.database.db, id, new Date('2026-11-26T14:00:00Z'), 'line')).toBeNull();
    });

    it('in-app and transactional mail stay on whatever is sent; informational mail turns on only when chosen', async () => {
      const { id, client } = await supporter();
      const res = await client.put('/api/notification-settings', {
        channels: { offers: { in_app: false }, rewards: { mail: false }, news: { mail: true } },
        quietHours: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const s = notificationSettingsResponseSchema.parse(res.json());
      expect(group(s, 'offers').channels.in_app.on).toBe(true);
      expect(group(s, 'news').channels.mail.on).toBe(true);
      expect(await channelsFor(t.database.db, id, 'payout.failed')).toContain('mail');
      expect(await channelsFor(t.database.db, id, 'payout.paid')).toEqual(['in_app']);
      expect(await channelsFor(t.database.db, id, 'news')).toEqual(['in_app', 'mail']);
    });

    it('bad input is a 422 with a Japanese message per field', async () => {
      const { client } = await supporter();
      const res = await client.put('/api/notification-settings', {
        channels: { offers: { line: 'yes' }, nonsense: { mail: true } },
        quietHours: 'maybe',
      });
      expect(res.statusCode).toBe(422);
      const body = res.json() as { message: string; errors: Record<string, string[]> };
      expect(body.message).toMatch(JAPANESE);
      expect(Object.keys(body.errors).sort()).toEqual(expect.arrayContaining(['quietHours']));
      for (const messages of Object.values(body.errors))
        for (const m of messages) expect(m).toMatch(JAPANESE);
    });

    it('shops see their groups (posts to judge, each or daily), staff their digest and no offers', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      const shop = await settings(owner);
      expect(shop.groups.map((g) => g.group)).toEqual(
        expect.arrayContaining(['requests', 'judging', 'billing']),
      );
      expect(group(shop, 'billing').channels.mail.locked).toBe(true);
      expect(shop.postsToJudge).toBe('digest');
      const res = await owner.put('/api/notification-settings', {
        channels: {},
        quietHours: true,
        postsToJudge: 'each',
      });
      expect(res.json().postsToJudge).toBe('each');
      const staff = await settings(await loginAs(t, 'staff@example.com'));
      expect(staff.groups.map((g) => g.group)).toContain('staff_digest');
      expect(staff.groups.map((g) => g.group)).not.toContain('offers');
    });

    it("push devices: subscribe (the stand-in's subscription), listed with the device, removable by its owner only", async () => {
      const a = await supporter();
      const b = await supporter();
      const list = pushDevicesResponseSchema.parse((await a.client.get('/api/push-subscriptions')).json());
      expect(list.items).toEqual([]);
      expect(list.vapid_public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
      const sub = t.app.pushStandin!.subscribe(list.vapid_public_key!);
      const created = await a.client.post('/api/push-subscriptions', sub, { 'user-agent': IPHONE });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json().device).toBe('iPhone（Safari）');
      const id = created.json().id as number;
      const listed = (await a.client.get('/api/push-subscriptions')).json().items;
      expect(listed).toHaveLength(1);
      // The listing names the endpoint by its tail only: the screen tells this browser's device (issue 26).
      expect(listed[0].endpoint_tail).toBe(sub.endpoint.slice(-ENDPOINT_TAIL_LENGTH));
      expect(JSON.stringify(listed)).not.toContain(sub.endpoint);
      // Object-level: B neither sees nor removes A's device.
      expect((await b.client.get('/api/push-subscriptions')).json().items).toEqual([]);
      const stolen = await b.client.delete(`/api/push-subscriptions/${id}`);
      expect(stolen.statusCode).toBe(404);
      expect(stolen.json().message).toMatch(JAPANESE);
      expect((await a.client.get('/api/push-subscriptions')).json().items).toHaveLength(1);
      // With a device, offers go by push (and no longer by mail).
      expect(await channelsFor(t.database.db, a.id, 'offer.arrived')).toEqual(['in_app', 'push']);
      expect((await settings(a.client)).pushDevices).toBe(1);
      const removed = await a.client.delete(`/api/push-subscriptions/${id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json().message).toBe('端末を削除しました。');
      expect((await a.client.get('/api/push-subscriptions')).json().items).toEqual([]);
    });

    it('the server pushes only to known push services: another address is a 422 naming the endpoint', async () => {
      const { client } = await supporter();
      const sub = t.app.pushStandin!.subscribe(t.app.vapidPublicKey!);
      for (const endpoint of [
        'http://169.254.169.254/latest',
        'https://evil.example/push/1',
        'https://fcm.googleapis.com.evil.example/x',
      ]) {
        const res = await client.post('/api/push-subscriptions', { ...sub, endpoint });
        expect(res.statusCode, endpoint).toBe(422);
        expect(res.json().errors.endpoint).toEqual(['この通知サービスには対応していません。']);
      }
      const ok = await client.post('/api/push-subscriptions', {
        ...sub,
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      });
      expect(ok.statusCode).toBe(201);
    });

    it('one-click unsubscribe (RFC 8058): a POST with the token turns that mail off without a login or cookie', async () => {
      const { id, client } = await supporter();
      await client.put('/api/notification-settings', {
        channels: { news: { mail: true } },
        quietHours: true,
      });
      expect(await channelsFor(t.database.db, id, 'news')).toContain('mail');
      const headers = unsubscribeHeaders(id, 'news', { secret: t.app.env.APP_SECRET, appUrl: APP_URL });
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const url = new URL(headers['List-Unsubscribe'].slice(1, -1));
      expect(url.origin).toBe(APP_URL);
      // As a mail provider posts it: no Authorization, no XSRF cookie, the RFC 8058 body.
      const res = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(UNSUBSCRIBE_TEXTS.done);
      expect(await channelsFor(t.database.db, id, 'news')).toEqual(['in_app']);
      // Other choices stay.
      expect(group(await settings(client), 'offers').channels.mail.on).toBe(true);
      // A token for another group or person does not verify when altered.
      const forged = unsubscribeToken(t.app.env.APP_SECRET, id, 'news').replace(`${id}.`, `${id + 1}.`);
      const bad = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${forged}` });
      expect(bad.statusCode).toBe(404);
      expect(bad.json().message).toBe(UNSUBSCRIBE_TEXTS.invalid);
    });
  });
}
