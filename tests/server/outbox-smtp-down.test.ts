import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contracts/advertisements.ts';
import { UNSUBSCRIBE_TEXTS } from '../../contracts/notification-settings.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { NOTIFY_QUEUE, notify } from '../../server/platform/notify/outbox.ts';
import { channelsFor } from '../../server/platform/notify/preferences.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type CapturedMail, type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { APP_URL, createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 26 "One outbox" (product design section 8 "Notifications", ADR 0178): every mail is a row of the one
 * outbox written in the transaction of its change, so a change made while the SMTP server is down loses no
 * mail: the outbox's worker retries with back-off, and once SMTP is back each mail arrives exactly once.
 * And issue 26 "Mail": informational mail (news, opt-in) carries the one-click unsubscribe of RFC 8058.
 */
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const STRONG = 'Kq7#vLw2!pZ9';
const DAY = 86_400_000;

for (const kind of DB_KINDS) {
  describe(`issue 26 "One outbox": mail while SMTP is down [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let port: number;
    const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await t.database.db.execute(query));

    beforeAll(async () => {
      mail = await startMailCatcher();
      port = mail.port;
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl, JOB_EXPIRE_SECONDS: '2' });
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    /** A fresh approved supporter with the demo password (no LINE, no push: its messages go by mail). */
    const supporter = async (email: string) => {
      const [owner] = await q<{ password_hash: string }>(
        sql`select password_hash from users where email = 'owner@example.com'`,
      );
      const [row] = await q<{ id: number }>(sql`
        insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at)
        values (${email}, ${owner!.password_hash}, ${'送信試験 花子'}, ${email.split('@')[0]!.replace(/[^a-z0-9]/g, '_')}, 3, '承認', now())
        returning id`);
      return Number(row!.id);
    };

    /** A post of `userId` waiting for the demo shop's judgement (as the crash test makes them). */
    const postedUnit = async (userId: number, n: number) => {
      const [owner] = await q<{ id: number }>(sql`select id from users where email = 'owner@example.com'`);
      const [shop] = await q<{ id: number }>(sql`select id from shops where screen_name = 'demo-cafe'`);
      const now = Date.now();
      const [ad] = await q<{ id: number }>(sql`
        insert into advertisements (shop_id, created_by, status, text, platforms, units, reward, starts_on, ends_on, approved_at)
        values (${shop!.id}, ${owner!.id}, '配信中', '#PR SMTP停止の試験', '["x"]'::jsonb, 1, 100,
          ${tokyoDate(new Date(now - 10 * DAY))}, ${tokyoDate(new Date(now + 20 * DAY))}, now())
        returning id`);
      const [unit] = await q<{ id: number }>(sql`
        insert into units (advertisement_id, user_id, status, reward, platform, post_url, post_check, submissions,
          offered_at, expires_at, accepted_at, posted_at)
        values (${ad!.id}, ${userId}, 'posted', 100, 'x',
          ${`https://x.com/smtp_down_${n}/status/${1_900_000_000_000_000_000n + BigInt(n)}`}, 'ok', 1,
          ${new Date(now - 2 * DAY)}, ${new Date(now + 10 * DAY)}, ${new Date(now - DAY)}, ${new Date(now - DAY)})
        returning id`);
      return Number(unit!.id);
    };

    /** The mail deliveries written since `since` (an id of notification_deliveries). */
    const deliveriesSince = (since: number) =>
      q<{ id: number; kind: string; status: string; attempts: number; last_error: string | null }>(sql`
        select id, kind, status, attempts, last_error from notification_deliveries
        where id > ${since} and channel = 'mail' order by id`);

    const until = async (what: string, ok: () => Promise<boolean>) => {
      for (let i = 0; i < 600; i++) {
        if (await ok()) return;
        await wait(100);
      }
      throw new Error(`waited in vain: ${what}`);
    };

    it('SMTP down during each kind of change that mails: after it is back, every mail arrives exactly once (issue 26 "One outbox")', async () => {
      const [{ last }] = (await q<{ last: number | null }>(
        sql`select max(id) as last from notification_deliveries`,
      )) as [{ last: number | null }];
      const since = Number(last ?? 0);
      // The people of the changes.
      await supporter('smtp-changer@example.com');
      await supporter('smtp-leaver@example.com');
      const poster = await supporter('smtp-poster@example.com');
      const reader = await supporter('smtp-reader@example.com');
      const unit = await postedUnit(poster, 1);
      const changerClient = await loginAs(t, 'smtp-changer@example.com');
      const leaverClient = await loginAs(t, 'smtp-leaver@example.com');
      const readerClient = await loginAs(t, 'smtp-reader@example.com');
      const owner = await loginAs(t, 'owner@example.com');
      expect(
        (
          await readerClient.put('/api/notification-settings', {
            channels: { news: { mail: true } },
            quietHours: true,
          })
        ).statusCode,
      ).toBe(200);

      await mail.stop();

      // Accounts: a sign-up (verification), a resend, a reset request, a password change, an e-mail change
      // (the new address and a notice to the old one), leaving.
      const newcomer = new TestClient(t.app);
      const signUp = await newcomer.request({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '10.26.0.1',
        payload: {
          email: 'smtp-newcomer@example.com',
          screen_name: 'smtp_newcomer',
          password: STRONG,
          name: '新規 登録',
          terms: true,
        },
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      newcomer.token = signUp.json().access_token;
      expect((await newcomer.post('/api/email/resend')).statusCode).toBe(200);
      const reset = await new TestClient(t.app).request({
        method: 'POST',
        url: '/api/password/email',
        remoteAddress: '10.26.0.2',
        payload: { email: 'smtp-poster@example.com' },
      });
      expect(reset.statusCode).toBe(200);
      const changed = await changerClient.put('/api/password', {
        current_password: DEMO_PASSWORD,
        password: STRONG,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const moved = await changerClient.put('/api/email', {
        email: 'smtp-changer.new@example.com',
        password: STRONG,
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const left = await leaverClient.post('/api/leave', { password: DEMO_PASSWORD });
      expect(left.statusCode, left.body).toBe(200);
      // Contact: the operators' copy and the sender's receipt.
      const contact = await changerClient.post('/api/contact', {
        topic: 'その他',
        body: 'SMTPが止まっている間のお問い合わせ',
      });
      expect(contact.statusCode, contact.body).toBe(201);
      // A shop approves a post: the supporter (no LINE, no push) hears by mail.
      const approved = await owner.post(`/api/units/${unit}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      // Informational mail to a person who opted in (there is no screen that sends news yet: the outbox).
      await t.database.db.transaction((tx) =>
        notify(t.app, tx, {
          to: reader,
          kind: 'news',
          record: 'news:smtp-down',
          params: { title: 'SMTP停止中のお知らせ', body: '新しい機能のご案内です。', path: '/account-info' },
        }),
      );

      // Every mail of these changes is in the outbox and has failed at least once (SMTP refuses).
      const expected: [kind: string, to: string][] = [
        ['mail.verify-email', 'smtp-newcomer@example.com'],
        ['mail.verify-email', 'smtp-newcomer@example.com'],
        ['mail.password-reset', 'smtp-poster@example.com'],
        ['mail.password-changed', 'smtp-changer@example.com'],
        ['mail.change-email', 'smtp-changer.new@example.com'],
        ['mail.email-change-requested', 'smtp-changer@example.com'],
        ['mail.left', 'smtp-leaver@example.com'],
        ['mail.contact_operators', t.app.env.CONTACT_MAIL_TO],
        ['mail.contact_receipt', 'smtp-changer@example.com'],
        ['post.approved', 'smtp-poster@example.com'],
        ['news', 'smtp-reader@example.com'],
      ];
      await until('every mail written and refused once', async () => {
        const rows = await deliveriesSince(since);
        return rows.length >= expected.length && rows.every((r) => r.attempts >= 1 && r.last_error !== null);
      });
      const written = await deliveriesSince(since);
      expect(written.map((r) => r.kind).sort()).toEqual(expected.map(([k]) => k).sort());
      expect(written.every((r) => r.status === 'pending')).toBe(true);
      expect(mail.messages).toEqual([]);

      // SMTP is back where it was: the retries deliver.
      mail = await startMailCatcher(undefined, port);
      await until('every mail sent', async () =>
        (await deliveriesSince(since)).every((r) => r.status === 'sent'),
      );
      // ADR 0206: the worker took the rows themselves; no job was sent for any of them.
      const [jobs] = await q<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = ${NOTIFY_QUEUE}`,
      );
      expect(Number(jobs!.n)).toBe(0);

      // Exactly once each: as many mails as deliveries, one per Message-ID, to the expected addresses.
      expect(mail.messages.length).toBe(expected.length);
      expect(new Set(mail.messages.map((m) => m.messageId)).size).toBe(expected.length);
      expect(mail.messages.map((m) => m.to.join(',')).sort()).toEqual(expected.map(([, to]) => to).sort());
      const to = (address: string) => mail.to(address).map((m: CapturedMail) => m.subject);
      expect(to('smtp-newcomer@example.com')).toEqual([
        '【Focustar】メールアドレスの確認をお願いします',
        '【Focustar】メールアドレスの確認をお願いします',
      ]);
      expect(to('smtp-leaver@example.com')).toEqual(['【Focustar】退会手続きが完了しました']);
      expect(to('smtp-changer.new@example.com')).toEqual([
        '【Focustar】メールアドレス変更の確認をお願いします',
      ]);
      // The reset link works: the token and its mail were written together.
      const resetMail = mail
        .to('smtp-poster@example.com')
        .find((m) => m.subject.includes('パスワード再設定'))!;
      const link = new URL(/https?:\/\/\S+forgot-password\?\S+/.exec(resetMail.text)![0]);
      const done = await new TestClient(t.app).post('/api/password/reset', {
        token: link.searchParams.get('token'),
        email: 'smtp-poster@example.com',
        password: 'Zr4!mQ8#tLp2',
      });
      expect(done.statusCode, done.body).toBe(200);
      // Once sent, the outbox forgets what the mails said (the reset link among them) and the addresses.
      const kept = await q<{ n: number }>(sql`
        select count(*)::int as n from notification_deliveries
        where id > ${since} and channel = 'mail' and kind <> 'mail.password-changed' and (payload is not null or address is not null)`);
      expect(Number(kept[0]!.n)).toBe(0);
    });

    it('informational mail carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058); POSTing the URL without a login turns that mail off (issue 26 "Mail")', async () => {
      const id = await supporter('news-reader@example.com');
      const client = await loginAs(t, 'news-reader@example.com');
      await client.put('/api/notification-settings', {
        channels: { news: { mail: true } },
        quietHours: true,
      });
      const before = mail.to('news-reader@example.com').length;
      await t.database.db.transaction(async (tx) => {
        await notify(t.app, tx, {
          to: id,
          kind: 'news',
          record: 'news:unsubscribe',
          params: {
            title: '新機能のお知らせ',
            body: '通知設定で受け取り方を選べます。',
            path: '/account-info',
          },
        });
        // A transactional mail to the same person: no unsubscribe header.
        await notify(t.app, tx, {
          to: id,
          kind: 'mail.password-changed',
          record: 'news:unsubscribe:transactional',
          mail: { subject: '【Focustar】パスワードが変更されました', text: '本文' },
        });
      });
      const news = await mail.waitFor('news-reader@example.com', { since: before, timeoutMs: 30_000 });
      const other = await mail.waitFor('news-reader@example.com', { since: before + 1, timeoutMs: 30_000 });
      const [informational, transactional] =
        news.subject === '新機能のお知らせ' ? [news, other] : [other, news];
      const headers = informational.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
      const url = new URL(/^List-Unsubscribe: <([^>]+)>$/im.exec(headers)![1]!);
      expect(url.origin).toBe(APP_URL);
      expect(url.pathname).toBe('/api/unsubscribe');
      expect(informational.text).toContain('配信の停止は');
      expect(transactional.raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/List-Unsubscribe/i);
      // As a mail provider posts it: no login, no cookie, the RFC 8058 body.
      const res = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(UNSUBSCRIBE_TEXTS.done);
      expect(await channelsFor(t.database.db, id, 'news')).toEqual(['in_app']);
    });
  });
}
