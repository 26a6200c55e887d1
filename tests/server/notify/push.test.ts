import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/platform/db/client.ts';
import type { Delivery } from '../../../server/platform/notify/channel.ts';
import {
  createPushSender,
  PushServiceError,
  sendPush,
  type VapidKeys,
} from '../../../server/platform/notify/push.ts';
import { type PushStandin, startPushStandin } from '../../../server/platform/notify/push-standin.ts';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../../support/db.ts';

/**
 * Issue 26 "Channels: Web Push": web-push signs (VAPID, RFC 8292) and encrypts (RFC 8291) a push; the local
 * push-service stand-in checks the JWT and decrypts the payload with the subscription's private key.
 */
const APP_URL = 'https://focustar.example';
const vapid: VapidKeys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@focustar.example' };

describe('push service stand-in (issue 26, RFC 8291/8292)', () => {
  let standin: PushStandin;
  beforeAll(async () => {
    standin = await startPushStandin();
  });
  afterAll(() => standin.close());
  beforeEach(() => standin.clear());

  it('a push sent through web-push decrypts to what was sent', async () => {
    const sub = standin.subscribe(vapid.publicKey);
    const text = JSON.stringify({ title: '投稿が承認されました', body: '報酬 500円', pad: 'あ'.repeat(600) });
    const res = await sendPush(sub, text, { vapid, topic: 'abc' });
    expect(res.status).toBe(201);
    expect(standin.messages).toHaveLength(1);
    expect(standin.messages[0]!.payload).toBe(text);
    expect(standin.messages[0]!.topic).toBe('abc');
    expect(standin.messages[0]!.ttl).toBe(86400);
  });

  it("refuses a VAPID JWT signed by another key (401), and a key not the subscription's (403)", async () => {
    const sub = standin.subscribe(vapid.publicKey);
    const other = webpush.generateVAPIDKeys();
    // The JWT signed with another private key but claiming the subscription's public key.
    const forged = await sendPush(sub, 'x', { vapid: { ...vapid, privateKey: other.privateKey } });
    expect(forged.status).toBe(401);
    expect(standin.requests.at(-1)?.reason).toBe('bad signature');
    const stranger = await sendPush(sub, 'x', { vapid: { ...other, subject: vapid.subject } });
    expect(stranger.status).toBe(403);
    expect(standin.messages).toHaveLength(0);
  });

  it('refuses a JWT for another audience and an expired one', async () => {
    const sub = standin.subscribe(vapid.publicKey);
    const elsewhere = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    const r1 = await fetch(sub.endpoint, {
      method: 'POST',
      headers: { ...elsewhere, TTL: '60' } as Record<string, string>,
    });
    expect(r1.status).toBe(401);
    const stale = webpush.getVapidHeaders(
      standin.url,
      vapid.subject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) - 10,
    );
    const r2 = await fetch(sub.endpoint, {
      method: 'POST',
      headers: { ...stale, TTL: '60' } as Record<string, string>,
    });
    expect(r2.status).toBe(401);
    expect(standin.requests.map((r) => r.reason)).toEqual([expect.stringMatching(/^aud/), 'expired']);
  });
});

for (const kind of DB_KINDS) {
  describe(`push channel: to every device of the person (issue 26) [${kind}]`, () => {
    let database: TestDatabase;
    let standin: PushStandin;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      standin = await startPushStandin();
    });
    afterAll(async () => {
      await standin.close();
      await database.close();
    });
    beforeEach(() => standin.clear());
    const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

    async function person(devices: number) {
      await database.db.execute(
        sql`insert into roles (name, priority) values ('focustar', 10) on conflict (name) do nothing`,
      );
      const tag = randomBytes(4).toString('hex');
      const [u] = await q<{ id: number }>(sql`
        insert into users (email, name, screen_name, role_id)
        values (${`push-${tag}@example.com`}, ${`PUSH ${tag}`}, ${`push-${tag}`}, (select id from roles where name = 'focustar'))
        returning id`);
      const subs = [];
      for (let i = 0; i < devices; i++) {
        const s = standin.subscribe(vapid.publicKey);
        subs.push(s);
        await database.db.execute(sql`
          insert into push_subscriptions (user_id, endpoint, p256dh, auth, device)
          values (${u!.id}, ${s.endpoint}, ${s.keys.p256dh}, ${s.keys.auth}, 'android')`);
      }
      return { userId: String(u!.id), subs };
    }
    const delivery = (userId: string): Delivery => ({
      id: '7',
      userId,
      kind: 'offer.arrived',
      recordKey: 'unit:1',
      channel: 'push',
      key: `${userId}:offer.arrived:unit:${randomBytes(3).toString('hex')}:push`,
      title: '拡散依頼のオファーが届きました',
      body: 'デモカフェから拡散依頼のオファーが届きました。',
      path: '/advertisements',
    });
    const sender = () => createPushSender({ vapid, appUrl: APP_URL });

    it("every device gets the title, body and the screen's address", async () => {
      const { userId } = await person(2);
      expect(await sender().deliver(database.db, delivery(userId))).toBe('sent');
      expect(standin.messages).toHaveLength(2);
      const payload = JSON.parse(standin.messages[0]!.payload) as Record<string, string>;
      expect(payload).toMatchObject({
        title: '拡散依頼のオファーが届きました',
        body: 'デモカフェから拡散依頼のオファーが届きました。',
        url: 'https://focustar.example/advertisements',
      });
      expect(payload.tag).toBe(standin.messages[0]!.topic);
    });

    it('410 Gone deletes the subscription; with none left the delivery is skipped', async () => {
      const { userId, subs } = await person(2);
      standin.expire(subs[0]!.endpoint);
      expect(await sender().deliver(database.db, delivery(userId))).toBe('sent');
      const left = await q<{ endpoint: string }>(
        sql`select endpoint from push_subscriptions where user_id = ${Number(userId)}`,
      );
      expect(left.map((r) => r.endpoint)).toEqual([subs[1]!.endpoint]);
      standin.expire(subs[1]!.endpoint);
      expect(await sender().deliver(database.db, delivery(userId))).toBe('skipped');
      expect(await q(sql`select 1 from push_subscriptions where user_id = ${Number(userId)}`)).toHaveLength(
        0,
      );
      const { userId: none } = await person(0);
      expect(await sender().deliver(database.db, delivery(none))).toBe('skipped');
    });

    it('429 from the push service throws (retried); the retry arrives', async () => {
      const { userId } = await person(1);
      const d = delivery(userId);
      standin.failNext(429);
      await expect(sender().deliver(database.db, d)).rejects.toBeInstanceOf(PushServiceError);
      expect(standin.messages).toHaveLength(0);
      expect(await sender().deliver(database.db, d)).toBe('sent');
      expect(standin.messages).toHaveLength(1);
    });
  });
}
