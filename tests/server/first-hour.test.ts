import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../contracts/accounts.ts';
import type { TestApp } from '../support/app.ts';
import { TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 25 points 1 and 6 (ADR 0167): the user answer says where the person left (last_mode,
 * last_shop_id) and how far a new supporter is (sns_accounts_count, approved_sns_accounts_count).
 */
for (const kind of DB_KINDS) {
  describe(`the first hour: the remembered mode and the first steps (issue 25) [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    const me = async (client: TestClient) => userSchema.parse((await client.get('/api/me')).json());

    it('entering a shop is remembered for the next login, and PUT /api/users/mode remembers supporter mode', async () => {
      const owner = await loginAs(t, 'owner@example.com');
      const shops = (await owner.get('/api/myShops')).json() as { id: number }[];
      const shopId = shops[0]!.id;
      await owner.put('/api/users/mode', { mode: 'focustar' });
      expect((await owner.post(`/api/shops/${shopId}/login`)).statusCode).toBe(200);
      // A new login (another browser) carries the shop in its user answer.
      const again = await new TestClient(t.app).post('/api/login', {
        email: 'owner@example.com',
        password: 'demo-pass-2026',
      });
      expect(userSchema.parse(again.json().user)).toMatchObject({ last_mode: 'shop', last_shop_id: shopId });

      const back = await owner.put('/api/users/mode', { mode: 'focustar' });
      expect(back.statusCode).toBe(200);
      expect(userSchema.parse(back.json())).toMatchObject({ last_mode: 'focustar', last_shop_id: shopId });
      expect(await me(owner)).toMatchObject({ last_mode: 'focustar' });
    });

    it('a person who never chose has no remembered mode; staff entering a shop keep their own home', async () => {
      const staff = await loginAs(t, 'staff@example.com');
      const before = await me(staff);
      const owner = await loginAs(t, 'north-owner@example.com');
      expect(await me(owner)).toMatchObject({ last_mode: null, last_shop_id: null });
      const shopId = ((await owner.get('/api/myShops')).json() as { id: number }[])[0]!.id;
      expect((await staff.post(`/api/shops/${shopId}/login`)).statusCode).toBe(200);
      expect(await me(staff)).toMatchObject({
        last_mode: before.last_mode,
        last_shop_id: before.last_shop_id,
      });
    });

    it('PUT /api/users/mode refuses anything but supporter mode with a 422 in Japanese', async () => {
      const owner = await loginAs(t, 'west-owner@example.com');
      const res = await owner.put('/api/users/mode', { mode: 'shop' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.mode).toEqual(['モードの指定が正しくありません。']);
      expect((await me(owner)).last_mode).toBeNull();
    });

    it('the SNS accounts for posting are counted, all and approved (the checklist step SNSアカウント)', async () => {
      const client = new TestClient(t.app);
      const res = await client.request({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.25.0.1',
        payload: {
          email: 'first.hour@example.com',
          password: 'Kirin-no-hoshi-77',
          name: 'はじめて 太郎',
          screen_name: 'first_hour_taro',
          terms: true,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      client.token = res.json().access_token;
      expect(await me(client)).toMatchObject({
        email_verified: false,
        sns_accounts_count: 0,
        approved_sns_accounts_count: 0,
        status: '審査中',
      });
      const added = await client.post('/api/social-accounts', { provider: 'x', handle: 'first_hour_taro' });
      expect(added.statusCode, added.body).toBe(201);
      expect(await me(client)).toMatchObject({ sns_accounts_count: 1, approved_sns_accounts_count: 0 });
      const supporter = await loginAs(t, 'supporter@example.com');
      expect(await me(supporter)).toMatchObject({ sns_accounts_count: 2, approved_sns_accounts_count: 2 });
    });
  });
}
