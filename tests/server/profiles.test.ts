import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { NUL_MESSAGE } from '../../server/platform/plugins/zod.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../server/seed/demo.ts';
import { companies, shops, users } from '../../server/features/schema.ts';
import {
  PROFILE_MESSAGES,
  PROFILE_SCREEN_NAME,
  publicProfileSchema,
  shopProfileSchema,
  userProfileSchema,
} from '../../contracts/profiles.ts';
import { createTestApp, type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';

/**
 * GET /api/profiles/{screen_name}: the public profile behind `/{screen_name}` (seed spec section 2), on
 * the real app and the seeded demo data.
 */
const JAPANESE = /[ぁ-んァ-ヶ一-龠々ー]/;
const encodeSegment = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

for (const kind of DB_KINDS) {
  describe(`public profiles: GET /api/profiles/{screen_name} (seed spec section 2) [${kind}]`, () => {
    let t: TestApp;
    let guest: TestClient;
    beforeAll(async () => {
      t = await createTestApp(kind);
      await seedDemoData(t.database.db);
      guest = new TestClient(t.app);
    });
    afterAll(() => t.close());

    it('a published shop answers its public details and its supporter count (seed spec sections 2 and 3)', async () => {
      const res = await guest.get('/api/profiles/demo-cafe');
      expect(res.statusCode, res.body).toBe(200);
      const body = shopProfileSchema.strict().parse(res.json());
      expect(body).toMatchObject({
        type: 'shop',
        name: 'デモカフェ 渋谷店',
        screen_name: 'demo-cafe',
        category: 'カフェ',
        prefecture: '東京都',
        address: '東京都渋谷区神南1-2-3 デモビル1F',
        opening_hours: '9:00〜20:00（火曜定休）',
        // The seed has four supporters following shop 1.
        favoriters_count: 4,
      });
      expect(body.description).toMatch(/自家焙煎/);
      // Nothing about the company, the review or the flags leaves the server.
      expect(res.body).not.toMatch(/company|status|flag|phone|株式会社/);
    });

    it('the supporter count follows the favourites table (seed spec section 3: favoriters_count)', async () => {
      const [shop] = await t.database.db
        .select({ id: shops.id })
        .from(shops)
        .where(sql`screen_name = 'demo-cafe'`);
      await t.database.db.execute(
        sql`delete from favorites where shop_id = ${shop!.id} and user_id = (select id from users where screen_name = 'demo-fan3')`,
      );
      expect((await guest.get('/api/profiles/demo-cafe')).json().favoriters_count).toBe(3);
      await t.database.db.execute(
        sql`insert into favorites (user_id, shop_id) select id, ${shop!.id} from users where screen_name = 'demo-fan3'`,
      );
      expect((await guest.get('/api/profiles/demo-cafe')).json().favoriters_count).toBe(4);
    });

    it('a shop that is not published (under review, rejected, hidden) is a 404 for everyone (seed spec section 2)', async () => {
      const bakery = await guest.get('/api/profiles/demo-bakery');
      expect(bakery.statusCode).toBe(404);
      expect(bakery.json()).toEqual({ message: PROFILE_MESSAGES.notFound });
      // Its own owner, signed in, gets the same answer: the public page shows only what the public sees.
      const owner = new TestClient(t.app);
      const [ownerRow] = await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`email = 'owner@example.com'`);
      owner.token = await t.app.accounts.tokens.issue(ownerRow!.id, 'profiles-test');
      expect((await owner.get('/api/profiles/demo-bakery')).statusCode).toBe(404);
      for (const status of ['審査NG', '非公開']) {
        await t.database.db.execute(sql`update shops set status = ${status} where screen_name = 'demo-cafe'`);
        expect((await guest.get('/api/profiles/demo-cafe')).statusCode, status).toBe(404);
      }
      await t.database.db.execute(sql`update shops set status = '公開中' where screen_name = 'demo-cafe'`);
      expect((await guest.get('/api/profiles/demo-cafe')).statusCode).toBe(200);
    });

    it('a supporter answers name, bio and the published shops they follow, without e-mail or ids (seed spec section 2)', async () => {
      await t.database.db.execute(
        sql`update users set bio = 'カフェ巡りが好きです。' where screen_name = 'demo-supporter'`,
      );
      const res = await guest.get('/api/profiles/demo-supporter');
      expect(res.statusCode, res.body).toBe(200);
      const body = userProfileSchema.strict().parse(res.json());
      expect(body).toEqual({
        type: 'user',
        name: '山田 花子',
        screen_name: 'demo-supporter',
        bio: 'カフェ巡りが好きです。',
        avatar_url: null,
        favorites_count: 1,
        // Issue 16: the approved SNS account of the seed; followed shops stay private unless allowed.
        sns_accounts: [
          {
            provider: 'instagram',
            handle: 'hanako_cafe_walk',
            profile_url: 'https://www.instagram.com/hanako_cafe_walk/',
          },
          // Issue 23: the demo supporter also posts from an approved X account.
          { provider: 'x', handle: 'demo_supporter', profile_url: 'https://x.com/demo_supporter' },
        ],
        favorite_shops: null,
      });
      expect(res.body).not.toMatch(/@|email|"id"|prefecture|東京都|承認|role/);
    });

    it('an unknown name is a 404 with a Japanese message (seed spec section 2)', async () => {
      const res = await guest.get('/api/profiles/no-such-person');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PROFILE_MESSAGES.notFound);
      expect(res.json().message).toMatch(JAPANESE);
    });

    it('names are matched case-insensitively and answered as registered (seed spec section 2)', async () => {
      const shop = await guest.get('/api/profiles/DEMO-Cafe');
      expect(shop.statusCode).toBe(200);
      expect(shop.json()).toMatchObject({ type: 'shop', screen_name: 'demo-cafe' });
      const user = await guest.get('/api/profiles/Demo-SUPPORTER');
      expect(user.statusCode).toBe(200);
      expect(user.json()).toMatchObject({ type: 'user', screen_name: 'demo-supporter' });
    });

    it('a user who left (anonymised, deleted_at set) has no profile (seed spec section 2)', async () => {
      const [row] = await t.database.db
        .insert(users)
        .values({ name: '中村 退会予定', screenName: 'soon-gone', roleId: 3, status: '承認' })
        .returning({ id: users.id });
      expect((await guest.get('/api/profiles/soon-gone')).statusCode).toBe(200);
      // What POST /api/leave does to the row (name, screen_name and deleted_at), without changing the name
      // first, so that the WHERE on deleted_at alone is what hides it.
      await t.database.db.execute(sql`update users set deleted_at = now() where id = ${row!.id}`);
      expect((await guest.get('/api/profiles/soon-gone')).statusCode).toBe(404);
    });

    it('a shop and a supporter with the same name: the shop is answered (ADR 0050)', async () => {
      const [company] = await t.database.db
        .insert(companies)
        .values({ name: 'テスト商店', paidStatus: '利用可能（取引あり）' })
        .returning({ id: companies.id });
      await t.database.db
        .insert(users)
        .values({ name: '小林 同名', screenName: 'Same-Name', roleId: 3, status: '承認' });
      expect((await guest.get('/api/profiles/same-name')).json().type).toBe('user');
      await t.database.db.insert(shops).values({
        companyId: company!.id,
        name: '同名食堂',
        screenName: 'same-name',
        status: '審査待ち（審査完了後に拡散依頼が可能になります）',
      });
      // Not published yet: the supporter is still the answer, and the shop is not disclosed.
      expect((await guest.get('/api/profiles/same-name')).json()).toMatchObject({
        type: 'user',
        name: '小林 同名',
      });
      await t.database.db.execute(sql`update shops set status = '公開中' where screen_name = 'same-name'`);
      expect((await guest.get('/api/profiles/same-name')).json()).toMatchObject({
        type: 'shop',
        name: '同名食堂',
      });
    });

    it('names that break the rule (1..30 of A-Z a-z 0-9 _ -) are a 422 in Japanese, never a 5xx (seed spec section 5)', async () => {
      for (const bad of [
        'a'.repeat(31),
        'bad name',
        'ユーザー',
        'a.b',
        'a%2Fb',
        "o'neil",
        '%00',
        '%F0%9F%98%80',
        '',
      ]) {
        const res = await guest.get(`/api/profiles/${bad}`);
        expect(res.statusCode, `${bad} -> ${res.body}`).toBe(422);
        // A NUL is refused for every route before the route's own rule (server/plugins/zod.ts).
        const expected = bad === '%00' ? NUL_MESSAGE : PROFILE_MESSAGES.badScreenName;
        expect(res.json().message).toBe(expected);
        expect(res.json().errors.screen_name).toEqual([expected]);
      }
      await fc.assert(
        fc.asyncProperty(
          fc
            .oneof(
              fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
              fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
              fc.constantFrom('../../etc/passwd', "' or 1=1 --", '\uD800', '\u202Edemo', '..', '.'),
            )
            // Longer segments never reach routing (Fastify's maxParamLength, see bad-input.test.ts).
            .filter((s) => encodeSegment(s).length <= 200),
          async (name) => {
            const res = await guest.get(`/api/profiles/${encodeSegment(name)}`);
            expect(res.statusCode, `${JSON.stringify(name)} -> ${res.statusCode}`).toBeLessThan(500);
            expect(res.json().message).toMatch(JAPANESE);
            if (PROFILE_SCREEN_NAME.test(name)) expect([200, 404]).toContain(res.statusCode);
            // Dot segments are resolved by URL parsing before routing: /api/profiles/.. is /api/ (404),
            // /api/profiles/. is /api/profiles/ (an empty name, 422).
            else if (name === '.' || name === '..') expect([404, 422]).toContain(res.statusCode);
            else expect(res.statusCode).toBe(422);
          },
        ),
        { numRuns: 60 },
      );
    });

    it('every 200 answer parses with the shared contract (seed spec section 2)', async () => {
      for (const name of ['demo-cafe', 'demo-owner', 'demo-admin']) {
        const res = await guest.get(`/api/profiles/${name}`);
        expect(res.statusCode).toBe(200);
        expect(publicProfileSchema.safeParse(res.json()).success).toBe(true);
      }
    });
  });
}
