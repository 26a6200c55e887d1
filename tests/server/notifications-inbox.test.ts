import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  markReadResultSchema,
  NOTIFICATIONS_PAGE_SIZE,
  notificationsPageSchema,
} from '../../contracts/notifications.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, JAPANESE, loginAs, userIdOf } from './helpers.ts';

/**
 * Issue 26 "Channels, In-app" (ADR 0176): GET /api/notifications (keyset pages, newest first),
 * GET /api/notifications/unread-count (`{ "count": n }`, a 304 for an unchanged ETag) and
 * POST /api/notifications/read (`{ "ids": [..] }` or `{ "all": true }`), each person's own rows only.
 */
for (const kind of DB_KINDS) {
  describe(`in-app notifications (issue 26) [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    /** A fresh approved supporter, signed in, with `n` notifications (oldest first). */
    async function supporter(n: number): Promise<{ id: number; client: TestClient; ids: number[] }> {
      const tag = randomBytes(4).toString('hex');
      const email = `inbox-${tag}@example.com`;
      await t.database.db.execute(sql`
        insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at)
        select ${email}, password_hash, ${`お知らせ ${tag}`}, ${`inbox-${tag}`}, role_id, '承認', now()
          from users where email = 'supporter@example.com'`);
      const id = await userIdOf(t, email);
      const ids: number[] = [];
      for (let i = 1; i <= n; i++) ids.push(await add(id, `post:${tag}-${i}`, `承認 ${i}`));
      return { id, client: await loginAs(t, email), ids };
    }
    async function add(userId: number, record: string, title: string): Promise<number> {
      const res = (await t.database.db.execute(sql`
        insert into notifications (user_id, kind, record_key, title, body, path)
        values (${userId}, 'post.approved', ${record}, ${title}, '投稿が承認されました。', '/history')
        returning id`)) as unknown as { rows: { id: string | number }[] };
      return Number(res.rows[0]!.id);
    }
    const count = async (c: TestClient) => {
      const res = await c.get('/api/notifications/unread-count');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { count: number };
    };

    it('pages newest first, 20 a page, with next_before until the last page', async () => {
      const { client, ids } = await supporter(NOTIFICATIONS_PAGE_SIZE + 3);
      const first = notificationsPageSchema.parse((await client.get('/api/notifications')).json());
      expect(first.data).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
      expect(first.data[0]!.id).toBe(ids.at(-1));
      expect(first.data[0]).toMatchObject({ title: `承認 ${ids.length}`, path: '/history', read: false });
      expect(first.unread).toBe(ids.length);
      expect(first.next_before).toBe(first.data.at(-1)!.id);
      const second = notificationsPageSchema.parse(
        (await client.get(`/api/notifications?before=${first.next_before}`)).json(),
      );
      expect(second.data.map((n) => n.id)).toEqual(ids.slice(0, 3).reverse());
      expect(second.next_before).toBeNull();
    });

    it('the unread count is { "count": n } with an ETag; the same ETag is a bodiless 304 until it changes', async () => {
      const { id, client } = await supporter(2);
      const res = await client.get('/api/notifications/unread-count');
      expect(res.json()).toEqual({ count: 2 });
      const etag = res.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await client.get('/api/notifications/unread-count', { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await add(id, `post:new-${randomBytes(3).toString('hex')}`, '新着');
      const changed = await client.get('/api/notifications/unread-count', { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toEqual({ count: 3 });
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('marks the given ids read, then all; the count follows', async () => {
      const { client, ids } = await supporter(3);
      const one = await client.post('/api/notifications/read', { ids: [ids[0]] });
      expect(one.statusCode, one.body).toBe(200);
      expect(markReadResultSchema.parse(one.json())).toEqual({ updated: 1, unread: 2 });
      const list = notificationsPageSchema.parse((await client.get('/api/notifications')).json());
      expect(list.data.find((n) => n.id === ids[0])!.read).toBe(true);
      expect(list.data.find((n) => n.id === ids[1])!.read).toBe(false);
      expect(await count(client)).toEqual({ count: 2 });
      const all = await client.post('/api/notifications/read', { all: true });
      expect(all.json()).toEqual({ updated: 2, unread: 0 });
      expect(await count(client)).toEqual({ count: 0 });
    });

    it("another person's ids are left untouched, by ids and by all", async () => {
      const me = await supporter(1);
      const other = await supporter(2);
      const res = await me.client.post('/api/notifications/read', { ids: [...other.ids, me.ids[0]] });
      expect(res.json()).toEqual({ updated: 1, unread: 0 });
      await me.client.post('/api/notifications/read', { all: true });
      expect(await count(other.client)).toEqual({ count: 2 });
      const theirs = notificationsPageSchema.parse((await other.client.get('/api/notifications')).json());
      expect(theirs.data.every((n) => !n.read)).toBe(true);
      // Nor can a page show them: `before` pages only the caller's rows.
      const mine = notificationsPageSchema.parse(
        (await me.client.get(`/api/notifications?before=${other.ids[1]! + 1}`)).json(),
      );
      expect(mine.data.map((n) => n.id)).toEqual(me.ids);
    });

    it('bad input is a 422 with a Japanese message per field, and nothing changes', async () => {
      const { client } = await supporter(1);
      for (const body of [
        {},
        { ids: [] },
        { ids: ['a'] },
        { ids: [0] },
        { all: false },
        { ids: [1], all: true },
      ]) {
        const res = await client.post('/api/notifications/read', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().message).toMatch(JAPANESE);
        const fields = Object.keys(res.json().errors ?? {});
        expect(fields.length, JSON.stringify(body)).toBeGreaterThan(0);
        for (const field of fields) expect(field).toMatch(/^(ids|all)(\.|$)/);
      }
      const tooMany = await client.post('/api/notifications/read', {
        ids: Array.from({ length: 101 }, (_, i) => i + 1),
      });
      expect(tooMany.statusCode).toBe(422);
      expect(JSON.stringify(tooMany.json().errors)).toMatch(/100件/);
      const before = await client.get('/api/notifications?before=abc');
      expect(before.statusCode).toBe(422);
      expect(before.json().errors.before[0]).toMatch(JAPANESE);
      expect(await count(client)).toEqual({ count: 1 });
    });

    it('a guest is asked to log in', async () => {
      const guest = new TestClient(t.app);
      expect((await guest.get('/api/notifications/unread-count')).statusCode).toBe(401);
      expect((await guest.post('/api/notifications/read', { all: true })).statusCode).toBe(401);
    });
  });
}
