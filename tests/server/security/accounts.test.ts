import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES as M, loginSessionsResponseSchema } from '../../../contracts/accounts.ts';
import { MESSAGES } from '../../../contracts/common.ts';
import { ACCOUNT_MAIL_QUEUE } from '../../../server/features/accounts/service.ts';
import { rowsOf } from '../../../server/platform/db/client.ts';
import { REQUEST_ID_FIELD } from '../../../server/platform/jobs.ts';
import { ACCESS_TOKEN_TTL_S, SHORT_REFRESH_WINDOW_S } from '../../../server/platform/tokens.ts';
import { DEMO_PASSWORD } from '../../../server/seed/demo.ts';
import { type TestApp, TestClient } from '../../support/app.ts';
import { DB_KINDS } from '../../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../../support/mail.ts';
import { createAccountsApp, JAPANESE, loginAs } from '../helpers.ts';
import { recentDay } from '../../support/clock.ts';

/** A day a few days back (see tests/support/clock.ts); the tests move the Date clock there. */
const DAYS_AGO_4 = recentDay(4);
const DAYS_AGO_3 = recentDay(3);
const DAYS_AGO_2 = recentDay(2);

/** Issue 10: the login budgets (item 3), the reset mail from a queue (item 9), tokens in the browser. */

for (const kind of DB_KINDS) {
  describe(`issue 10: accounts [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
    }, 180_000);
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    const login = (body: Record<string, unknown>, remoteAddress: string) =>
      new TestClient(t.app).request({ method: 'POST', url: '/api/login', payload: body, remoteAddress });

    const expect429 = (res: Awaited<ReturnType<typeof login>>, atMost: number) => {
      expect(res.statusCode, res.body).toBe(429);
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(atMost);
      expect(res.json()).toEqual({ message: M.loginThrottled(wait) });
      expect(res.json().message).toMatch(JAPANESE);
    };

    it('item 3: one IP gets 30 failed logins in 15 minutes whatever the e-mails, then 429 with Retry-After', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${DAYS_AGO_4}T10:00:00Z`));
      const ip = '10.3.0.1';
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push(
          (await login({ email: `nobody-${i}@example.com`, password: 'wrong-pass' }, ip)).statusCode,
        );
      }
      expect(statuses).toEqual(Array(30).fill(422));
      expect429(await login({ email: 'nobody-30@example.com', password: 'wrong-pass' }, ip), 15 * 60);
      // Even the right password of a real account waits: the IP's budget is spent.
      expect429(await login({ email: 'fan1@example.com', password: DEMO_PASSWORD }, ip), 15 * 60);
      // Another IP is not affected, and the budget comes back after the window.
      expect(
        (await login({ email: 'fan1@example.com', password: DEMO_PASSWORD }, '10.3.0.2')).statusCode,
      ).toBe(200);
      vi.setSystemTime(new Date(`${DAYS_AGO_4}T10:15:01Z`));
      expect((await login({ email: 'fan1@example.com', password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('item 3: one account gets 10 failed logins from any IPs, then locks with a back-off that doubles', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = new Date(`${DAYS_AGO_3}T10:00:00Z`).getTime();
      vi.setSystemTime(start);
      const email = 'fan2@example.com';
      // Two tries each from ten addresses: no e-mail+IP or IP budget is reached.
      for (let i = 0; i < 9; i++) {
        expect((await login({ email, password: 'wrong-pass' }, `10.4.0.${i}`)).statusCode).toBe(422);
      }
      expect((await login({ email, password: 'wrong-pass' }, '10.4.0.9')).statusCode).toBe(422);
      // The 10th failure locked the account for a minute, for every address and the right password.
      expect429(await login({ email, password: DEMO_PASSWORD }, '10.4.1.1'), 60);
      vi.setSystemTime(start + 61_000);
      expect((await login({ email, password: 'wrong-pass' }, '10.4.1.2')).statusCode).toBe(422);
      // The 11th failure: two minutes.
      vi.setSystemTime(start + 61_000 + 61_000);
      expect429(await login({ email, password: DEMO_PASSWORD }, '10.4.1.3'), 120);
      vi.setSystemTime(start + 61_000 + 121_000);
      // A success clears the account's failures.
      expect((await login({ email, password: DEMO_PASSWORD }, '10.4.1.4')).statusCode).toBe(200);
      expect((await login({ email, password: 'wrong-pass' }, '10.4.1.5')).statusCode).toBe(422);
      expect((await login({ email, password: DEMO_PASSWORD }, '10.4.1.6')).statusCode).toBe(200);
    });

    const queuedMails = async () =>
      Number(
        rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from pgboss.job where name = ${ACCOUNT_MAIL_QUEUE}`,
          ),
        )[0]!.n,
      );

    it('item 9: a reset request does the same work for any address: one queued job; the worker sends the mail', async () => {
      const client = new TestClient(t.app);
      const before = await queuedMails();
      const known = await client.request({
        method: 'POST',
        url: '/api/password/email',
        payload: { email: 'fan1@example.com' },
        remoteAddress: '10.9.9.1',
      });
      const unknown = await client.request({
        method: 'POST',
        url: '/api/password/email',
        payload: { email: 'nobody-at-all@example.com' },
        remoteAddress: '10.9.9.1',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      expect(await queuedMails()).toBe(before + 2);
      const sent = await mail.waitFor('fan1@example.com', { timeoutMs: 30_000 });
      expect(sent.text).toMatch(/forgot-password\?token=/);
      expect(mail.to('nobody-at-all@example.com')).toEqual([]);
      // The job holds no token: only the address (and the request's id, which follows it into the
      // worker's log lines: issue 17, ADR 0142).
      const data = rowsOf<{ data: Record<string, unknown> }>(
        await t.database.db.execute(
          sql`select data from pgboss.job where name = ${ACCOUNT_MAIL_QUEUE} order by created_on`,
        ),
      ).map(({ data: { [REQUEST_ID_FIELD]: requestId, ...rest } }) => {
        expect(typeof requestId).toBe('string');
        return rest;
      });
      expect(data).toContainEqual({ kind: 'password-reset', email: 'fan1@example.com' });
      expect(JSON.stringify(data)).not.toMatch(/token/);
    });

    it('tokens: without "remember me" a token can be refreshed up to 24 hours after it expired; with it, 14 days', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = new Date(`${DAYS_AGO_2}T00:00:00Z`).getTime();
      vi.setSystemTime(start);
      const signIn = async (remember?: boolean) => {
        const c = new TestClient(t.app);
        const res = await c.post('/api/login', {
          email: 'supporter@example.com',
          password: DEMO_PASSWORD,
          ...(remember === undefined ? {} : { remember }),
        });
        expect(res.statusCode).toBe(200);
        c.token = res.json().access_token;
        return c;
      };
      const [short, shortLate, remembered] = [await signIn(), await signIn(false), await signIn(true)];
      const expiredFor = (s: number) => vi.setSystemTime(start + (ACCESS_TOKEN_TTL_S + s) * 1000);
      expiredFor(SHORT_REFRESH_WINDOW_S - 60);
      expect((await short.post('/api/refresh')).statusCode).toBe(200);
      expiredFor(SHORT_REFRESH_WINDOW_S + 1);
      const refused = await shortLate.post('/api/refresh');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: MESSAGES.unauthenticated });
      expiredFor(13 * 24 * 3600);
      expect((await remembered.post('/api/refresh')).statusCode).toBe(200);
    });

    it("sessions: GET /api/sessions lists the user's own logins; DELETE /api/sessions/{sessionId} ends one of them only", async () => {
      const laptop = await loginAs(t, 'owner@example.com');
      const phone = await loginAs(t, 'owner@example.com');
      const other = await loginAs(t, 'fan3@example.com');
      const listed = await laptop.get('/api/sessions');
      expect(listed.statusCode).toBe(200);
      const sessions = loginSessionsResponseSchema.parse(listed.json());
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions.length).toBeGreaterThanOrEqual(2);
      const phoneSession = loginSessionsResponseSchema
        .parse((await phone.get('/api/sessions')).json())
        .find((s) => s.current)!;
      expect(sessions.map((s) => s.id)).toContain(phoneSession.id);
      const otherSession = loginSessionsResponseSchema
        .parse((await other.get('/api/sessions')).json())
        .find((s) => s.current)!;
      expect(sessions.map((s) => s.id)).not.toContain(otherSession.id);

      // Another user's login is "not found", and stays alive.
      const foreign = await laptop.delete(`/api/sessions/${otherSession.id}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ message: M.sessionNotFound });
      expect((await other.get('/api/me')).statusCode).toBe(200);

      const ended = await laptop.delete(`/api/sessions/${phoneSession.id}`);
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toEqual({ message: M.sessionRevoked });
      expect((await phone.get('/api/me')).statusCode).toBe(401);
      expect((await phone.post('/api/refresh')).statusCode).toBe(401);
      expect((await laptop.get('/api/me')).statusCode).toBe(200);
      expect((await laptop.delete(`/api/sessions/${phoneSession.id}`)).statusCode).toBe(404);
      const bad = await laptop.delete('/api/sessions/not-a-uuid');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toMatch(JAPANESE);
    });
  });
}
