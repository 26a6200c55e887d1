import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, USER_FLAGS, userSchema } from '../../contracts/accounts.ts';
import { profileSchema } from '../../contracts/supporters.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 25 (12), ADR 0170: `PUT /api/users/flag-up {flag}` (seed spec section 7) raises one of the seven
 * flags of section 3 and answers the user; the name is checked (a 422 in Japanese, per field); a guest is
 * refused; a read of the payments raises nothing any more (the /history screen raises checkedFirstReward).
 */
for (const kind of DB_KINDS) {
  describe(`issue 25 (12): PUT /api/users/flag-up [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
    });
    afterAll(() => t.close());

    it('issue 25 (12): each of the seven flags of section 3 goes up, the answer is the user, and /api/me agrees', async () => {
      const c = await loginAs(t, 'fan2@example.com');
      for (const flag of USER_FLAGS) {
        const res = await c.put('/api/users/flag-up', { flag });
        expect(res.statusCode, res.body).toBe(200);
        expect(userSchema.parse(res.json()).flag_status[flag]).toBe(true);
      }
      const me = userSchema.parse((await c.get('/api/me')).json());
      expect(Object.values(me.flag_status)).toEqual(USER_FLAGS.map(() => true));
    });

    it('issue 25 (12): raising a flag twice changes nothing and answers the same user (section 4: skipped if up)', async () => {
      const c = await loginAs(t, 'fan1@example.com');
      const first = userSchema.parse(
        (await c.put('/api/users/flag-up', { flag: 'watchedAdvertiserRule' })).json(),
      );
      const again = await c.put('/api/users/flag-up', { flag: 'watchedAdvertiserRule' });
      expect(again.statusCode).toBe(200);
      expect(userSchema.parse(again.json()).flag_status).toEqual(first.flag_status);
      expect(first.flag_status.watchedFocustarRule).toBe(false);
    });

    it('issue 25 (12): an unknown, missing or mistyped flag is a 422 with errors.flag in Japanese, and nothing goes up', async () => {
      const c = await loginAs(t, 'fan3@example.com');
      const before = userSchema.parse((await c.get('/api/me')).json()).flag_status;
      for (const body of [
        { flag: 'isAdmin' },
        {},
        { flag: 1 },
        { flag: ['watchedFocustarRule'] },
        { flag: '' },
      ]) {
        const res = await c.put('/api/users/flag-up', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        const answer = res.json() as { message: string; errors: Record<string, string[]> };
        expect(answer.errors.flag?.[0]).toBe('不明なフラグです。');
      }
      expect(userSchema.parse((await c.get('/api/me')).json()).flag_status).toEqual(before);
    });

    it('issue 25 (12), ADR 0170: a done flag comes with its action: a new supporter saving the profile raises savedFirstProfile', async () => {
      const c = new TestClient(t.app);
      const signedUp = await c.post('/api/register', {
        email: 'flags.new@example.com',
        password: 'Kirin-no-hoshi-77',
        name: '新井 旗子',
        screen_name: 'flags_new',
        terms: true,
      });
      expect(signedUp.statusCode, signedUp.body).toBe(201);
      const auth = authResponseSchema.parse(signedUp.json());
      expect(auth.user.flag_status.savedFirstProfile).toBe(false);
      c.token = auth.access_token;
      const profile = profileSchema.parse((await c.get('/api/users/me/profile')).json());
      const saved = await c.put('/api/users/me/profile', profile);
      expect(saved.statusCode, saved.body).toBe(200);
      const me = userSchema.parse((await c.get('/api/me')).json());
      expect(me.flag_status.savedFirstProfile).toBe(true);
      expect(me.flag_status.watchedFocustarRule).toBe(false);
    });

    it('issue 25 (12): a guest is refused (401), as section 4 makes it an error when not logged in', async () => {
      const res = await new TestClient(t.app).put('/api/users/flag-up', { flag: 'watchedFocustarRule' });
      expect(res.statusCode).toBe(401);
    });

    it('issue 25 (12), ADR 0170: reading GET /api/payments raises no flag; flag-up raises checkedFirstReward', async () => {
      const c = await loginAs(t, 'supporter@example.com');
      expect((await c.get('/api/payments')).statusCode).toBe(200);
      expect(userSchema.parse((await c.get('/api/me')).json()).flag_status.checkedFirstReward).toBe(false);
      const res = await c.put('/api/users/flag-up', { flag: 'checkedFirstReward' });
      expect(userSchema.parse(res.json()).flag_status.checkedFirstReward).toBe(true);
    });
  });
}
