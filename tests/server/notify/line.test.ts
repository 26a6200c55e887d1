import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/platform/db/client.ts';
import type { Delivery } from '../../../server/platform/notify/channel.ts';
import { createLineSender, LineApiError, lineRetryKey } from '../../../server/platform/notify/line.ts';
import { type LineStandin, startLineStandin } from '../../../server/platform/notify/line-standin.ts';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../../support/db.ts';

/**
 * Issue 26 "Channels: LINE": the LINE sender against the local stand-in of the Messaging API, which answers as
 * LINE documents (developers.line.biz: status codes, error responses, retrying API requests).
 */
const APP_URL = 'https://focustar.example';

for (const kind of DB_KINDS) {
  describe(`LINE channel: push message to a linked LINE login (issue 26) [${kind}]`, () => {
    let database: TestDatabase;
    let standin: LineStandin;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      standin = await startLineStandin();
    });
    afterAll(async () => {
      await standin.close();
      await database.close();
    });
    beforeEach(() => standin.clear());

    /** A person, LINE-linked (with this LINE user id) or not. */
    async function person(lineUserId: string | null) {
      const db = database.db;
      await db.execute(
        sql`insert into roles (name, priority) values ('focustar', 10) on conflict (name) do nothing`,
      );
      const tag = randomBytes(4).toString('hex');
      const [u] = rowsOf<{ id: number }>(
        await db.execute(sql`
          insert into users (email, name, screen_name, role_id)
          values (${`line-${tag}@example.com`}, ${`LINE ${tag}`}, ${`line-${tag}`},
                  (select id from roles where name = 'focustar'))
          returning id`),
      );
      if (lineUserId)
        await db.execute(sql`
          insert into social_accounts (user_id, provider, provider_user_id, status)
          values (${u!.id}, 'line', ${lineUserId}, '承認')`);
      return String(u!.id);
    }
    const lineId = () => `U${randomBytes(16).toString('hex')}`;
    const delivery = (userId: string, over: Partial<Delivery> = {}): Delivery => ({
      id: '1',
      userId,
      kind: 'post.approved',
      recordKey: `unit:${randomBytes(3).toString('hex')}`,
      channel: 'line',
      key: `${userId}:post.approved:unit:${randomBytes(3).toString('hex')}:line`,
      title: '投稿が承認されました',
      body: 'デモカフェの拡散依頼の投稿が承認されました。報酬 500円 は2026年12月3日（木）に確定します。',
      path: '/history',
      ...over,
    });
    const sender = (token = standin.token) =>
      createLineSender({ apiUrl: standin.url, token, appUrl: APP_URL });

    it('sends a Flex Message with the texts and a button that opens APP_URL + path, to the LINE user id', async () => {
      const to = lineId();
      const userId = await person(to);
      const d = delivery(userId);
      expect(await sender().deliver(database.db, d)).toBe('sent');
      expect(standin.sent).toHaveLength(1);
      const [message] = standin.sent;
      expect(message!.to).toBe(to);
      expect(message!.retryKey).toBe(lineRetryKey(d.key));
      const flex = message!.messages[0] as { type: string; altText: string; contents: unknown };
      expect(flex.type).toBe('flex');
      expect(flex.altText).toContain('投稿が承認されました');
      const json = JSON.stringify(flex.contents);
      expect(json).toContain('報酬 500円');
      expect(json).toContain('"uri":"https://focustar.example/history"');
      expect(json).toContain('画面を開く');
    });

    it('a repeat of one delivery carries the same X-Line-Retry-Key: LINE answers 409 and nothing is sent twice', async () => {
      const userId = await person(lineId());
      const d = delivery(userId);
      expect(await sender().deliver(database.db, d)).toBe('sent');
      expect(await sender().deliver(database.db, d)).toBe('sent');
      expect(standin.requests.map((r) => r.status)).toEqual([200, 409]);
      expect(standin.sent).toHaveLength(1);
      // Another delivery (another key) is another message.
      expect(await sender().deliver(database.db, delivery(userId))).toBe('sent');
      expect(standin.sent).toHaveLength(2);
    });

    it('the retry key is a UUID, stable for a key and different between keys', () => {
      expect(lineRetryKey('1:a:b:line')).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(lineRetryKey('1:a:b:line')).toBe(lineRetryKey('1:a:b:line'));
      expect(lineRetryKey('1:a:b:line')).not.toBe(lineRetryKey('1:a:c:line'));
    });

    it('a wrong channel access token: LINE answers 401 and the delivery throws (retried until the token is fixed)', async () => {
      const userId = await person(lineId());
      const err = await sender('wrong-token')
        .deliver(database.db, delivery(userId))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LineApiError);
      expect((err as LineApiError).status).toBe(401);
      expect(JSON.stringify((err as LineApiError).body)).toContain('Authentication failed');
      expect(standin.sent).toHaveLength(0);
    });

    it('429 (rate limit) throws, and the retry with the same key is sent once', async () => {
      const userId = await person(lineId());
      const d = delivery(userId);
      standin.failNext(429);
      const err = await sender()
        .deliver(database.db, d)
        .catch((e: unknown) => e);
      expect((err as LineApiError).status).toBe(429);
      expect(standin.sent).toHaveLength(0);
      expect(await sender().deliver(database.db, d)).toBe('sent');
      expect(standin.sent).toHaveLength(1);
      standin.failNext(500);
      await expect(sender().deliver(database.db, delivery(userId))).rejects.toBeInstanceOf(LineApiError);
    });

    it('400 (a recipient LINE refuses) ends the delivery as skipped; so does a person with no LINE linked', async () => {
      const bad = await person('not-a-line-user-id');
      expect(await sender().deliver(database.db, delivery(bad))).toBe('skipped');
      expect(standin.requests.at(-1)?.status).toBe(400);
      const unlinked = await person(null);
      const before = standin.requests.length;
      expect(await sender().deliver(database.db, delivery(unlinked))).toBe('skipped');
      expect(standin.requests.length).toBe(before);
      expect(standin.sent).toHaveLength(0);
    });

    it('the stand-in validates the body as LINE does: 400 with details per property', async () => {
      const res = await fetch(`${standin.url}/v2/bot/message/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${standin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: lineId(), messages: [{ type: 'text', text: '' }, { type: 'bogus' }] }),
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; details: { property: string }[] };
      expect(body.message).toBe('The request body has 2 error(s)');
      expect(body.details.map((d) => d.property)).toEqual(['messages[0].text', 'messages[1].type']);
      const badKey = await fetch(`${standin.url}/v2/bot/message/push`, {
        method: 'POST',
        headers: { authorization: `Bearer ${standin.token}`, 'x-line-retry-key': 'nope' },
        body: JSON.stringify({ to: lineId(), messages: [{ type: 'text', text: 'a' }] }),
      });
      expect(badKey.status).toBe(400);
    });
  });
}
