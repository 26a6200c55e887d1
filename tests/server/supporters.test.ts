import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userProfileSchema } from '../../contracts/profiles.ts';
import {
  profileSchema,
  snsAccountSchema,
  snsReviewPageSchema,
  supporterDetailSchema,
  supporterPageSchema,
} from '../../contracts/supporters.ts';
import type { OwnershipCheck } from '../../server/features/supporters/ownership.ts';
import { fetchOwnershipChecker } from '../../server/features/supporters/ownership.ts';
import { users } from '../../server/features/schema.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { multipart } from '../support/multipart.ts';
import { createAccountsApp, JAPANESE, loginAs, mailMatching, userIdOf } from './helpers.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 16 (supporter accounts, SNS accounts and the staff tools), the server side: SNS accounts added by
 * handle and reviewed by staff with a mail, the ownership-code check behind its interface, the
 * supporter's own profile with the reserved/shop-name rule and savedFirstProfile, the public page's
 * additions, and the staff's supporter list (search, filters, keyset pages, CSV, status with a reason).
 */
/**
 * Issue 28 (3): the handles a test claims end in `_t` and a number no other test uses, so a test reads the
 * demo seed's accounts and its own, never another test's (lists and the review queue leave those out).
 */
const TEST_HANDLE = /_t\d+$/;
/** Of `handles`, the demo seed's and those in `own` (in their order). */
const seedAnd = (handles: string[], own: string[]) =>
  handles.filter((h) => !TEST_HANDLE.test(h) || own.includes(h));

