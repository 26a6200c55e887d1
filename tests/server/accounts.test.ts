import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, authResponseSchema, userSchema } from '../../contracts/accounts.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { verifyPassword } from '../../server/features/accounts/passwords.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { linkIn, type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { RECAPTCHA_PASS, type RecaptchaServer, startRecaptchaServer } from '../support/recaptcha.ts';
import { APP_URL, createAccountsApp, JAPANESE, loginAs, userIdOf } from './helpers.ts';
import { recentDay } from '../support/clock.ts';

/** A day a few days back (see tests/support/clock.ts); the tests move the Date clock there. */
const DAYS_AGO_4 = recentDay(4);
const DAYS_AGO_3 = recentDay(3);
const DAYS_AGO_2 = recentDay(2);

let ipCounter = 0;
/** Each sign-up from its own address, so the per-IP limit of one test does not spill into the next. */
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const strongPassword = 'Haru-no-sakura-2026';

for (const kind of DB_KINDS) {
  describe(`sign-up, e-mail verification, password reset and leave (issue 5) [${kind}]`, () => {
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
    afterEach(() => {
      vi.useRealTimers();
    });

    const register = (client: TestClient, fields: Record<string, unknown>) =>
      client.request({
        method: 'POST',
        url: '/api/register',
        remoteAddress: freshIp(),
        payload: {
          password: strongPassword,
          name: '新規 登録',
          terms: true,
          ...fields,
        },
      });

    it('POST /api/register signs up, mails a Japanese verification link, and the link verifies and applies the referral shop (product design section 6)', async () => {
      const client = new TestClient(t.app);
      const res = await register(client, {
        email: 'New.User@Example.com',
        screen_name: 'new_user',
        referral_shop_id: 1,
      });
      expect(res.statusCode).toBe(201);
      const body = authResponseSchema.parse(res.json());
      expect(body.user).toMatchObject({
        email: 'new.user@example.com',
        email_verified: false,
        screen_name: 'new_user',
        role: { name: 'focustar', priority: 10 },
      });
      client.token = body.access_token;
      expect(userSchema.parse((await client.get('/api/me')).json()).email_verified).toBe(false);

      const message = await mail.waitFor('new.user@example.com');
      expect(message.subject).toBe('【Focustar】メールアドレスの確認をお願いします');
      expect(message.text).toMatch(/有効期限は60分/);
      const link = linkIn(message, /http:\/\/localhost:3000\/api\/email\/verify\S+/);
      const url = new URL(link);
      expect(url.origin).toBe(APP_URL);

      // A tampered link does nothing.
      const forged = new URL(link);
      forged.searchParams.set('id', String(body.user.id + 1));
      const bad = await new TestClient(t.app).get(forged.pathname + forged.search);
      expect(bad.statusCode).toBe(303);
      expect(bad.headers.location).toBe('/?email_verification=invalid');

      const ok = await new TestClient(t.app).get(url.pathname + url.search);
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/?email_verification=ok');
      const me = userSchema.parse((await client.get('/api/me')).json());
      expect(me.email_verified).toBe(true);
      expect(me.flag_status.addedReferralShop).toBe(true);
      expect(me.favorites_count).toBe(1);
      const row = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, me.id) });
      expect(row?.referralShopId).toBeNull();
      expect(row?.termsAcceptedAt).toBeInstanceOf(Date);
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('the verification link expires after 60 minutes (issue 5)', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${DAYS_AGO_4}T09:00:00Z`));
      const client = new TestClient(t.app);
      const res = await register(client, { email: 'late@example.com', screen_name: 'late_user' });
      expect(res.statusCode).toBe(201);
      const link = new URL(linkIn(await mail.waitFor('late@example.com'), /http\S+verify\S+/));
      vi.setSystemTime(new Date(`${DAYS_AGO_4}T10:00:30Z`));
      const expired = await client.get(link.pathname + link.search);
      expect(expired.headers.location).toBe('/?email_verification=expired');
      client.token = res.json().access_token;
      vi.setSystemTime(new Date(`${DAYS_AGO_4}T09:10:00Z`));
      expect(userSchema.parse((await client.get('/api/me')).json()).email_verified).toBe(false);
    });

    it('POST /api/email/resend sends a new link and is throttled to one a minute (issue 5)', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${DAYS_AGO_3}T09:00:00Z`));
      const client = new TestClient(t.app);
      const res = await register(client, { email: 'resend@example.com', screen_name: 'resend_user' });
      client.token = res.json().access_token;
      await mail.waitFor('resend@example.com');
      const first = await client.post('/api/email/resend');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: ACCOUNT_MESSAGES.verificationResent });
      await mail.waitFor('resend@example.com', { since: 1 });
      const second = await client.post('/api/email/resend');
      expect(second.statusCode).toBe(429);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      expect(second.json().message).toMatch(JAPANESE);
      vi.setSystemTime(new Date(`${DAYS_AGO_3}T09:01:01Z`));
      expect((await client.post('/api/email/resend')).statusCode).toBe(200);
      const verified = await loginAs(t, 'fan1@example.com');
      expect((await verified.post('/api/email/resend')).json()).toEqual({
        message: ACCOUNT_MESSAGES.alreadyVerified,
      });
    });

    it('sign-up refuses taken e-mails and screen names, reserved names, missing consent and bad passwords (issue 5)', async () => {
      const client = new TestClient(t.app);
      const taken = await register(client, { email: 'SUPPORTER@example.com', screen_name: 'demo-supporter' });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({
        email: [ACCOUNT_MESSAGES.emailTaken],
        screen_name: [ACCOUNT_MESSAGES.screenNameTaken],
      });
      // A shop's screen name is its public URL too (seed spec section 2, `/{screen_name}`; ADR 0050).
      const shopName = await register(client, { email: 'cafe-fan@example.com', screen_name: 'Demo-Cafe' });
      expect(shopName.statusCode).toBe(422);
      expect(shopName.json().errors).toEqual({ screen_name: [ACCOUNT_MESSAGES.screenNameTaken] });
      const cases: [Record<string, unknown>, string][] = [
        [{ screen_name: 'login' }, 'screen_name'],
        [{ screen_name: 'ひらがな' }, 'screen_name'],
        [{ terms: false }, 'terms'],
        [{ password: 'short7!' }, 'password'],
        [{ password: 'x'.repeat(129) }, 'password'],
        [{ password: 'password123' }, 'password'],
        [{ password: 'aaaaaaaaaaaa' }, 'password'],
        [{ email: 'not-an-email' }, 'email'],
      ];
      for (const [fields, field] of cases) {
        const res = await register(client, {
          email: 'fresh@example.com',
          screen_name: 'fresh_user',
          ...fields,
        });
        expect(res.statusCode, JSON.stringify(fields)).toBe(422);
        expect(Object.keys(res.json().errors)).toContain(field);
        expect(res.json().message).toMatch(JAPANESE);
      }
      const max = await register(client, {
        email: 'long-pass@example.com',
        screen_name: 'long_pass',
        password: 'あい'.repeat(64),
      });
      expect(max.statusCode).toBe(201);
      expect(
        await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'fresh@example.com') }),
      ).toBeUndefined();
    });

    it('two sign-ups racing for one screen name or e-mail: exactly one account is created (issue 5)', async () => {
      const [a, b] = await Promise.all([
        register(new TestClient(t.app), { email: 'race-a@example.com', screen_name: 'race_name' }),
        register(new TestClient(t.app), { email: 'race-b@example.com', screen_name: 'RACE_NAME' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
      expect((a.statusCode === 422 ? a : b).json().errors).toEqual({
        screen_name: [ACCOUNT_MESSAGES.screenNameTaken],
      });
      const [c, d] = await Promise.all([
        register(new TestClient(t.app), { email: 'race@example.com', screen_name: 'race_c' }),
        register(new TestClient(t.app), { email: 'RACE@example.com', screen_name: 'race_d' }),
      ]);
      expect([c.statusCode, d.statusCode].sort()).toEqual([201, 422]);
      expect((c.statusCode === 422 ? c : d).json().errors).toEqual({ email: [ACCOUNT_MESSAGES.emailTaken] });
    });

    it('password reset: a neutral answer, a single-use 60-minute link, and signing out everywhere (issue 5)', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(`${DAYS_AGO_2}T09:00:00Z`));
      const guest = new TestClient(t.app);
      const sessionA = await loginAs(t, 'fan2@example.com');
      const sessionB = await loginAs(t, 'fan2@example.com');
      const known = await guest.post('/api/password/email', { email: 'fan2@example.com' });
      const unknown = await guest.post('/api/password/email', { email: 'no-such-user@example.com' });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordMailSent });
      expect(unknown.json()).toEqual(known.json());

      const message = await mail.waitFor('fan2@example.com');
      expect(message.subject).toBe('【Focustar】パスワード再設定のご案内');
      const link = new URL(linkIn(message, /http:\/\/localhost:3000\/forgot-password\S+/));
      const token = link.searchParams.get('token')!;
      expect(link.searchParams.get('email')).toBe('fan2@example.com');
      const stored = await t.database.db.query.passwordResetTokens.findFirst();
      expect(stored?.tokenHash).not.toBe(token); // stored hashed

      const weak = await guest.post('/api/password/reset', {
        token,
        email: 'fan2@example.com',
        password: 'password1',
      });
      expect(weak.statusCode).toBe(422);
      const wrongEmail = await guest.post('/api/password/reset', {
        token,
        email: 'fan1@example.com',
        password: strongPassword,
      });
      expect(wrongEmail.statusCode).toBe(422);

      const done = await guest.post('/api/password/reset', {
        token,
        email: 'fan2@example.com',
        password: strongPassword,
      });
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });
      for (const s of [sessionA, sessionB]) expect((await s.get('/api/me')).statusCode).toBe(401);
      const reuse = await guest.post('/api/password/reset', {
        token,
        email: 'fan2@example.com',
        password: 'Another-good-one-99',
      });
      expect(reuse.statusCode).toBe(422);
      expect(reuse.json().errors).toEqual({ token: [ACCOUNT_MESSAGES.resetLinkInvalid] });
      expect(
        (await guest.post('/api/login', { email: 'fan2@example.com', password: DEMO_PASSWORD })).statusCode,
      ).toBe(422);
      await loginAs(t, 'fan2@example.com', strongPassword);
      await mail.waitFor('fan2@example.com', { since: 1 }); // the "password changed" notice

      // A second link expires after 60 minutes.
      vi.setSystemTime(new Date(`${DAYS_AGO_2}T09:05:00Z`));
      await guest.post('/api/password/email', { email: 'fan2@example.com' });
      const later = new URL(
        linkIn(await mail.waitFor('fan2@example.com', { since: 2 }), /http\S+forgot-password\S+/),
      );
      vi.setSystemTime(new Date(`${DAYS_AGO_2}T10:05:01Z`));
      const expired = await guest.post('/api/password/reset', {
        token: later.searchParams.get('token'),
        email: 'fan2@example.com',
        password: 'Another-good-one-99',
      });
      expect(expired.statusCode).toBe(422);
      const row = await t.database.db.query.users.findFirst({
        where: (u, { eq }) => eq(u.email, 'fan2@example.com'),
      });
      expect(await verifyPassword(row!.passwordHash, strongPassword)).toBe(true);
    });

    it('POST /api/leave anonymises the user, signs out everywhere and keeps the row for money records (issue 5)', async () => {
      const a = await loginAs(t, 'fan3@example.com');
      const b = await loginAs(t, 'fan3@example.com');
      const id = await userIdOf(t, 'fan3@example.com');
      const wrong = await a.post('/api/leave', { password: 'not-my-password' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors).toEqual({ password: [ACCOUNT_MESSAGES.wrongPassword] });
      // fan3 has seeded rewards: leaving gives them up knowingly (issue 16, ADR 0095).
      const res = await a.post('/api/leave', { password: DEMO_PASSWORD, accept_unpaid_balance: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.left });
      for (const s of [a, b]) expect((await s.get('/api/me')).statusCode).toBe(401);
      const row = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) });
      expect(row).toMatchObject({ email: null, passwordHash: null, name: '退会済みユーザー' });
      expect(row?.deletedAt).toBeInstanceOf(Date);
      const favs = await t.database.db.execute(
        sql`select count(*)::int as n from favorites where user_id = ${id}`,
      );
      expect((favs as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      const login = await new TestClient(t.app).post('/api/login', {
        email: 'fan3@example.com',
        password: DEMO_PASSWORD,
      });
      expect(login.statusCode).toBe(422);
      // The address is free again for a new account.
      expect(
        (await register(new TestClient(t.app), { email: 'fan3@example.com', screen_name: 'fan3_again' }))
          .statusCode,
      ).toBe(201);
      expect((await mail.waitFor('fan3@example.com')).subject).toBe('【Focustar】退会手続きが完了しました');
    });
  });
}

