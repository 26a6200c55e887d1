import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAID_STATUS,
  PUBLISHED_SHOP_STATUS,
  REJECTED_SHOP_STATUS,
  SHOP_UNDER_REVIEW_STATUS,
} from '../../contracts/shops.ts';
import { AUDIT_ACTION_LABELS } from '../../contracts/audit.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { multipart } from '../support/multipart.ts';
import { POP_ORDER } from './access/pop-orders.ts';
import { createAccountsApp, loginAs, userIdOf } from './helpers.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 24 "The staff audit log" (product design section 8 "Audit"), one test per kind of staff change:
 * reviews of companies, shops, supporters and SNS accounts; edits of other people's companies and shops;
 * entering a shop; index pictures, customer voices and shrinkers; POP orders, contact messages and shop
 * requests handled by staff. Each makes the change through the API and reads the row; where the same
 * route is open to the record's own people, their change writes none.
 */
type AuditRow = {
  actor_id: number;
  actor_role: string;
  action: string;
  target_table: string;
  target_id: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  note: string | null;
  request_id: string | null;
};

const COMPANY = {
  name: '株式会社監査商店',
  name_kana: 'かぶしきがいしゃかんさしょうてん',
  representative: '日向 陽子',
  postal_code: '150-0041',
  address: '東京都渋谷区神南1-19-11',
  phone: '03-9876-5432',
  invoice_number: null,
};
const SHOP = {
  name: '監査テスト食堂',
  category: 'レストラン',
  prefecture: '静岡県',
  address: '静岡県静岡市葵区紺屋町1-1',
  opening_hours: '11:00〜15:00',
  phone: '054-123-4567',
  url: 'https://audit.example.com/',
  description: '監査のためのお店です。',
};