for (const kind of DB_KINDS) {
  describe(`supporters: SNS accounts, profile and the supporter list (issue 16) [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let supporter: TestClient;
    let fan: TestClient;
    let staff: TestClient;
    let check: OwnershipCheck = 'unavailable';
    const checked: string[] = [];

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
      t.app.supporters.ownership = {
        check: async (account, code) => {
          checked.push(`${account.platform}:${account.handle}:${code}`);
          return check;
        },
      };
      supporter = await loginAs(t, 'supporter@example.com');
      fan = await loginAs(t, 'fan1@example.com');
      staff = await loginAs(t, 'staff@example.com');
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    // Issue 28 (3): every test claims handles of its own with these, so any test passes alone and in any order.
    let made = 0;
    /** `base` with a suffix no other test's handle has. */
    const handle = (base: string) => {
      made += 1;
      return `${base}_t${made}`;
    };
    /** A handle claimed by `client` (審査中). */
    const claim = async (client: TestClient, provider: string, h: string) => {
      const res = await client.post('/api/social-accounts', { provider, handle: h });
      expect(res.statusCode, res.body).toBe(201);
      return snsAccountSchema.parse(res.json());
    };
    /** The handles of `client`'s accounts: the seed's and `own`. */
    const handlesOf = async (client: TestClient, own: string[]) =>
      seedAnd(
        ((await client.get('/api/social-accounts')).json().items as { handle: string }[]).map(
          (a) => a.handle,
        ),
        own,
      );
    /** The staff's review queue: the seed's waiting accounts and `own`. */
    const queue = async (own: string[]) => {
      const page = snsReviewPageSchema.parse((await staff.get('/api/social-accounts/review')).json());
      return page.items.filter((i) => seedAnd([i.handle], own).length > 0);
    };
    // A supporter holds 10 accounts at most: each test's claims are taken away after it, so the demo
    // supporters hold the seed's accounts again when the next test starts.
    afterEach(async () => {
      await t.database.db.execute(sql`delete from sns_accounts where handle ~ '_t[0-9]+$'`);
    });
    /** A supporter of this test alone (no SNS account yet), with their id. */
    const freshSupporter = async (local: string) => {
      const email = `${handle(local).replace(/_/g, '-')}@example.com`;
      return { email, id: await createMember(t, email, 'demo-pass-2026') };
    };

    it('a supporter adds an Instagram handle as typed (＠, full-width, URL); it starts 審査中 with a code', async () => {
      const cafe = handle('hanako_cafe');
      const x = handle('hanako_x');
      const res = await supporter.post('/api/social-accounts', {
        provider: 'instagram',
        // Typed with the IME on: a full-width ＠ and full-width letters.
        handle: `＠ｈａｎａｋｏ${cafe.slice('hanako'.length)}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const account = snsAccountSchema.parse(res.json());
      expect(account).toMatchObject({
        provider: 'instagram',
        handle: cafe,
        profile_url: `https://www.instagram.com/${cafe}/`,
        status: '審査中',
        follower_count: null,
      });
      expect(account.ownership_code).toMatch(/^FOCUS-[A-Z2-9]{6}$/);
      const fromUrl = await supporter.post('/api/social-accounts', {
        provider: 'x',
        handle: `https://x.com/${x}?lang=ja`,
      });
      expect(fromUrl.json()).toMatchObject({ handle: x, status: '審査中' });
      // The seed's approved accounts first (issue 23: every demo supporter posts from one), then the new ones.
      expect(await handlesOf(supporter, [cafe, x])).toEqual(['hanako_cafe_walk', 'demo_supporter', cafe, x]);
    });

    it('a handle is claimed once: the same supporter again, another supporter, a bad shape are 422 in Japanese', async () => {
      const cafe = handle('hanako_cafe');
      await claim(supporter, 'instagram', cafe);
      const again = await supporter.post('/api/social-accounts', {
        provider: 'instagram',
        handle: cafe.toUpperCase(),
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.handle[0]).toBe('このアカウントはすでに登録されています。');
      const other = await fan.post('/api/social-accounts', { provider: 'instagram', handle: cafe });
      expect(other.statusCode).toBe(422);
      expect(other.json().errors.handle[0]).toMatch(/別のフォーカスター/);
      const shape = await fan.post('/api/social-accounts', { provider: 'x', handle: 'has space!' });
      expect(shape.statusCode).toBe(422);
      expect(shape.json().errors.handle[0]).toMatch(/^Xのアカウント名は/);
      const platform = await fan.post('/api/social-accounts', { provider: 'facebook', handle: 'abc' });
      expect(platform.json().errors.provider[0]).toBe('SNSの種類を選んでください。');
    });

    it('staff see the queue oldest first with the handle, the profile link and who sent it', async () => {
      const cafe = handle('hanako_cafe');
      const x = handle('hanako_x');
      await claim(supporter, 'instagram', cafe);
      await claim(supporter, 'x', x);
      const res = await staff.get('/api/social-accounts/review');
      expect(res.statusCode, res.body).toBe(200);
      const page = snsReviewPageSchema.parse(res.json());
      const items = page.items.filter((i) => seedAnd([i.handle], [cafe, x]).length > 0);
      // The seed's two waiting accounts came first; the approved one is not in the queue.
      expect(items.map((i) => i.handle)).toEqual(['misaki_gourmet', 'sho_eats', cafe, x]);
      expect(items[2]!.user.screen_name).toBe('demo-supporter');
      expect(items[2]!.profile_url).toBe(`https://www.instagram.com/${cafe}/`);
      expect(page.next_cursor).toBeNull();
      expect(res.body).not.toMatch(/supporter@example\.com/);
    });

    it('approval runs the ownership check: a missing code is refused; found approves, sets the count and mails', async () => {
      const cafe = handle('hanako_cafe');
      await claim(supporter, 'instagram', cafe);
      const first = (await queue([cafe])).find((i) => i.handle === cafe)!;
      check = 'not_found';
      const refused = await staff.post(`/api/social-accounts/${first.id}/approve`, {});
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toContain(first.ownership_code);
      expect(checked.at(-1)).toBe(`instagram:${cafe}:${first.ownership_code}`);
      check = 'found';
      const approved = await staff.post(`/api/social-accounts/${first.id}/approve`, { follower_count: 1234 });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({
        status: '承認',
        follower_count: 1234,
        ownership_check: 'found',
      });
      const mine = (
        (await supporter.get('/api/social-accounts')).json().items as { handle: string }[]
      ).filter((a) => seedAnd([a.handle], [cafe]).length > 0);
      expect(mine[2]).toMatchObject({ handle: cafe, status: '承認' });
      // The mail about this handle (other tests' mails to the supporter may come before or after it).
      const sent = await mailMatching(mail, 'supporter@example.com', (m) => m.text.includes(`「@${cafe}」`));
      expect(sent.subject).toBe('【Focustar】SNSアカウントが承認されました');
      expect(sent.text).toContain(`@${cafe}`);
      // Decided once: a second decision is a 409 and mails nothing.
      const again = await staff.post(`/api/social-accounts/${first.id}/reject`, { reason: '重複' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(JAPANESE);
    });

    it('rejection needs a reason, which the supporter reads in the mail; the handle is free again', async () => {
      const x = handle('hanako_x');
      await claim(supporter, 'x', x);
      const second = (await queue([x])).find((i) => i.handle === x)!;
      const noReason = await staff.post(`/api/social-accounts/${second.id}/reject`, { reason: '  ' });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().errors.reason).toEqual(['却下の理由を入力してください。']);
      const res = await staff.post(`/api/social-accounts/${second.id}/reject`, {
        reason: 'プロフィールに確認コードがありませんでした',
      });
      expect(res.json()).toMatchObject({
        status: '却下',
        reject_reason: 'プロフィールに確認コードがありませんでした',
      });
      const sent = await mailMatching(mail, 'supporter@example.com', (m) => m.text.includes(`「@${x}」`));
      expect(sent.text).toContain('理由：プロフィールに確認コードがありませんでした');
      // A rejected claim does not block the account's real owner.
      const owner = await fan.post('/api/social-accounts', { provider: 'x', handle: x });
      expect(owner.statusCode, owner.body).toBe(201);
      expect((await queue([x])).map((i) => i.handle)).toEqual(['misaki_gourmet', 'sho_eats', x]);
    });

    it("a supporter deletes their own account; another's id is a 404 and stays", async () => {
      const x = handle('hanako_x');
      await claim(fan, 'x', x);
      const fanAccounts = (
        (await fan.get('/api/social-accounts')).json().items as { id: number; handle: string }[]
      ).filter((a) => seedAnd([a.handle], [x]).length > 0);
      const fanAccount = fanAccounts[2]!;
      expect(fanAccount.handle).toBe(x);
      const notMine = await supporter.delete(`/api/social-accounts/${fanAccount.id}`);
      expect(notMine.statusCode).toBe(404);
      expect(await handlesOf(fan, [x])).toHaveLength(3);
      const mine = await fan.delete(`/api/social-accounts/${fanAccount.id}`);
      expect(mine.json()).toEqual({ message: 'SNSアカウントの登録を削除しました。' });
      expect(await handlesOf(fan, [x])).toEqual(['misaki_gourmet', 'demo_fan1']);
    });

    it('the public page shows approved SNS accounts only, and followed shops only when allowed', async () => {
      // One account approved, one still waiting: only the approved one is shown.
      const cafe = handle('hanako_cafe');
      const waiting = handle('hanako_x');
      const approvedId = (await claim(supporter, 'instagram', cafe)).id;
      await claim(supporter, 'x', waiting);
      check = 'found';
      expect((await staff.post(`/api/social-accounts/${approvedId}/approve`, {})).statusCode).toBe(200);
      const hidden = userProfileSchema.parse(
        (await new TestClient(t.app).get('/api/profiles/demo-supporter')).json(),
      );
      expect(hidden.sns_accounts.filter((a) => seedAnd([a.handle], [cafe, waiting]).length > 0)).toEqual([
        {
          provider: 'instagram',
          handle: 'hanako_cafe_walk',
          profile_url: 'https://www.instagram.com/hanako_cafe_walk/',
        },
        { provider: 'x', handle: 'demo_supporter', profile_url: 'https://x.com/demo_supporter' },
        {
          provider: 'instagram',
          handle: cafe,
          profile_url: `https://www.instagram.com/${cafe}/`,
        },
      ]);
      expect(hidden.favorite_shops).toBeNull();
      const profile = profileSchema.parse((await supporter.get('/api/users/me/profile')).json());
      const saved = await supporter.put('/api/users/me/profile', { ...profile, favorites_public: true });
      expect(saved.statusCode, saved.body).toBe(200);
      const shown = userProfileSchema.parse(
        (await new TestClient(t.app).get('/api/profiles/demo-supporter')).json(),
      );
      expect(shown.favorite_shops).toEqual([
        { name: 'デモカフェ 渋谷店', screen_name: 'demo-cafe', category: 'カフェ' },
      ]);
    });

    it('the profile saves name, screen name, bio, prefecture and a full-width birth year; raises savedFirstProfile', async () => {
      const id = await userIdOf(t, 'fan2@example.com');
      await t.database.db
        .update(users)
        .set({ flagStatus: {} })
        .where(sql`id = ${id}`);
      const client = await loginAs(t, 'fan2@example.com');
      const res = await client.put('/api/users/me/profile', {
        name: ' 田中 翔太 ',
        screen_name: 'shota_fan',
        bio: 'カフェ巡りが好きです。',
        prefecture: '大阪府',
        birth_year: '１９９５',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        name: '田中 翔太',
        screen_name: 'shota_fan',
        avatar_url: null,
        bio: 'カフェ巡りが好きです。',
        prefecture: '大阪府',
        birth_year: 1995,
        favorites_public: false,
      });
      const me = (await client.get('/api/me')).json();
      expect(me.flag_status.savedFirstProfile).toBe(true);
      expect(me.screen_name).toBe('shota_fan');
    });

    it('a reserved route name, a shop name and another user’s name are refused under screen_name', async () => {
      const base = { name: '山田 花子', bio: null, prefecture: null, birth_year: null };
      for (const [screen_name, message] of [
        ['admin-sns-examination', 'このユーザーIDは使用できません。'],
        ['Demo-Cafe', 'このユーザーIDはすでに使われています。'],
        ['demo-fan3', 'このユーザーIDはすでに使われています。'],
      ] as const) {
        const res = await supporter.put('/api/users/me/profile', { ...base, screen_name });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.screen_name).toEqual([message]);
      }
      const year = await supporter.put('/api/users/me/profile', {
        ...base,
        screen_name: 'demo-supporter',
        birth_year: 1800,
      });
      expect(year.json().errors.birth_year[0]).toMatch(/^生まれ年は1900年から/);
      const pref = await supporter.put('/api/users/me/profile', {
        ...base,
        screen_name: 'demo-supporter',
        prefecture: '東京',
      });
      expect(pref.json().errors.prefecture).toEqual(['都道府県を選んでください。']);
    });

    it('the avatar goes through the storage service: an image is stored and served, a non-image is a 422', async () => {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f39' } })
        .png()
        .toBuffer();
      const body = multipart({}, [
        { field: 'avatar', filename: 'me.png', contentType: 'image/png', data: png },
      ]);
      const res = await supporter.request({ method: 'PUT', url: '/api/users/me/avatar', ...body });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().avatar_url as string;
      expect(url).toMatch(/^\/media\/avatar\/\d{4}\/[0-9a-f]{32}\.webp$/);
      const image = await supporter.get(url);
      expect(image.statusCode).toBe(200);
      expect((await sharp(image.rawPayload).metadata()).width).toBe(400);
      const bad = multipart({}, [
        { field: 'avatar', filename: 'x.png', contentType: 'image/png', data: Buffer.from('no') },
      ]);
      const refused = await supporter.request({ method: 'PUT', url: '/api/users/me/avatar', ...bad });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.avatar[0]).toMatch(JAPANESE);
      // Replacing or removing deletes the old file.
      const removed = await supporter.delete('/api/users/me/avatar');
      expect(removed.json().avatar_url).toBeNull();
      expect((await supporter.get(url)).statusCode).toBe(404);
    });

    it('staff search and filter the supporter list; pages are 50 with a keyset cursor and never repeat', async () => {
      // A supporter of this test with three approved accounts, for the count of approved accounts below.
      const counted = await freshSupporter('counted');
      await t.database.db.execute(sql`
        insert into sns_accounts (user_id, platform, handle, status, ownership_code)
        values (${counted.id}, 'instagram', ${handle('counted_gram')}, '承認', 'FOCUS-CNT001'),
               (${counted.id}, 'x', ${handle('counted_x')}, '承認', 'FOCUS-CNT002'),
               (${counted.id}, 'tiktok', ${handle('counted_tok')}, '承認', 'FOCUS-CNT003')`);
      await t.database.db.insert(users).values(
        Array.from({ length: 60 }, (_, i) => ({
          name: `一括 ${i}`,
          screenName: `bulk-${String(i).padStart(2, '0')}`,
          email: `bulk${i}@example.com`,
          roleId: 3,
          prefecture: i % 2 ? '北海道' : '沖縄県',
          status: i % 3 ? '承認' : '審査中',
        })),
      );
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const url: string = `/api/users?sort=name${cursor ? `&cursor=${cursor}` : ''}`;
        const page = supporterPageSchema.parse((await staff.get(url)).json());
        expect(page.items.length).toBeLessThanOrEqual(50);
        seen.push(...page.items.map((i) => i.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(2);
      expect(new Set(seen).size).toBe(seen.length);
      // Every user who has not left is listed once (the demo seed's and the sixty above).
      const { n: living } = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from users where deleted_at is null`),
      )[0]!;
      expect(seen.length).toBe(living);
      expect(living).toBeGreaterThan(60);

      const q = supporterPageSchema.parse(
        (await staff.get(`/api/users?q=${encodeURIComponent('山田')}`)).json(),
      );
      expect(q.items.map((i) => i.screen_name)).toEqual(['demo-supporter']);
      const byMail = supporterPageSchema.parse((await staff.get('/api/users?q=bulk59%40')).json());
      expect(byMail.items.map((i) => i.screen_name)).toEqual(['bulk-59']);
      // ADR 0157: a whole address is that account (any case), not every address that contains it; a word
      // with @ after its start is the beginning of an address; a word from @ on, part of one.
      const search = async (word: string) =>
        supporterPageSchema.parse((await staff.get(`/api/users?q=${encodeURIComponent(word)}`)).json()).items;
      expect((await search('BULK7@Example.COM')).map((i) => i.screen_name)).toEqual(['bulk-07']);
      expect(await search('7@example.com')).toEqual([]);
      expect((await search('Bulk5@')).map((i) => i.screen_name)).toEqual(['bulk-05']);
      expect(await search('ulk5@')).toEqual([]);
      expect((await search('bulk_%@')).length).toBe(0);
      const domain = await search('@EXAMPLE.com');
      expect(domain.length).toBeGreaterThan(0);
      expect(domain.every((i) => i.email?.endsWith('@example.com'))).toBe(true);
      const filtered = supporterPageSchema.parse(
        (
          await staff.get(
            `/api/users?status=${encodeURIComponent('審査中')}&prefecture=${encodeURIComponent('沖縄県')}`,
          )
        ).json(),
      );
      expect(filtered.items.every((i) => i.status === '審査中' && i.prefecture === '沖縄県')).toBe(true);
      expect(filtered.items).toHaveLength(10);
      const withSns = supporterPageSchema.parse((await staff.get('/api/users?has_sns=true')).json());
      // Issue 23: every demo supporter has an approved account; this test's supporter has three.
      expect(withSns.items.every((i) => i.approved_sns_count > 0)).toBe(true);
      expect(withSns.items.map((i) => i.screen_name)).toEqual(
        expect.arrayContaining(['demo-supporter', 'demo-fan1']),
      );
      expect(withSns.items.find((i) => i.id === counted.id)!.approved_sns_count).toBe(3);
      const badCursor = await staff.get('/api/users?cursor=bm90LWpzb24');
      expect(badCursor.statusCode).toBe(422);
      expect(badCursor.json().errors.cursor[0]).toMatch(JAPANESE);
    });

    it('the CSV export has the filtered rows in Japanese with a BOM, defuses formulas and has no bank data', async () => {
      const id = await userIdOf(t, 'fan3@example.com');
      await t.database.db
        .update(users)
        .set({ name: '=HYPERLINK("x")' })
        .where(sql`id = ${id}`);
      const res = await staff.get(`/api/users/export?prefecture=${encodeURIComponent('東京都')}&sort=oldest`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(
        /attachment; filename="focustar-supporters-\d{8}\.csv"/,
      );
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      expect(lines[0]).toBe(
        'ID,お名前,ユーザーID,メールアドレス,都道府県,審査状況,承認済みSNS数,お気に入り数,登録日時',
      );
      // The header and one line per user in Tokyo who has not left (however many other tests moved away).
      const { n: inTokyo } = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from users where deleted_at is null and prefecture = '東京都'`,
        ),
      )[0]!;
      expect(inTokyo).toBeGreaterThan(1);
      expect(lines).toHaveLength(1 + inTokyo);
      expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
      expect(res.body).not.toMatch(/口座|bank/i);
    });

    it('staff read a supporter and change the status with a reason the supporter gets by mail; the history keeps it', async () => {
      // A supporter of this test (the decision would bar a demo supporter from the other tests), with three
      // approved accounts and a rejected one.
      const { email, id } = await freshSupporter('judged');
      await t.database.db.execute(sql`
        insert into sns_accounts (user_id, platform, handle, status, ownership_code)
        values (${id}, 'instagram', ${handle('judged_gram')}, '承認', 'FOCUS-JDG001'),
               (${id}, 'x', ${handle('judged_x')}, '承認', 'FOCUS-JDG002'),
               (${id}, 'tiktok', ${handle('judged_tok')}, '承認', 'FOCUS-JDG003'),
               (${id}, 'instagram', ${handle('judged_old')}, '却下', 'FOCUS-JDG004')`);
      const detail = supporterDetailSchema.parse((await staff.get(`/api/users/${id}`)).json());
      expect(detail.sns_accounts.map((a) => a.status)).toEqual(['承認', '承認', '承認', '却下']);
      const noReason = await staff.put(`/api/users/${id}/status`, { status: '却下' });
      expect(noReason.json().errors.reason).toEqual(['却下の理由を入力してください。']);
      const res = await staff.put(`/api/users/${id}/status`, {
        status: '却下',
        reason: '規約違反の投稿がありました',
      });
      expect(res.statusCode, res.body).toBe(200);
      const changed = supporterDetailSchema.parse(res.json());
      expect(changed.status).toBe('却下');
      expect(changed.status_history[0]).toMatchObject({
        status: '却下',
        reason: '規約違反の投稿がありました',
        reviewer_name: '運営 スタッフ',
      });
      const sent = await mailMatching(mail, email, (m) => m.subject.includes('審査状況'));
      expect(sent.subject).toBe('【Focustar】フォーカスター審査状況のお知らせ');
      expect(sent.text).toContain('運営からのご連絡：規約違反の投稿がありました');
      expect((await staff.get('/api/users/999999')).statusCode).toBe(404);
    });
  });
}

