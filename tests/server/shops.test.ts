import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companySchema,
  favoriteStateSchema,
  PAID_STATUS,
  PUBLISHED_SHOP_STATUS,
  REJECTED_SHOP_STATUS,
  SHOP_MESSAGES,
  SHOP_UNDER_REVIEW_STATUS,
  shopCardPageSchema,
  shopDetailPageSchema,
  shopDetailSchema,
  shopSupporterPageSchema,
  staffCompanyPageSchema,
} from '../../contracts/shops.ts';
import { userSchema } from '../../contracts/accounts.ts';
import { shopProfileSchema } from '../../contracts/profiles.ts';
import { IMAGE_MESSAGES } from '../../server/platform/storage.ts';
import { seedDemoData } from '../../server/seed/demo.ts';
import { createTestApp, type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type CapturedMail, type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { APP_URL, loginAs, mailMatching, userIdOf } from './helpers.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 12: companies, shops, the staff review and favourites (product design sections 1, 2 and 6), on
 * the real app, the seeded demo data and a real SMTP server.
 */

/** A `multipart/form-data` body with one file part (and optional text fields). */
function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = `----focustar${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const filesUnder = (dir: string) => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

const COMPANY = {
  name: '株式会社ひだまり商店',
  // Hiragana and full-width digits and hyphens, as people type them with the IME on.
  name_kana: 'かぶしきがいしゃ ひだまりしょうてん',
  representative: '日向 陽子',
  postal_code: '１５０－００４１',
  address: '東京都渋谷区神南1-19-11',
  phone: '０３－９８７６－５４３２',
  invoice_number: 'Ｔ１２３４５６７８９０１２３',
};
const SHOP = {
  name: 'ひだまり食堂',
  screen_name: 'hidamari-shokudo',
  category: 'レストラン',
  prefecture: '静岡県',
  address: '静岡県静岡市葵区紺屋町1-1',
  opening_hours: '11:00〜15:00',
  phone: '054ー123ー4567',
  url: 'https://hidamari.example.com/',
  description: '地元の野菜を使った日替わり定食のお店です。',
};

/**
 * Issue 28 (3): prefectures where the demo seed has no shop. Each test's shop is in one of its own, so the
 * area search of a test sees its shop alone, whichever shops other tests published before it.
 */
const TEST_PREFECTURES = [
  '静岡県',
  '青森県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '三重県',
  '滋賀県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
] as const;
/** The shops the tests make have screen names that begin with this (the demo seed's do not). */
const TEST_SHOP = /^hidamari-shokudo-/;

for (const kind of DB_KINDS) {
  describe(`shops, companies, review and favourites (issue 12) [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let dataDir: string;
    let applicant: TestClient;
    let owner: TestClient;
    let staff: TestClient;
    let supporter: TestClient;
    let guest: TestClient;

    beforeAll(async () => {
      mail = await startMailCatcher();
      dataDir = mkdtempSync(join(tmpdir(), 'focustar-shops-'));
      t = await createTestApp(kind, { APP_URL, SMTP_URL: mail.smtpUrl, DATA_DIR: dataDir });
      await seedDemoData(t.database.db, { images: t.app.images });
      applicant = await loginAs(t, 'pending-owner@example.com');
      owner = await loginAs(t, 'owner@example.com');
      staff = await loginAs(t, 'staff@example.com');
      supporter = await loginAs(t, 'supporter@example.com');
      guest = new TestClient(t.app);
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    // Issue 28 (3): every test builds its own company and shop with these, so any test passes alone and in
    // any order. Each shop has its own name, screen name and prefecture (its mails and searches are its own).
    let made = 0;
    /** The application form of a shop no other test has. */
    const shopFields = () => {
      made += 1;
      return {
        ...SHOP,
        name: `ひだまり食堂 ${made}号店`,
        screen_name: `hidamari-shokudo-${made}`,
        prefecture: TEST_PREFECTURES[made % TEST_PREFECTURES.length]!,
      };
    };
    /** The applicant's company and its shop, both waiting for review (審査中). */
    const appliedShop = async () => {
      const company = await applicant.post('/api/companies', COMPANY);
      expect(company.statusCode, company.body).toBe(201);
      const companyId = companySchema.parse(company.json()).id;
      const fields = shopFields();
      const shop = await applicant.post('/api/shops', { ...fields, company_id: companyId });
      expect(shop.statusCode, shop.body).toBe(201);
      return { companyId, shopId: shopDetailSchema.parse(shop.json()).id, fields };
    };
    /** The same, the shop approved by staff (公開中): nobody follows it yet. */
    const publishedShop = async () => {
      const applied = await appliedShop();
      const res = await staff.post(`/api/shops/${applied.shopId}/reviews`, { decision: 'approve' });
      expect(res.json()).toEqual({ status: PUBLISHED_SHOP_STATUS });
      return applied;
    };
    /** The published shops, counted in the database. */
    const publishedCount = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from shops where status = ${PUBLISHED_SHOP_STATUS}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;

    it('the demo seed has a dozen published shops across prefectures and categories, each with a generated cover and followers (issue 12 "Demo data")', async () => {
      const all = shopCardPageSchema.parse((await guest.get('/api/shops?limit=50')).json());
      // The shops other tests published are not the seed's.
      const page = { data: all.data.filter((s) => !TEST_SHOP.test(s.screen_name)) };
      expect(all.data).toHaveLength(await publishedCount());
      expect(page.data).toHaveLength(12);
      expect(new Set(page.data.map((s) => s.prefecture)).size).toBeGreaterThanOrEqual(8);
      expect(new Set(page.data.map((s) => s.category)).size).toBeGreaterThanOrEqual(8);
      for (const shop of page.data) {
        expect(shop.cover_image_url).toMatch(/^\/media\/cover\/\d{4}\/[0-9a-f]{32}\.webp$/);
        expect(shop.favoriters_count).toBeGreaterThan(0);
      }
      const cover = await guest.get(page.data[1]!.cover_image_url!);
      expect(cover.statusCode).toBe(200);
      expect((await sharp(cover.rawPayload).metadata()).format).toBe('webp');
    });

    it('an advertiser applies: the company starts 審査中 with full-width digits and hiragana normalised; the shop waits for review (issue 12)', async () => {
      const res = await applicant.post('/api/companies', COMPANY);
      expect(res.statusCode, res.body).toBe(201);
      const company = companySchema.parse(res.json());
      expect(company).toMatchObject({
        name: '株式会社ひだまり商店',
        name_kana: 'カブシキガイシャ ヒダマリショウテン',
        postal_code: '150-0041',
        phone: '03-9876-5432',
        invoice_number: 'T1234567890123',
        paid_status: PAID_STATUS.underReview,
      });
      const companyId = company.id;

      const fields = shopFields();
      const shopRes = await applicant.post('/api/shops', { ...fields, company_id: companyId });
      expect(shopRes.statusCode, shopRes.body).toBe(201);
      const shop = shopDetailSchema.parse(shopRes.json());
      expect(shop).toMatchObject({
        status: SHOP_UNDER_REVIEW_STATUS,
        phone: '054-123-4567',
        company_id: companyId,
      });
      const shopId = shop.id;
      expect((await applicant.get(`/api/shops/${shopId}/status`)).json()).toEqual({
        status: SHOP_UNDER_REVIEW_STATUS,
      });
      // Not public yet: no profile page, not in the search.
      expect((await guest.get(`/api/profiles/${fields.screen_name}`)).statusCode).toBe(404);
      expect(
        (await guest.get(`/api/shops?prefecture=${encodeURIComponent(fields.prefecture)}`)).json().data,
      ).toEqual([]);
    });

    it('bad application fields answer 422 with a Japanese message per field (issue 12, seed spec section 5)', async () => {
      const { companyId, fields } = await appliedShop();
      const res = await applicant.post('/api/companies', {
        ...COMPANY,
        name_kana: 'Kabushiki😀',
        phone: '12345',
        postal_code: '1500',
        invoice_number: 'T123',
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual([
        'invoice_number',
        'name_kana',
        'phone',
        'postal_code',
      ]);
      const shop = await applicant.post('/api/shops', {
        ...fields,
        company_id: companyId,
        screen_name: 'demo-cafe',
        prefecture: '東京',
        category: '本屋',
        url: 'javascript:alert(1)',
      });
      expect(shop.statusCode).toBe(422);
      expect(Object.keys(shop.json().errors).sort()).toEqual(['category', 'prefecture', 'url']);
      const taken = await applicant.post('/api/shops', {
        ...fields,
        company_id: companyId,
        screen_name: 'Demo-Cafe',
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ screen_name: [SHOP_MESSAGES.screenNameTaken] });
    });

    it('a member of company A cannot read or change company B, its shops or its supporter list (issue 12)', async () => {
      const { companyId, shopId } = await appliedShop();
      expect((await owner.get(`/api/companies/${companyId}`)).statusCode).toBe(404);
      expect((await owner.put(`/api/companies/${companyId}`, COMPANY)).statusCode).toBe(404);
      // Another company is the same 422 as a missing one (issue 10 item 8).
      const intruder = await owner.post('/api/shops', {
        ...SHOP,
        screen_name: 'intruder',
        company_id: companyId,
      });
      const nowhere = await owner.post('/api/shops', {
        ...SHOP,
        screen_name: 'intruder',
        company_id: 999_999,
      });
      expect(intruder.statusCode).toBe(422);
      expect(intruder.json()).toEqual(nowhere.json());
      expect(intruder.json().errors).toEqual({ company_id: [SHOP_MESSAGES.companyNotFound] });
      // Another company's shop is the same 404 as a missing one (issue 10 item 8).
      expect((await owner.put(`/api/shops/${shopId}`, SHOP)).statusCode).toBe(404);
      expect((await owner.get(`/api/shops/${shopId}/details`)).statusCode).toBe(404);
      expect((await owner.get(`/api/shops/${shopId}/supporters`)).statusCode).toBe(404);
      const [row] = (
        (await t.database.db.execute(
          sql`select name, phone from companies where id = ${companyId}`,
        )) as unknown as {
          rows: { name: string; phone: string }[];
        }
      ).rows;
      expect(row).toEqual({ name: '株式会社ひだまり商店', phone: '03-9876-5432' });
      // Its own members may.
      expect((await applicant.get(`/api/companies/${companyId}`)).statusCode).toBe(200);
      const put = await applicant.put(`/api/companies/${companyId}`, {
        ...COMPANY,
        representative: '日向 太陽',
      });
      expect(put.json().representative).toBe('日向 太陽');
    });

    it('issue 10 item 8: a non-member cannot tell an unpublished shop from a missing one (404, not 403, on login and status)', async () => {
      const { shopId } = await appliedShop();
      const missing = 999_999;
      for (const stranger of [owner, supporter]) {
        for (const call of [
          (id: number) => stranger.post(`/api/shops/${id}/login`),
          (id: number) => stranger.get(`/api/shops/${id}/status`),
          (id: number) => stranger.get(`/api/shops/${id}`),
        ]) {
          const hidden = await call(shopId);
          const none = await call(missing);
          expect(hidden.statusCode).toBe(404);
          expect(none.statusCode).toBe(404);
          expect(hidden.json()).toEqual(none.json());
        }
      }
      for (const path of [`/api/shops/${shopId}/login`, `/api/shops/${missing}/login`]) {
        expect((await guest.post(path)).statusCode).toBe(401);
      }
      expect((await guest.get(`/api/shops/${shopId}`)).json()).toEqual(
        (await guest.get(`/api/shops/${missing}`)).json(),
      );
      // Its own people still get it.
      expect((await applicant.post(`/api/shops/${shopId}/login`)).statusCode).toBe(200);
      expect((await applicant.get(`/api/shops/${shopId}/status`)).statusCode).toBe(200);
    });

    it("issue 10 item 8: a guest's (or a stranger's) shop answer carries no company_id or flag_status; its people's does", async () => {
      for (const stranger of [guest, supporter]) {
        const res = await stranger.get('/api/shops/1');
        expect(res.statusCode).toBe(200);
        const body = res.json() as Record<string, unknown>;
        expect(body).toMatchObject({ id: 1, screen_name: 'demo-cafe', status: PUBLISHED_SHOP_STATUS });
        expect(body).not.toHaveProperty('company_id');
        expect(body).not.toHaveProperty('flag_status');
      }
      for (const own of [owner, staff]) {
        const body = (await own.get('/api/shops/1')).json() as Record<string, unknown>;
        expect(body).toHaveProperty('company_id');
        expect(body).toHaveProperty('flag_status');
      }
    });

    it('saving the shop profile raises savedFirstProfile (issue 12)', async () => {
      const { shopId, fields } = await appliedShop();
      const before = shopDetailSchema.parse((await applicant.get(`/api/shops/${shopId}/details`)).json());
      expect(before.flag_status.savedFirstProfile).toBe(false);
      const res = await applicant.put(`/api/shops/${shopId}`, {
        ...fields,
        description: '日替わり定食と手づくりプリン。',
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = shopDetailSchema.parse(res.json());
      expect(after.flag_status.savedFirstProfile).toBe(true);
      expect(after.description).toBe('日替わり定食と手づくりプリン。');
    });

    it('the cover upload stores a re-encoded WebP; a bad file or a stranger gets 422/404 and leaves nothing behind (issue 12 "Images")', async () => {
      const { shopId } = await appliedShop();
      const uploads = join(dataDir, 'uploads');
      const png = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#f0a' } })
        .png()
        .toBuffer();
      const ok = await applicant.request({
        method: 'POST',
        url: `/api/shops/${shopId}/cover`,
        ...multipart('cover', 'cover.png', 'image/png', png),
      });
      expect(ok.statusCode, ok.body).toBe(200);
      const url = shopDetailSchema.parse(ok.json()).cover_image_url!;
      const image = await guest.get(url);
      expect(await sharp(image.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 1350,
        height: 900,
      });
      const files = filesUnder(uploads);

      // A text file named .jpg, an over-size file, and a replacement by a stranger: nothing new is stored.
      const fake = await applicant.request({
        method: 'POST',
        url: `/api/shops/${shopId}/cover`,
        ...multipart('cover', 'photo.jpg', 'image/jpeg', Buffer.from('not really a jpeg')),
      });
      expect(fake.statusCode).toBe(422);
      expect(fake.json().errors).toEqual({ cover: [IMAGE_MESSAGES.notImage] });
      const big = await applicant.request({
        method: 'POST',
        url: `/api/shops/${shopId}/cover`,
        ...multipart('cover', 'big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1)),
      });
      expect(big.statusCode).toBe(422);
      expect(big.json().errors).toEqual({ cover: [IMAGE_MESSAGES.tooBig] });
      const stranger = await owner.request({
        method: 'POST',
        url: `/api/shops/${shopId}/cover`,
        ...multipart('cover', 'c.png', 'image/png', png),
      });
      expect(stranger.statusCode).toBe(404);
      expect(filesUnder(uploads)).toBe(files);
      expect(
        shopDetailSchema.parse((await applicant.get(`/api/shops/${shopId}/details`)).json()).cover_image_url,
      ).toBe(url);

      // A new cover replaces the old file.
      const again = await applicant.request({
        method: 'POST',
        url: `/api/shops/${shopId}/cover`,
        ...multipart('cover', 'c.webp', 'image/webp', await sharp(png).webp().toBuffer()),
      });
      expect(again.statusCode).toBe(200);
      expect(filesUnder(uploads)).toBe(files);
      expect((await guest.get(url)).statusCode).toBe(404);
    });

    it('staff review: the lists show what waits; a rejection needs a reason; every decision is a shop_reviews row and a mail to the owner (issue 12)', async () => {
      const { companyId, shopId, fields } = await appliedShop();
      const waitingShops = shopDetailPageSchema.parse(
        (await staff.get(`/api/staff/shops?status=${encodeURIComponent(SHOP_UNDER_REVIEW_STATUS)}`)).json(),
      );
      expect(waitingShops.data.map((s) => s.screen_name)).toContain(fields.screen_name);
      const waitingCompanies = staffCompanyPageSchema.parse(
        (await staff.get(`/api/companies?paid_status=${encodeURIComponent(PAID_STATUS.underReview)}`)).json(),
      );
      const mine = waitingCompanies.data.find((c) => c.id === companyId)!;
      expect(mine.members).toEqual([
        {
          name: '鈴木 一郎',
          screen_name: 'demo-pending-owner',
          email: 'pending-owner@example.com',
          role: 'owner',
        },
      ]);

      const noReason = await staff.post(`/api/shops/${shopId}/reviews`, { decision: 'reject' });
      expect(noReason.statusCode).toBe(422);
      expect(noReason.json().errors).toEqual({ reason: [SHOP_MESSAGES.reasonRequired] });

      // Mails go out from the outbox: each is found by this shop's name (or this company's id), never as
      // "the next mail" to the applicant, whom other tests' shops mail too.
      const aboutShop = (m: CapturedMail) => m.subject.includes(`「${fields.name}」`);
      const reject = await staff.post(`/api/shops/${shopId}/reviews`, {
        decision: 'reject',
        reason: '営業時間が読み取れません。',
      });
      expect(reject.json()).toEqual({ status: REJECTED_SHOP_STATUS });
      const rejectMail = await mailMatching(mail, 'pending-owner@example.com', aboutShop);
      expect(rejectMail.subject).toContain('審査結果');
      expect(rejectMail.text).toContain('営業時間が読み取れません。');
      expect((await applicant.get(`/api/shops/${shopId}/status`)).json()).toEqual({
        status: REJECTED_SHOP_STATUS,
      });

      expect((await staff.post(`/api/shops/${shopId}/reviews`, { decision: 'approve' })).json()).toEqual({
        status: PUBLISHED_SHOP_STATUS,
      });
      expect(
        (await mailMatching(mail, 'pending-owner@example.com', (m) => aboutShop(m) && m !== rejectMail))
          .subject,
      ).toContain('審査が完了しました');
      expect((await applicant.get(`/api/shops/${shopId}/status`)).json()).toEqual({
        status: PUBLISHED_SHOP_STATUS,
      });
      const reviews = (
        (await t.database.db.execute(
          sql`select status, reason, reviewer_id from shop_reviews where shop_id = ${shopId} order by id`,
        )) as unknown as { rows: { status: string; reason: string | null; reviewer_id: number | null }[] }
      ).rows;
      const staffId = await userIdOf(t, 'staff@example.com');
      expect(reviews).toEqual([
        { status: SHOP_UNDER_REVIEW_STATUS, reason: null, reviewer_id: null },
        { status: REJECTED_SHOP_STATUS, reason: '営業時間が読み取れません。', reviewer_id: staffId },
        { status: PUBLISHED_SHOP_STATUS, reason: null, reviewer_id: staffId },
      ]);

      const company = await staff.post(`/api/companies/${companyId}/review`, {
        paid_status: PAID_STATUS.availableTrading,
        reason: '',
      });
      expect(companySchema.parse(company.json()).paid_status).toBe(PAID_STATUS.availableTrading);
      // The one company decision of the suite (the other tests' companies stay 審査中).
      const decided = (m: CapturedMail) => m.subject.includes('ご利用状況が');
      expect((await mailMatching(mail, 'pending-owner@example.com', decided)).text).toContain(
        '利用可能（取引あり）',
      );
      const bad = await staff.post(`/api/companies/${companyId}/review`, { paid_status: '利用可能' });
      expect(bad.statusCode).toBe(422);
      // Not for the owner of another company.
      expect(
        (await owner.post(`/api/companies/${companyId}/review`, { paid_status: '利用不可' })).statusCode,
      ).toBe(403);
    });

    it('saving a rejected shop sends it back to review (one shop_reviews row); a published shop stays published (ADR 0052)', async () => {
      const { companyId, shopId, fields } = await publishedShop();
      const created = await applicant.post('/api/shops', {
        ...SHOP,
        name: 'ひだまり食堂 駅前店',
        screen_name: 'hidamari-ekimae',
        company_id: companyId,
      });
      expect(created.statusCode, created.body).toBe(201);
      const second = shopDetailSchema.parse(created.json()).id;
      await staff.post(`/api/shops/${second}/reviews`, { decision: 'reject', reason: '写真がありません。' });
      const resaved = await applicant.put(`/api/shops/${second}`, {
        ...SHOP,
        name: 'ひだまり食堂 駅前店',
        screen_name: 'hidamari-ekimae',
        opening_hours: '11:00〜21:00',
      });
      expect(resaved.statusCode, resaved.body).toBe(200);
      expect(shopDetailSchema.parse(resaved.json()).status).toBe(SHOP_UNDER_REVIEW_STATUS);
      expect((await applicant.get(`/api/shops/${second}/status`)).json()).toEqual({
        status: SHOP_UNDER_REVIEW_STATUS,
      });
      const rows = (
        (await t.database.db.execute(
          sql`select status, reviewer_id from shop_reviews where shop_id = ${second} order by id`,
        )) as unknown as { rows: { status: string; reviewer_id: number | null }[] }
      ).rows;
      expect(rows.map((r) => r.status)).toEqual([
        SHOP_UNDER_REVIEW_STATUS,
        REJECTED_SHOP_STATUS,
        SHOP_UNDER_REVIEW_STATUS,
      ]);
      // A shop under review or published keeps its status when saved.
      const again = await applicant.put(`/api/shops/${second}`, { ...SHOP, screen_name: 'hidamari-ekimae' });
      expect(shopDetailSchema.parse(again.json()).status).toBe(SHOP_UNDER_REVIEW_STATUS);
      const published = await applicant.put(`/api/shops/${shopId}`, fields);
      expect(shopDetailSchema.parse(published.json()).status).toBe(PUBLISHED_SHOP_STATUS);
      // Staff may edit any shop and any company; another company's owner may not (404).
      expect(
        (await staff.put(`/api/shops/${second}`, { ...SHOP, screen_name: 'hidamari-ekimae' })).statusCode,
      ).toBe(200);
      expect((await staff.put(`/api/companies/${companyId}`, COMPANY)).statusCode).toBe(200);
      expect(
        (await owner.put(`/api/shops/${second}`, { ...SHOP, screen_name: 'hidamari-ekimae' })).statusCode,
      ).toBe(404);
    });

    it('staff can search every shop and enter any shop (issue 12, product design section 1)', async () => {
      const { fields } = await appliedShop();
      const found = shopDetailPageSchema.parse((await staff.get('/api/staff/shops?q=ramen')).json());
      expect(found.data.map((s) => s.screen_name)).toEqual(['demo-ramen']);
      const byCompany = shopDetailPageSchema.parse(
        (await staff.get(`/api/staff/shops?q=${encodeURIComponent('ひだまり')}`)).json(),
      );
      expect(byCompany.data.map((s) => s.screen_name)).toContain(fields.screen_name);
      expect((await staff.post(`/api/shops/${found.data[0]!.id}/login`)).statusCode).toBe(200);
      expect((await owner.get('/api/staff/shops')).statusCode).toBe(403);
    });

    it('supporters search published shops by name, area and category, 50 rows a page at most, with a keyset cursor (issue 12)', async () => {
      const { fields } = await publishedShop();
      const shizuoka = shopCardPageSchema.parse(
        (await supporter.get(`/api/shops?prefecture=${encodeURIComponent(fields.prefecture)}`)).json(),
      );
      expect(shizuoka.data.map((s) => s.screen_name)).toEqual([fields.screen_name]);
      const ramen = shopCardPageSchema.parse(
        (await supporter.get(`/api/shops?category=${encodeURIComponent('ラーメン')}`)).json(),
      );
      expect(ramen.data.map((s) => s.screen_name)).toEqual(['hakata-doudou']);
      const named = shopCardPageSchema.parse(
        (await supporter.get(`/api/shops?q=${encodeURIComponent('喫茶')}`)).json(),
      );
      expect(named.data.map((s) => s.screen_name)).toEqual(['kissa-maruya']);
      // `%` and `_` are letters, not wildcards.
      expect((await supporter.get('/api/shops?q=%25')).json().data).toEqual([]);

      const seen: string[] = [];
      let cursor: number | null = null;
      do {
        const page = shopCardPageSchema.parse(
          (await supporter.get(`/api/shops?limit=5${cursor ? `&cursor=${cursor}` : ''}`)).json(),
        );
        expect(page.data.length).toBeLessThanOrEqual(5);
        seen.push(...page.data.map((s) => s.screen_name));
        cursor = page.next_cursor;
      } while (cursor);
      // Every published shop once: the demo seed's dozen, this test's and those other tests published.
      const published = await publishedCount();
      expect(published).toBeGreaterThanOrEqual(13);
      expect(seen).toHaveLength(published);
      expect(new Set(seen).size).toBe(published);
      expect(seen).toContain(fields.screen_name);
      expect((await supporter.get('/api/shops?limit=51')).statusCode).toBe(422);
      expect((await guest.get('/api/shops?type=follow')).statusCode).toBe(401);
    });

    it('follow and unfollow are idempotent; counts are exact; only published shops can be followed (issue 12)', async () => {
      const { shopId, fields } = await publishedShop();
      const fan = await loginAs(t, 'fan1@example.com');
      const first = favoriteStateSchema.parse((await fan.post(`/api/shops/${shopId}/favorite`)).json());
      expect(first).toMatchObject({ is_favorite: true, favoriters_count: 1 });
      const twice = favoriteStateSchema.parse((await fan.post(`/api/shops/${shopId}/favorite`)).json());
      expect(twice).toMatchObject({ is_favorite: true, favoriters_count: 1 });
      const me = userSchema.parse((await fan.get('/api/me')).json());
      const follows = shopCardPageSchema.parse((await fan.get('/api/shops?type=follow&limit=50')).json());
      expect(follows.data.map((s) => s.screen_name)).toContain(fields.screen_name);
      expect(follows.data.every((s) => s.is_favorite)).toBe(true);
      expect(me.favorites_count).toBe(follows.data.length);
      const profile = shopProfileSchema.parse((await fan.get(`/api/profiles/${fields.screen_name}`)).json());
      expect(profile).toMatchObject({ favoriters_count: 1, is_favorite: true });

      expect(
        favoriteStateSchema.parse((await fan.delete(`/api/shops/${shopId}/favorite`)).json()),
      ).toMatchObject({
        is_favorite: false,
        favoriters_count: 0,
      });
      expect((await fan.delete(`/api/shops/${shopId}/favorite`)).statusCode).toBe(200);
      // Shop 2 is under review: it cannot be followed (and is not disclosed).
      expect((await fan.post('/api/shops/2/favorite')).statusCode).toBe(404);
      expect((await fan.post('/api/shops/999999/favorite')).statusCode).toBe(404);
    });

    it('20 concurrent follows of one shop by one user write one row (issue 12: counts exact under concurrent clicks)', async () => {
      const { shopId, fields } = await publishedShop();
      const fan = await loginAs(t, 'fan2@example.com');
      await fan.get('/api/csrf-cookie');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fan.post(`/api/shops/${shopId}/favorite`)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const rows = (
        (await t.database.db.execute(
          sql`select count(*)::int as n from favorites where shop_id = ${shopId} and user_id = ${await userIdOf(t, 'fan2@example.com')}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(rows[0]!.n).toBe(1);
      expect((await guest.get(`/api/profiles/${fields.screen_name}`)).json().favoriters_count).toBe(1);
    });

    it("the shop's supporter list shows who follows since when, with approved SNS accounts only, to its people and staff (issue 12; issue 23 Also: sns_accounts, not login links)", async () => {
      const { shopId } = await publishedShop();
      // fan2 follows this shop, and nobody else does.
      const follower = await loginAs(t, 'fan2@example.com');
      expect((await follower.post(`/api/shops/${shopId}/favorite`)).statusCode).toBe(200);
      const fanId = await userIdOf(t, 'fan2@example.com');
      await t.database.db.execute(sql`delete from sns_accounts where user_id = ${fanId}`);
      await t.database.db.execute(sql`
        insert into sns_accounts (user_id, platform, handle, follower_count, status, ownership_code)
        values (${fanId}, 'instagram', 'fan2_gram', 1200, '承認', 'FOCUS-F2A'),
               (${fanId}, 'x', 'fan2_x', 10, '審査中', 'FOCUS-F2B')`);
      // A login link (social_accounts) is a way to log in, not an account the supporter posts from.
      await t.database.db.execute(sql`
        insert into social_accounts (user_id, provider, provider_user_id, handle, profile_url, follower_count, status)
        values (${fanId}, 'google', 'g-fan2', 'fan2_google', null, null, '承認')`);
      const page = shopSupporterPageSchema.parse(
        (await applicant.get(`/api/shops/${shopId}/supporters`)).json(),
      );
      expect(page.next_cursor).toBeNull();
      expect(page.data).toEqual([
        {
          name: '田中 翔',
          screen_name: 'demo-fan2',
          avatar_url: null,
          since: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          sns_accounts: [
            {
              platform: 'instagram',
              handle: 'fan2_gram',
              profile_url: 'https://www.instagram.com/fan2_gram/',
              follower_count: 1200,
            },
          ],
        },
      ]);
      expect(JSON.stringify(page)).not.toMatch(/@example\.com/);
      expect((await staff.get(`/api/shops/${shopId}/supporters`)).statusCode).toBe(200);
      expect((await supporter.get(`/api/shops/${shopId}/supporters`)).statusCode).toBe(404);
      expect((await applicant.get(`/api/shops/${shopId}/supporters?cursor=bm9wZQ`)).statusCode).toBe(422);
    });

    it('the supporter list pages by 50 with a cursor that never repeats or skips a supporter (issue 12)', async () => {
      const { shopId } = await publishedShop();
      // One supporter follows through the API, sixty more are written below.
      const follower = await loginAs(t, 'fan2@example.com');
      expect((await follower.post(`/api/shops/${shopId}/favorite`)).statusCode).toBe(200);
      const ids = (
        (await t.database.db.execute(sql`
          insert into users (name, screen_name, role_id, status)
          select 'ファン' || g, 'bulk-fan-' || g, 3, '承認' from generate_series(1, 60) g returning id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows.map((r) => r.id);
      // Half of them in the same instant, so the user id must break the tie.
      await t.database.db.execute(sql`
        insert into favorites (user_id, shop_id, created_at)
        select id, ${shopId}, case when id % 2 = 0 then '2026-01-01T00:00:00Z'::timestamptz else now() - (id || ' seconds')::interval end
        from users where screen_name like 'bulk-fan-%'`);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = shopSupporterPageSchema.parse(
          (await applicant.get(`/api/shops/${shopId}/supporters${cursor ? `?cursor=${cursor}` : ''}`)).json(),
        );
        expect(page.data.length).toBeLessThanOrEqual(50);
        seen.push(...page.data.map((s) => s.screen_name));
        cursor = page.next_cursor;
      } while (cursor);
      expect(seen).toHaveLength(ids.length + 1);
      expect(new Set(seen).size).toBe(ids.length + 1);
    });

    it('the follower count is a counter the database keeps: bulk follows, concurrent follows of many users and a supporter leaving keep it equal to the rows (issue 17, ADR 0122)', async () => {
      const { shopId } = await publishedShop();
      // The supporter who leaves is this test's own (a demo supporter leaving would take the follows other
      // tests count on, such as the demo shops that only fan3 follows).
      await createMember(t, 'leaving-fan@example.com', 'demo-pass-2026');
      const countOf = async () => (await guest.get(`/api/shops/${shopId}`)).json().favoriters_count as number;
      const rowsOf = async () =>
        (
          (await t.database.db.execute(
            sql`select count(*)::int as n from favorites where shop_id = ${shopId}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n;
      const before = await rowsOf();
      expect(await countOf()).toBe(before);
      // A bulk insert (one statement, many rows) and a bulk delete are counted once each.
      await t.database.db.execute(sql`
        insert into users (name, screen_name, role_id, status)
        select 'カウント' || g, 'count-fan-' || g, 3, '承認' from generate_series(1, 30) g`);
      await t.database.db.execute(sql`
        insert into favorites (user_id, shop_id)
        select id, ${shopId} from users where screen_name like 'count-fan-%'`);
      expect(await countOf()).toBe(before + 30);
      await t.database.db.execute(sql`
        delete from favorites where shop_id = ${shopId}
          and user_id in (select id from users where screen_name like 'count-fan-%')`);
      expect(await countOf()).toBe(before);
      // Five supporters follow at the same moment, then one of them leaves (leaving deletes the follows).
      const fans = await Promise.all(
        ['fan1', 'leaving-fan', 'supporter', 'owner', 'north-owner'].map((who) =>
          loginAs(t, `${who}@example.com`),
        ),
      );
      const follows = await Promise.all(fans.map((fan) => fan.post(`/api/shops/${shopId}/favorite`)));
      // Each answered: the counter's trigger must not deadlock against the foreign key's share lock.
      expect(follows.map((r) => r.statusCode)).toEqual(follows.map(() => 200));
      expect(await countOf()).toBe(await rowsOf());
      expect(await countOf()).toBeGreaterThanOrEqual(before + 4);
      const leaving = fans[1]!;
      const left = await leaving.post('/api/leave', {
        password: 'demo-pass-2026',
        accept_unpaid_balance: true,
      });
      expect(left.statusCode).toBe(200);
      expect(await countOf()).toBe(await rowsOf());
      expect(
        (
          (await t.database.db.execute(sql`
            select count(*)::int as n from shops s
            where s.favoriters_count <> (select count(*) from favorites f where f.shop_id = s.id)`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      ).toBe(0);
    });
  });
}
