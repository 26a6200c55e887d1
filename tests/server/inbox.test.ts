import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES, contactItemSchema, contactListSchema } from '../../contracts/contact.ts';
import { SHOP_REQUEST_MESSAGES, shopRequestListSchema } from '../../contracts/shop-requests.ts';
import { CONTACT_LIMIT } from '../../server/features/contact/service.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { createAccountsApp, JAPANESE, loginAs, mailMatching } from './helpers.ts';

/**
 * Issue 9 "Contact and shop requests": stored in the database, a mail to the operators'
 * address (CONTACT_MAIL_TO), a receipt mail to the sender, throttled per IP; staff list them (newest
 * first, by status) and move them through 未対応 / 対応中 / 完了 with a note.
 */
const OPERATORS = 'ops@focustar.example';

for (const kind of DB_KINDS) {
  describe(`contact messages and shop requests (issue 9) [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let supporter: TestClient;
    let staff: TestClient;

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl, CONTACT_MAIL_TO: OPERATORS });
      supporter = await loginAs(t, 'supporter@example.com');
      staff = await loginAs(t, 'staff@example.com');
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    it(`a contact message is stored, the operators get it and the sender gets a receipt [${kind}]`, async () => {
      const res = await supporter.post('/api/contact', {
        topic: '不具合のご報告',
        body: '画面が真っ白になります。',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), message: CONTACT_MESSAGES.received });
      // Issue 28 (3): this message's mails, found by its number (another test's may arrive first).
      const numbered = (m: { text: string }) => m.text.includes(`お問い合わせ番号：${res.json().id}`);
      const toOps = await mailMatching(mail, OPERATORS, numbered);
      expect(toOps.subject).toContain('不具合のご報告');
      expect(toOps.text).toContain('画面が真っ白になります。');
      expect(toOps.text).toContain('supporter@example.com');
      const receipt = await mailMatching(mail, 'supporter@example.com', numbered);
      expect(receipt.subject).toBe('【Focustar】お問い合わせを受け付けました');
      expect(receipt.text).toContain(`お問い合わせ番号：${res.json().id}`);
    });

    it(`staff list what waits, newest first, and mark it 完了 with a note; the filter follows [${kind}]`, async () => {
      const first = (await supporter.post('/api/contact', { topic: 'その他', body: '一通目' })).json().id;
      const second = (await supporter.post('/api/contact', { topic: 'その他', body: '二通目' })).json().id;
      const waiting = contactListSchema.parse((await staff.get('/api/contact?status=未対応')).json());
      expect(waiting.items.map((i) => i.id).slice(0, 2)).toEqual([second, first]);
      expect(waiting.items[0]!.sender.screen_name).toBe('demo-supporter');

      const updated = await staff.request({
        method: 'PUT',
        url: `/api/contact/${first}`,
        payload: { status: '完了', staff_note: 'メールで回答しました。' },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(contactItemSchema.parse(updated.json())).toMatchObject({
        status: '完了',
        staff_note: 'メールで回答しました。',
      });
      const open = contactListSchema.parse((await staff.get('/api/contact?status=未対応')).json());
      expect(open.items.map((i) => i.id)).not.toContain(first);
      const done = contactListSchema.parse((await staff.get('/api/contact?status=完了')).json());
      expect(done.items.map((i) => i.id)).toContain(first);
    });

    it(`a staff update of an unknown message is a Japanese 404; a bad status is a 422 on the field [${kind}]`, async () => {
      const missing = await staff.request({
        method: 'PUT',
        url: '/api/contact/999999',
        payload: { status: '完了' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(CONTACT_MESSAGES.notFound);
      const bad = await staff.request({ method: 'PUT', url: '/api/contact/1', payload: { status: 'done' } });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.status[0]).toMatch(JAPANESE);
    });

    it(`bad input is a 422 next to the field and stores nothing [${kind}]`, async () => {
      const before = contactListSchema.parse((await staff.get('/api/contact')).json()).items.length;
      const res = await supporter.post('/api/contact', { topic: '雑談', body: '   ' });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(['body', 'topic']);
      expect(contactListSchema.parse((await staff.get('/api/contact')).json()).items.length).toBe(before);
    });

    it(`a shop request is stored and mailed, and staff handle it like a contact message [${kind}]`, async () => {
      const res = await supporter.post('/api/shop-request', {
        name: '喫茶 ひなた',
        area: '東京都渋谷区',
        url: 'https://example.com/hinata',
        comment: 'ナポリタンが絶品です',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().message).toBe(SHOP_REQUEST_MESSAGES.received);
      // Mails go out from a job, so earlier messages' mails may still be arriving: find this one.
      const toOps = await vi.waitFor(
        () => {
          const found = mail.to(OPERATORS).find((m) => m.subject.includes('喫茶 ひなた'));
          if (!found) throw new Error('the operators have not received the shop request yet');
          return found;
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(toOps.text).toContain('ナポリタンが絶品です');
      const receipt = await mailMatching(mail, 'supporter@example.com', (m) =>
        m.text.includes('ナポリタンが絶品です'),
      );
      expect(receipt.subject).toBe('【Focustar】お店のリクエストを受け付けました');
      const list = shopRequestListSchema.parse((await staff.get('/api/shop-request')).json());
      const item = list.items.find((i) => i.id === res.json().id)!;
      expect(item).toMatchObject({ name: '喫茶 ひなた', area: '東京都渋谷区', status: '未対応' });
      const put = await staff.request({
        method: 'PUT',
        url: `/api/shop-request/${item.id}`,
        payload: { status: '対応中', staff_note: 'お店に連絡済み' },
      });
      expect(put.json()).toMatchObject({ status: '対応中', staff_note: 'お店に連絡済み' });
      const bad = await supporter.post('/api/shop-request', { name: '', url: 'javascript:alert(1)' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'url']);
    });

    it(`one IP sends at most ${CONTACT_LIMIT.count} contact messages in ten minutes, then a Japanese 429 [${kind}]`, async () => {
      const ip = '203.0.113.77';
      const send = () =>
        supporter.request({
          method: 'POST',
          url: '/api/contact',
          payload: { topic: 'その他', body: '連投の確認' },
          remoteAddress: ip,
        });
      for (let i = 0; i < CONTACT_LIMIT.count; i += 1) expect((await send()).statusCode).toBe(201);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().message).toMatch(JAPANESE);
    });
  });
}
