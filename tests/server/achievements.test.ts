import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  achievementsSchema,
  VOICE_MESSAGES,
  voiceAnswerSchema,
  voiceListSchema,
} from '../../contracts/achievements.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { createShortLink } from '../../server/platform/short-links.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 16 "Staff tools" / product design section 6: `/api/achievements` gives the real figures of the
 * top page (published shops, supporters, approved posts, clicks of posts), cached a few minutes, and the
 * customer voices staff publish (ADR 0094).
 */
const n = async (t: TestApp, query: ReturnType<typeof sql>) =>
  Number(rowsOf(await t.database.db.execute(query))[0]!.n);

for (const kind of DB_KINDS) {
  describe(`achievements and customer voices (issue 16) [${kind}]`, () => {
    let t: TestApp;
    let staff: TestClient;
    const guest = () => new TestClient(t.app);

    beforeAll(async () => {
      t = await createAccountsApp(kind);
      staff = await loginAs(t, 'staff@example.com');
    });
    afterAll(() => t.close());

    it('the figures are the database’s, only post clicks count, and the answer is cached for five minutes', async () => {
      const unit = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/u',
        purpose: 'unit',
      });
      const shrinker = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/s',
        purpose: 'shrinker',
      });
      await t.database.db.execute(sql`
        insert into short_link_clicks (link_id, day, clicks) values
          (${unit.id}, '2026-11-20', 4), (${unit.id}, '2026-11-21', 3), (${shrinker.id}, '2026-11-21', 50)`);
      const res = await guest().get('/api/achievements');
      expect(res.statusCode).toBe(200);
      const a = achievementsSchema.strict().parse(res.json());
      expect(a.shops).toBe(await n(t, sql`select count(*)::int as n from shops where status = '公開中'`));
      expect(a.shops).toBeGreaterThan(0);
      expect(a.supporters).toBe(
        await n(
          t,
          sql`select count(*)::int as n from users u join roles r on r.id = u.role_id where r.name = 'focustar' and u.deleted_at is null`,
        ),
      );
      expect(a.approved_posts).toBe(
        await n(t, sql`select count(*)::int as n from units where status = 'approved'`),
      );
      const seedClicks = await n(
        t,
        sql`select coalesce(sum(c.clicks),0)::int as n from short_link_clicks c join short_links l on l.id = c.link_id where l.purpose = 'unit'`,
      );
      expect(a.clicks).toBe(seedClicks);
      expect(a.clicks).toBeGreaterThanOrEqual(7);

      // Cached: a new click does not show until the cache runs out.
      await t.database.db.execute(
        sql`update short_link_clicks set clicks = clicks + 100 where link_id = ${unit.id}`,
      );
      expect(achievementsSchema.parse((await guest().get('/api/achievements')).json()).clicks).toBe(a.clicks);
    });

    it('staff write voices; only published ones reach the top page, in staff order; a change shows at once', async () => {
      const create = (body: object) => staff.post('/api/customer-voices', body);
      const draft = voiceAnswerSchema.parse(
        (
          await create({
            name: 'カフェ店主（東京都）',
            kind: 'shop',
            body: '常連さんの投稿で新しいお客さまが増えました。',
          })
        ).json(),
      ).item;
      expect(draft.published).toBe(false);
      const live = await create({
        name: '大学生（大阪府）',
        kind: 'supporter',
        body: '好きなお店を紹介してお小遣いがもらえるのがうれしいです。',
        published: true,
      });
      expect(live.statusCode, live.body).toBe(201);
      const top = achievementsSchema.parse((await guest().get('/api/achievements')).json());
      expect(top.voices.map((v) => v.name)).toEqual(['大学生（大阪府）']);

      const published = await staff.put(`/api/customer-voices/${draft.id}`, {
        published: true,
        position: -0,
      });
      expect(published.json()).toMatchObject({ message: VOICE_MESSAGES.saved, item: { published: true } });
      const again = achievementsSchema.parse((await guest().get('/api/achievements')).json());
      expect(again.voices).toHaveLength(2);

      await staff.delete(`/api/customer-voices/${draft.id}`);
      const list = voiceListSchema.parse((await staff.get('/api/customer-voices')).json());
      expect(list.items.map((v) => v.id)).not.toContain(draft.id);
      expect(achievementsSchema.parse((await guest().get('/api/achievements')).json()).voices).toHaveLength(
        1,
      );
    });

    it('bad voices are 422 in Japanese per field; strangers cannot write', async () => {
      const res = await staff.post('/api/customer-voices', {
        name: ' ',
        kind: 'guest',
        body: 'あ'.repeat(301),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        name: [VOICE_MESSAGES.name],
        kind: [VOICE_MESSAGES.kind],
        body: [VOICE_MESSAGES.bodyLong],
      });
      const fan = await loginAs(t, 'fan1@example.com');
      expect(
        (await fan.post('/api/customer-voices', { name: 'a', kind: 'shop', body: 'b' })).statusCode,
      ).toBe(403);
      expect((await guest().get('/api/customer-voices')).statusCode).toBe(401);
    });
  });
}
