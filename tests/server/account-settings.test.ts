import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES as M, loginSessionsResponseSchema } from '../../contracts/accounts.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { balanceOf, credit } from '../../server/platform/ledger.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { linkIn, type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { createAccountsApp, loginAs, userIdOf } from './helpers.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 16 "The supporter's own account" (ADR 0093): change the e-mail (a verification link to the new
 * address, a notice to the old one), change the password (asks the current one, signs out the other
 * logins), the list of logins with one signed out, and leaving also removes the SNS accounts.
 */
const NEW_PASSWORD = 'Kimchi-Hanabi-2026';
const redirectOf = (res: { headers: Record<string, unknown> }) => String(res.headers.location);

for (const kind of DB_KINDS) {
  describe(`account settings (issue 16 "The supporter's own account") [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    it('change e-mail: the new address gets a link, the old a notice; the address changes only when the link is opened', async () => {
      const me = await loginAs(t, 'fan2@example.com');
      const wrong = await me.put('/api/email', { email: 'fan2.new@example.com', password: 'not-mine' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ password: [M.wrongPassword] });
      // Issue 28 (3): the taken address is this test's own account (fan1 leaves in another test).
      await createMember(t, 'taken.by.another@example.com', NEW_PASSWORD);
      const taken = await me.put('/api/email', {
        email: 'TAKEN.by.another@example.com',
        password: DEMO_PASSWORD,
      });
      expect(taken.json().errors).toEqual({ email: [M.emailTaken] });
      const same = await me.put('/api/email', { email: 'fan2@example.com', password: DEMO_PASSWORD });
      expect(same.json().errors).toEqual({ email: [M.emailUnchanged] });

      const res = await me.put('/api/email', { email: 'Fan2.New@example.com', password: DEMO_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: M.emailChangeSent });
      const notice = await mail.waitFor('fan2@example.com');
      expect(notice.subject).toBe('【Focustar】メールアドレス変更のお申し込みがありました');
      expect(notice.text).toContain('f*******@example.com');
      expect(notice.text).not.toContain('fan2.new@example.com');
      const verify = await mail.waitFor('fan2.new@example.com');
      expect(verify.subject).toBe('【Focustar】メールアドレス変更の確認をお願いします');
      const link = new URL(linkIn(verify, /https?:\/\/\S+\/api\/email\/change\S+/));
      // Nothing changed yet.
      expect((await me.get('/api/me')).json().email).toBe('fan2@example.com');
      // A tampered link (another address) is refused.
      const forged = new URL(link);
      forged.searchParams.set('email', 'attacker@example.com');
      const bad = await new TestClient(t.app).get(`${forged.pathname}${forged.search}`);
      expect(bad.statusCode).toBe(303);
      expect(redirectOf(bad)).toBe('/account-info?email_change=invalid');

      const ok = await new TestClient(t.app).get(`${link.pathname}${link.search}`);
      expect(redirectOf(ok)).toBe('/account-info?email_change=ok');
      expect((await me.get('/api/me')).json().email).toBe('fan2.new@example.com');
      // Opened twice: no longer valid.
      const again = await new TestClient(t.app).get(`${link.pathname}${link.search}`);
      expect(redirectOf(again)).toBe('/account-info?email_change=invalid');
      // The new address logs in; the old one does not.
      await loginAs(t, 'fan2.new@example.com');
      const old = await new TestClient(t.app).post('/api/login', {
        email: 'fan2@example.com',
        password: DEMO_PASSWORD,
      });
      expect(old.statusCode).toBe(422);
    });

    it('an expired change link says so, and a second request within a minute is throttled', async () => {
      const me = await loginAs(t, 'fan3@example.com');
      expect(
        (await me.put('/api/email', { email: 'fan3.a@example.com', password: DEMO_PASSWORD })).statusCode,
      ).toBe(200);
      const throttled = await me.put('/api/email', { email: 'fan3.b@example.com', password: DEMO_PASSWORD });
      expect(throttled.statusCode).toBe(429);
      const verify = await mail.waitFor('fan3.a@example.com');
      const link = new URL(linkIn(verify, /https?:\/\/\S+\/api\/email\/change\S+/));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(Date.now() + 61 * 60_000));
      const res = await new TestClient(t.app).get(`${link.pathname}${link.search}`);
      vi.useRealTimers();
      expect(redirectOf(res)).toBe('/account-info?email_change=expired');
    });

    it('change password: asks the current one, refuses a common or the same one, ends the other logins and mails a notice', async () => {
      const here = await loginAs(t, 'owner@example.com');
      const there = await loginAs(t, 'owner@example.com');
      const wrong = await here.put('/api/password', { current_password: 'nope', password: NEW_PASSWORD });
      expect(wrong.json().errors).toEqual({ current_password: [M.wrongPassword] });
      const common = await here.put('/api/password', {
        current_password: DEMO_PASSWORD,
        password: 'password123',
      });
      expect(common.json().errors).toEqual({ password: [M.commonPassword] });
      const same = await here.put('/api/password', {
        current_password: DEMO_PASSWORD,
        password: DEMO_PASSWORD,
      });
      expect(same.json().errors).toEqual({ password: [M.samePassword] });
      const short = await here.put('/api/password', { current_password: DEMO_PASSWORD, password: 'short' });
      expect(short.statusCode).toBe(422);

      const res = await here.put('/api/password', {
        current_password: DEMO_PASSWORD,
        password: NEW_PASSWORD,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: M.passwordChanged });
      expect((await here.get('/api/me')).statusCode).toBe(200);
      expect((await there.get('/api/me')).statusCode).toBe(401);
      expect((await mail.waitFor('owner@example.com')).subject).toBe(
        '【Focustar】パスワードが変更されました',
      );
      await loginAs(t, 'owner@example.com', NEW_PASSWORD);
      const old = await new TestClient(t.app).post('/api/login', {
        email: 'owner@example.com',
        password: DEMO_PASSWORD,
      });
      expect(old.statusCode).toBe(422);
    });

    it('wrong current passwords count against the login throttle (no way around it)', async () => {
      const me = await loginAs(t, 'north-owner@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) {
        statuses.push(
          (await me.put('/api/password', { current_password: `guess-${i}`, password: NEW_PASSWORD }))
            .statusCode,
        );
      }
      expect(statuses).toContain(429);
    });

    it('the list of logins marks this one; another can be signed out, and then it is gone (GET/DELETE /api/sessions)', async () => {
      const here = await loginAs(t, 'west-owner@example.com');
      const there = await loginAs(t, 'west-owner@example.com');
      const list = loginSessionsResponseSchema.parse((await here.get('/api/sessions')).json());
      expect(list.filter((s) => s.current)).toHaveLength(1);
      const other = list.find((s) => !s.current)!;
      const res = await here.delete(`/api/sessions/${other.id}`);
      expect(res.json()).toEqual({ message: M.sessionRevoked });
      expect((await there.get('/api/me')).statusCode).toBe(401);
      const after = loginSessionsResponseSchema.parse((await here.get('/api/sessions')).json());
      expect(after.map((s) => s.id)).not.toContain(other.id);
    });

    it('leaving also removes the SNS accounts for posting (issue 16); the handle is free again', async () => {
      const fan = await loginAs(t, 'fan1@example.com');
      const id = await userIdOf(t, 'fan1@example.com');
      const count = async () =>
        rowsOf(
          await t.database.db.execute(sql`select count(*)::int as n from sns_accounts where user_id = ${id}`),
        )[0]!.n;
      expect(await count()).toBeGreaterThan(0);
      // fan1 has unpaid rewards in the demo (issue 14), so leaving needs the consent to give them up.
      const leave = await fan.post('/api/leave', { password: DEMO_PASSWORD, accept_unpaid_balance: true });
      expect(leave.statusCode).toBe(200);
      expect(await count()).toBe(0);
    });

    it('leaving with an unpaid balance warns with the amount and needs consent (ADR 0095)', async () => {
      const me = await loginAs(t, 'supporter@example.com');
      const id = await userIdOf(t, 'supporter@example.com');
      await credit(t.database.db, {
        userId: id,
        amount: 1200,
        kind: 'reward',
        reference: 'test:leave',
        idempotencyKey: `test:leave:${id}`,
      });
      const warned = await me.post('/api/leave', { password: DEMO_PASSWORD });
      expect(warned.statusCode).toBe(422);
      const balance = await balanceOf(t.database.db, id);
      expect(balance).toBeGreaterThanOrEqual(1200);
      expect(warned.json().errors).toEqual({
        accept_unpaid_balance: [M.unpaidBalance(`${balance.toLocaleString('ja-JP')}円`)],
      });
      expect((await me.get('/api/me')).statusCode).toBe(200);
      const left = await me.post('/api/leave', { password: DEMO_PASSWORD, accept_unpaid_balance: true });
      expect(left.statusCode, left.body).toBe(200);
      expect((await me.get('/api/me')).statusCode).toBe(401);
    });
  });
}