describe('the fetch ownership checker is honest about what it could read (ADR 0090)', () => {
  const page = (html: string, status = 200) =>
    (async () => new Response(html, { status })) as unknown as typeof fetch;
  const account = { platform: 'instagram' as const, handle: 'a', profileUrl: 'https://www.instagram.com/a/' };

  it('found when the code is on the page; not_found only when a bio was readable; else unavailable', async () => {
    const bio = '<meta property="og:description" content="カフェ好き">';
    expect(
      await fetchOwnershipChecker({ fetchImpl: page(`${bio} FOCUS-ABC234`) }).check(account, 'FOCUS-ABC234'),
    ).toBe('found');
    expect(await fetchOwnershipChecker({ fetchImpl: page(bio) }).check(account, 'FOCUS-ABC234')).toBe(
      'not_found',
    );
    expect(
      await fetchOwnershipChecker({ fetchImpl: page('<script></script>') }).check(account, 'FOCUS-ABC234'),
    ).toBe('unavailable');
    expect(await fetchOwnershipChecker({ fetchImpl: page('', 429) }).check(account, 'FOCUS-ABC234')).toBe(
      'unavailable',
    );
    const offline = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect(await fetchOwnershipChecker({ fetchImpl: offline }).check(account, 'FOCUS-ABC234')).toBe(
      'unavailable',
    );
  });
});