describe('reCAPTCHA on sign-up (issue 5)', () => {
  let t: TestApp;
  let recaptcha: RecaptchaServer;
  let mail: MailCatcher;
  beforeAll(async () => {
    recaptcha = await startRecaptchaServer();
    mail = await startMailCatcher();
    t = await createAccountsApp('pglite', {
      RECAPTCHA_SECRET: recaptcha.secret,
      RECAPTCHA_VERIFY_URL: recaptcha.url,
      SMTP_URL: mail.smtpUrl,
    });
  });
  afterAll(async () => {
    await t.close();
    await recaptcha.stop();
    await mail.stop();
  });

  it('needs a valid g-recaptcha-response and writes nothing without it', async () => {
    const client = new TestClient(t.app);
    const payload = {
      email: 'robot@example.com',
      password: strongPassword,
      name: 'ロボット',
      screen_name: 'robot_user',
      terms: true,
    };
    const refused = await client.post('/api/register', { ...payload, 'g-recaptcha-response': 'forged' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'g-recaptcha-response': [ACCOUNT_MESSAGES.recaptchaFailed] });
    expect(
      await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, 'robot@example.com') }),
    ).toBeUndefined();
    const ok = await client.post('/api/register', { ...payload, 'g-recaptcha-response': RECAPTCHA_PASS });
    expect(ok.statusCode).toBe(201);
  });
});
