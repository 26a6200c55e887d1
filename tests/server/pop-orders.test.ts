import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/platform/db/client.ts';
import {
  adminPopOrderListSchema,
  POP_ORDER_MESSAGES,
  popOrderListSchema,
  popOrderReceiptSchema,
  updatedPopOrderSchema,
} from '../../contracts/pop-orders.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { POP_ORDER } from './access/pop-orders.ts';
import { createAccountsApp, JAPANESE, loginAs, mailMatching } from './helpers.ts';

/**
 * Issue 16 "Shop materials": `/request-pop`. A member of a published shop's company orders printed POP
 * stands (quantity, delivery address, note) and gets a receipt; staff see the orders and move them
 * 受付 -> 発送済, which mails the orderer once (ADR 0092).
 */
for (const kind of DB_KINDS) {
  describe(`POP orders (issue 16 "Shop materials") [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let owner: TestClient;
    let staff: TestClient;
    const orders = async () =>
      rowsOf(await t.database.db.execute(sql`select count(*)::int as n from pop_orders`))[0]!.n;

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
      owner = await loginAs(t, 'owner@example.com');
      staff = await loginAs(t, 'staff@example.com');
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });
    // Issue 28 (3): each test starts with no orders (the limit counts the shop's waiting ones) and places
    // its own; its mails are found by the order's number (受付番号), as another test's may still arrive.
    beforeEach(async () => {
      await t.database.db.execute(sql`delete from pop_orders`);
    });
    const numbered = (id: number) => (m: { text: string }) => m.text.includes(`受付番号：${id}`);

    it('a member orders for the published shop: full-width digits accepted, 受付, a receipt mail, the shop’s list shows it', async () => {
      const res = await owner.post('/api/pop-orders', {
        ...POP_ORDER,
        quantity: '３',
        postal_code: '１５０００４１',
        phone: '０３－１２３４－５６７８',
        building: 'デモビル1F',
        note: '平日の午前中に届くと助かります。',
      });
      expect(res.statusCode, res.body).toBe(201);
      const { message, order } = popOrderReceiptSchema.strict().parse(res.json());
      expect(message).toBe(POP_ORDER_MESSAGES.received);
      expect(order).toMatchObject({
        shop_id: 1,
        shop_name: 'デモカフェ 渋谷店',
        quantity: 3,
        postal_code: '150-0041',
        phone: '03-1234-5678',
        status: '受付',
        shipped_at: null,
      });
      const receipt = await mailMatching(mail, 'owner@example.com', numbered(order.id));
      expect(receipt.subject).toBe('【Focustar】店頭POPのお申し込みを受け付けました');
      expect(receipt.text).toContain('部数：3部');
      expect(receipt.text).toContain('〒150-0041');
      expect((await mailMatching(mail, 'support@focustar.example', numbered(order.id))).subject).toContain(
        '店頭POPの申し込み',
      );

      const mine = popOrderListSchema.parse((await owner.get('/api/pop-orders/mine?shop_id=1')).json());
      expect(mine.items.map((o) => o.id)).toContain(order.id);
    });

    it('bad input is a 422 with a Japanese message per field, and nothing is stored', async () => {
      const before = await orders();
      const res = await owner.post('/api/pop-orders', {
        shop_id: 1,
        quantity: 11,
        recipient_name: ' ',
        postal_code: '12345',
        prefecture: '東京',
        address: '',
        phone: 'abc',
      });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.keys(errors).sort()).toEqual(
        ['address', 'phone', 'postal_code', 'prefecture', 'quantity', 'recipient_name'].sort(),
      );
      expect(errors.quantity).toEqual([POP_ORDER_MESSAGES.quantity]);
      for (const list of Object.values(errors)) expect(list[0]).toMatch(JAPANESE);
      for (const q of [0, 1.5, '十']) {
        expect((await owner.post('/api/pop-orders', { ...POP_ORDER, quantity: q })).statusCode).toBe(422);
      }
      expect(await orders()).toBe(before);
    });

    it('another company’s shop is a 404, a shop under review a 409; a supporter cannot order', async () => {
      expect((await owner.post('/api/pop-orders', { ...POP_ORDER, shop_id: 3 })).statusCode).toBe(404);
      expect((await owner.get('/api/pop-orders/mine?shop_id=3')).statusCode).toBe(404);
      const review = await owner.post('/api/pop-orders', { ...POP_ORDER, shop_id: 2 });
      expect(review.statusCode).toBe(409);
      expect(review.json().message).toBe(POP_ORDER_MESSAGES.notPublished);
      const fan = await loginAs(t, 'fan1@example.com');
      expect((await fan.post('/api/pop-orders', POP_ORDER)).statusCode).toBe(404);
      expect((await fan.get('/api/pop-orders')).statusCode).toBe(403);
      expect((await new TestClient(t.app).post('/api/pop-orders', POP_ORDER)).statusCode).toBe(401);
    });

    it('staff see the orders with the orderer, mark one 発送済 (mailed once) and can put it back to 受付', async () => {
      const { order } = popOrderReceiptSchema.parse((await owner.post('/api/pop-orders', POP_ORDER)).json());
      const ownMails = () => mail.to('owner@example.com').filter(numbered(order.id));
      await mailMatching(mail, 'owner@example.com', numbered(order.id));
      const list = adminPopOrderListSchema
        .strict()
        .parse((await staff.get('/api/pop-orders?status=受付')).json());
      const row = list.items.find((o) => o.id === order.id);
      expect(row?.ordered_by).toMatchObject({ name: '佐藤 健', email: 'owner@example.com' });

      const before = ownMails().length;
      const shipped = await staff.put(`/api/pop-orders/${order.id}`, { status: '発送済' });
      expect(shipped.statusCode, shipped.body).toBe(200);
      const body = updatedPopOrderSchema.parse(shipped.json());
      expect(body.message).toBe(POP_ORDER_MESSAGES.shipped);
      expect(body.order.status).toBe('発送済');
      expect(body.order.shipped_at).not.toBeNull();
      const sent = await mailMatching(
        mail,
        'owner@example.com',
        (m) => numbered(order.id)(m) && !m.subject.includes('受け付けました'),
      );
      expect(sent.subject).toBe('【Focustar】店頭POPを発送しました');
      // Saving 発送済 again mails nobody.
      await staff.put(`/api/pop-orders/${order.id}`, { status: '発送済' });
      await new Promise((r) => setTimeout(r, 300));
      expect(ownMails().length).toBe(before + 1);

      const shippedList = adminPopOrderListSchema.parse(
        (await staff.get('/api/pop-orders?status=発送済')).json(),
      );
      expect(shippedList.items.map((o) => o.id)).toEqual([order.id]);
      const back = updatedPopOrderSchema.parse(
        (await staff.put(`/api/pop-orders/${order.id}`, { status: '受付' })).json(),
      );
      expect(back.order).toMatchObject({ status: '受付', shipped_at: null });
      expect((await staff.put(`/api/pop-orders/${order.id}`, { status: '完了' })).statusCode).toBe(422);
      expect((await owner.put(`/api/pop-orders/${order.id}`, { status: '発送済' })).statusCode).toBe(403);
    });

    it('a shop has at most 3 orders waiting; the fourth is a 409 in Japanese', async () => {
      for (let i = 0; i < 3; i += 1) {
        expect((await owner.post('/api/pop-orders', POP_ORDER)).statusCode).toBe(201);
      }
      const fourth = await owner.post('/api/pop-orders', POP_ORDER);
      expect(fourth.statusCode).toBe(409);
      expect(fourth.json().message).toBe(POP_ORDER_MESSAGES.tooManyOpen);
    });
  });
}