for (const kind of DB_KINDS) {
  describe(`the staff audit log: each kind of change (issue 24) [${kind}]`, () => {
    let t: TestApp;
    let owner: TestClient;
    let staff: TestClient;
    let admin: TestClient;
    let supporter: TestClient;
    let staffId: number;
    let adminId: number;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
      t.app.supporters.ownership = { check: async () => 'found' };
      owner = await loginAs(t, 'owner@example.com');
      staff = await loginAs(t, 'staff@example.com');
      admin = await loginAs(t, 'admin@example.com');
      supporter = await loginAs(t, 'supporter@example.com');
      staffId = await userIdOf(t, 'staff@example.com');
      adminId = await userIdOf(t, 'admin@example.com');
    });
    afterAll(() => t.close());

    const rowsFor = async (table: string, id: number | string) =>
      rowsOf<AuditRow>(
        await t.database.db.execute(
          sql`select * from audit_log where target_table = ${table} and target_id = ${String(id)} order by id`,
        ),
      ).map((r) => ({
        ...r,
        actor_id: Number(r.actor_id),
        changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes,
      }));
    const one = async (table: string, id: number | string) => {
      const rows = await rowsFor(table, id);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(AUDIT_ACTION_LABELS[row.action], `a label for ${row.action}`).toBeTruthy();
      expect(JSON.stringify(row)).not.toMatch(/password|token|FOCUS-|secret/i);
      return row;
    };
    const companyOfShop1 = async () => {
      const [row] = rowsOf<{ company_id: number }>(
        await t.database.db.execute(sql`select company_id from shops where id = 1`),
      );
      return Number(row!.company_id);
    };

    it('issue 24 audit kinds: a company review by staff writes company.review with paid_status and the reason', async () => {
      // Issue 28 (3): a company of its own (staff edit shop 1's company in another test).
      await createMember(t, `audit-review-${kind}@example.com`, 'Audit-Review-2026');
      const applicant = await loginAs(t, `audit-review-${kind}@example.com`, 'Audit-Review-2026');
      const applied = await applicant.post('/api/companies', { ...COMPANY, name: '株式会社監査審査' });
      expect(applied.statusCode, applied.body).toBe(201);
      const companyId = applied.json().id as number;
      const [before] = rowsOf<{ paid_status: string }>(
        await t.database.db.execute(sql`select paid_status from companies where id = ${companyId}`),
      );
      const to =
        before!.paid_status === PAID_STATUS.unavailable
          ? PAID_STATUS.availableTrading
          : PAID_STATUS.unavailable;
      const res = await staff.post(`/api/companies/${companyId}/review`, {
        paid_status: to,
        reason: '書類を確認しました',
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await one('companies', companyId);
      expect(row).toMatchObject({
        actor_id: staffId,
        actor_role: 'staff',
        action: 'company.review',
        note: '書類を確認しました',
      });
      expect(row.changes.paid_status).toEqual({ before: before!.paid_status, after: to });
      expect(row.changes.review_reason?.after).toBe('書類を確認しました');
      expect(row.request_id).toBe(res.headers['x-request-id']);
    });

    it("issue 24 audit kinds: staff editing a company writes company.update with only the changed fields; the owner's own edit writes none", async () => {
      const companyId = await companyOfShop1();
      const before = (await rowsFor('companies', companyId)).length;
      const own = await owner.put(`/api/companies/${companyId}`, COMPANY);
      expect(own.statusCode, own.body).toBe(200);
      expect(await rowsFor('companies', companyId)).toHaveLength(before);
      const saved = own.json();
      const res = await staff.put(`/api/companies/${companyId}`, { ...COMPANY, representative: '監査 太郎' });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await rowsFor('companies', companyId);
      expect(rows).toHaveLength(before + 1);
      expect(rows.at(-1)).toMatchObject({ actor_id: staffId, actor_role: 'staff', action: 'company.update' });
      expect(rows.at(-1)!.changes).toEqual({
        representative: { before: saved.representative, after: '監査 太郎' },
      });
    });

    it('issue 24 audit kinds: a shop review by staff writes shop.reject / shop.approve with the status before and after', async () => {
      const companyId = await companyOfShop1();
      const created = await owner.post('/api/shops', {
        ...SHOP,
        company_id: companyId,
        screen_name: 'audit-review-shop',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect(await rowsFor('shops', id)).toHaveLength(0);
      expect(
        (await staff.post(`/api/shops/${id}/reviews`, { decision: 'reject', reason: '写真がありません' }))
          .statusCode,
      ).toBe(200);
      expect((await admin.post(`/api/shops/${id}/reviews`, { decision: 'approve' })).statusCode).toBe(200);
      const rows = await rowsFor('shops', id);
      expect(rows.map((r) => [r.action, r.actor_id, r.actor_role, r.changes.status, r.note])).toEqual([
        [
          'shop.reject',
          staffId,
          'staff',
          { before: SHOP_UNDER_REVIEW_STATUS, after: REJECTED_SHOP_STATUS },
          '写真がありません',
        ],
        [
          'shop.approve',
          adminId,
          'admin',
          { before: REJECTED_SHOP_STATUS, after: PUBLISHED_SHOP_STATUS },
          null,
        ],
      ]);
    });

    it("issue 24 audit kinds: staff editing a shop's profile writes shop.update with the changed fields; the owner's edit writes none", async () => {
      const companyId = await companyOfShop1();
      const created = await owner.post('/api/shops', {
        ...SHOP,
        company_id: companyId,
        screen_name: 'audit-edit-shop',
      });
      const id = created.json().id as number;
      expect(
        (
          await owner.put(`/api/shops/${id}`, {
            ...SHOP,
            screen_name: 'audit-edit-shop',
            phone: '054-000-0000',
          })
        ).statusCode,
      ).toBe(200);
      expect(await rowsFor('shops', id)).toHaveLength(0);
      const res = await staff.put(`/api/shops/${id}`, {
        ...SHOP,
        screen_name: 'audit-edit-shop',
        phone: '054-000-0000',
        description: '運営が直しました。',
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await one('shops', id);
      expect(row).toMatchObject({ actor_id: staffId, actor_role: 'staff', action: 'shop.update' });
      expect(row.changes).toEqual({ description: { before: SHOP.description, after: '運営が直しました。' } });
    });

    it("issue 24 audit kinds: a staff member's new cover for a shop writes shop.cover; the owner's own writes none", async () => {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const cover = (client: TestClient, id: number) =>
        client.request({
          method: 'POST',
          url: `/api/shops/${id}/cover`,
          ...multipart({}, [{ field: 'cover', filename: 'c.png', contentType: 'image/png', data: png }]),
        });
      const companyId = await companyOfShop1();
      const id = (
        await owner.post('/api/shops', { ...SHOP, company_id: companyId, screen_name: 'audit-cover-shop' })
      ).json().id as number;
      const own = await cover(owner, id);
      expect(own.statusCode, own.body).toBe(200);
      expect(await rowsFor('shops', id)).toHaveLength(0);
      const res = await cover(staff, id);
      expect(res.statusCode, res.body).toBe(200);
      const row = await one('shops', id);
      expect(row).toMatchObject({ actor_id: staffId, action: 'shop.cover' });
      expect(row.changes).toEqual({
        cover_image_url: { before: own.json().cover_image_url, after: res.json().cover_image_url },
      });
    });

    it('issue 24 audit kinds: staff entering a shop writes shop.enter; the shop\u2019s own owner entering writes none', async () => {
      const companyId = await companyOfShop1();
      const id = (
        await owner.post('/api/shops', { ...SHOP, company_id: companyId, screen_name: 'audit-enter-shop' })
      ).json().id as number;
      expect((await owner.post(`/api/shops/${id}/login`)).statusCode).toBe(200);
      expect(await rowsFor('shops', id)).toHaveLength(0);
      expect((await staff.post(`/api/shops/${id}/login`)).statusCode).toBe(200);
      const row = await one('shops', id);
      expect(row).toMatchObject({
        actor_id: staffId,
        actor_role: 'staff',
        action: 'shop.enter',
        changes: {},
      });
    });

    it("issue 24 audit kinds: a supporter's review status set by staff writes supporter.status with the reason", async () => {
      const id = await userIdOf(t, 'fan1@example.com');
      const [before] = rowsOf<{ status: string }>(
        await t.database.db.execute(sql`select status from users where id = ${id}`),
      );
      const to = before!.status === '却下' ? '承認' : '却下';
      const res = await staff.put(`/api/users/${id}/status`, { status: to, reason: '監査のための審査' });
      expect(res.statusCode, res.body).toBe(200);
      const row = await one('users', id);
      expect(row).toMatchObject({
        actor_id: staffId,
        actor_role: 'staff',
        action: 'supporter.status',
        note: '監査のための審査',
      });
      expect(row.changes).toEqual({ status: { before: before!.status, after: to } });
    });

    it('issue 24 audit kinds: SNS accounts approved or rejected by staff write their rows (never the ownership code)', async () => {
      const add = async (handle: string) => {
        const res = await supporter.post('/api/social-accounts', { provider: 'instagram', handle });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().id as number;
      };
      const first = await add('audit_approve');
      const second = await add('audit_reject');
      expect(await rowsFor('sns_accounts', first)).toHaveLength(0);
      expect(
        (await staff.post(`/api/social-accounts/${first}/approve`, { follower_count: 321 })).statusCode,
      ).toBe(200);
      expect(
        (await admin.post(`/api/social-accounts/${second}/reject`, { reason: '別の方のアカウントです' }))
          .statusCode,
      ).toBe(200);
      const approved = await one('sns_accounts', first);
      expect(approved).toMatchObject({ actor_id: staffId, action: 'sns_account.approve' });
      expect(approved.changes).toEqual({
        status: { before: '審査中', after: '承認' },
        follower_count: { before: null, after: 321 },
      });
      const rejected = await one('sns_accounts', second);
      expect(rejected).toMatchObject({
        actor_id: adminId,
        actor_role: 'admin',
        action: 'sns_account.reject',
        note: '別の方のアカウントです',
      });
      expect(rejected.changes.status).toEqual({ before: '審査中', after: '却下' });
    });

    it('issue 24 audit kinds: index pictures created, edited, reordered and deleted by staff write their rows', async () => {
      const data = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a0522d' } })
        .jpeg()
        .toBuffer();
      const upload = () =>
        staff.request({
          method: 'POST',
          url: '/api/index-pictures',
          ...multipart({ alt: '監査の写真' }, [
            { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data },
          ]),
        });
      const created = await upload();
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      const other = (await upload()).json().id as number;
      expect(
        (await staff.put(`/api/index-pictures/${id}`, { alt: '焙煎したての豆', active: false })).statusCode,
      ).toBe(200);
      expect((await staff.put('/api/index-pictures/order', { ids: [other, id] })).statusCode).toBe(200);
      expect((await staff.delete(`/api/index-pictures/${id}`)).statusCode).toBe(200);
      const rows = await rowsFor('index_pictures', id);
      expect(rows.map((r) => r.action)).toEqual([
        'index_picture.create',
        'index_picture.update',
        'index_picture.delete',
      ]);
      expect(rows.every((r) => r.actor_id === staffId && r.actor_role === 'staff')).toBe(true);
      expect(rows[0]!.changes.alt).toEqual({ before: null, after: '監査の写真' });
      expect(rows[1]!.changes).toEqual({
        alt: { before: '監査の写真', after: '焙煎したての豆' },
        active: { before: true, after: false },
      });
      expect(rows[2]!.changes.alt).toEqual({ before: '焙煎したての豆', after: null });
      const [order] = await rowsFor('index_pictures', 'order');
      expect(order!.changes.order).toEqual({ before: [id, other], after: [other, id] });
    });

    it('issue 24 audit kinds: customer voices created, edited and deleted by staff write their rows', async () => {
      const created = await staff.post('/api/customer-voices', {
        name: '監査（東京都）',
        kind: 'shop',
        body: '監査の声です。',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().item.id as number;
      expect((await staff.put(`/api/customer-voices/${id}`, { published: true })).statusCode).toBe(200);
      expect((await staff.delete(`/api/customer-voices/${id}`)).statusCode).toBe(200);
      const rows = await rowsFor('customer_voices', id);
      expect(rows.map((r) => [r.action, r.actor_id])).toEqual([
        ['customer_voice.create', staffId],
        ['customer_voice.update', staffId],
        ['customer_voice.delete', staffId],
      ]);
      expect(rows[0]!.changes.body).toEqual({ before: null, after: '監査の声です。' });
      expect(rows[1]!.changes).toEqual({ published: { before: false, after: true } });
      expect(rows[2]!.changes.name).toEqual({ before: '監査（東京都）', after: null });
    });

    it('issue 24 audit kinds: shrinkers created and switched off by staff write their rows; switching off twice writes one', async () => {
      const created = await staff.post('/api/shrinkers', { url: 'https://example.com/audit' });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect((await staff.put(`/api/shrinkers/${id}`, { active: false })).statusCode).toBe(200);
      expect((await staff.put(`/api/shrinkers/${id}`, { active: false })).statusCode).toBe(200);
      const rows = await rowsFor('short_links', id);
      expect(rows.map((r) => r.action)).toEqual(['shrinker.create', 'shrinker.disable']);
      expect(rows[0]!.changes.target_url).toEqual({ before: null, after: 'https://example.com/audit' });
      expect(rows[1]!.changes).toEqual({ active: { before: true, after: false } });
    });

    it('issue 24 audit kinds: a POP order marked shipped by staff writes pop_order.status; the order itself writes none', async () => {
      const created = await owner.post('/api/pop-orders', POP_ORDER);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().order.id as number;
      expect(await rowsFor('pop_orders', id)).toHaveLength(0);
      expect((await staff.put(`/api/pop-orders/${id}`, { status: '発送済' })).statusCode).toBe(200);
      const row = await one('pop_orders', id);
      expect(row).toMatchObject({ actor_id: staffId, action: 'pop_order.status' });
      expect(row.changes).toEqual({ status: { before: '受付', after: '発送済' } });
    });

    it('issue 24 audit kinds: contact messages and shop requests handled by staff write their rows; sending one writes none', async () => {
      const message = (
        await supporter.post('/api/contact', { topic: 'その他', body: '監査のお問い合わせ' })
      ).json().id as number;
      const request = (
        await supporter.post('/api/shop-request', {
          name: '喫茶 監査',
          area: '東京都',
          url: 'https://example.com/k',
          comment: '',
        })
      ).json().id as number;
      expect(await rowsFor('contact_messages', message)).toHaveLength(0);
      expect(await rowsFor('shop_requests', request)).toHaveLength(0);
      const handle = { status: '完了', staff_note: 'メールで回答しました。' };
      expect((await staff.put(`/api/contact/${message}`, handle)).statusCode).toBe(200);
      expect((await staff.put(`/api/shop-request/${request}`, handle)).statusCode).toBe(200);
      for (const [table, id, action] of [
        ['contact_messages', message, 'contact.handle'],
        ['shop_requests', request, 'shop_request.handle'],
      ] as const) {
        const row = await one(table, id);
        expect(row).toMatchObject({ actor_id: staffId, action });
        expect(row.changes).toEqual({
          status: { before: '未対応', after: '完了' },
          staff_note: { before: '', after: 'メールで回答しました。' },
        });
      }
    });
  });
}
