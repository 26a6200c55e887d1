import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myContactListSchema } from '../../contracts/contact.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/** Issue 25 (10): `/support` lists the person's own contact messages and how far each is handled. */
describe('issue 25 (10): GET /api/contact/mine', () => {
  let t: TestApp;
  let supporter: TestClient;
  let owner: TestClient;
  let staff: TestClient;

  beforeAll(async () => {
    t = await createAccountsApp('pglite');
    supporter = await loginAs(t, 'supporter@example.com');
    owner = await loginAs(t, 'owner@example.com');
    staff = await loginAs(t, 'staff@example.com');
  });
  afterAll(async () => {
    await t.close();
  });

  it('issue 25 (10): answers one own messages, newest first, with their state and without the staff note', async () => {
    const first = (await supporter.post('/api/contact', { topic: 'その他', body: '一通目です。' })).json().id;
    const second = (
      await supporter.post('/api/contact', { topic: '使い方について', body: '二通目です。' })
    ).json().id;
    await owner.post('/api/contact', { topic: 'その他', body: 'お店の方の問い合わせ。' });
    const handled = await staff.request({
      method: 'PUT',
      url: `/api/contact/${first}`,
      payload: { status: '対応中', staff_note: '社内のメモ' },
    });
    expect(handled.statusCode, handled.body).toBe(200);

    const res = await supporter.get('/api/contact/mine');
    expect(res.statusCode, res.body).toBe(200);
    const { items } = myContactListSchema.parse(res.json());
    expect(items.map((i) => [i.id, i.status])).toEqual([
      [second, '未対応'],
      [first, '対応中'],
    ]);
    expect(items[0]).toMatchObject({ topic: '使い方について', body: '二通目です。' });
    expect(res.body).not.toContain('社内のメモ');
    expect(res.body).not.toContain('お店の方の問い合わせ。');
  });
});
