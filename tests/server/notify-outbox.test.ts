import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNotification } from '../../contracts/notifications.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import {
  deliver,
  deliverDue,
  notify,
  registerChannelSender,
  retryDelaySeconds,
} from '../../server/platform/notify/outbox.ts';
import type { TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { createAccountsApp, userIdOf } from './helpers.ts';

/**
 * Issue 26 "One outbox" (product design section 8 "Notifications"): a message is written in the transaction
 * of its change, exactly once per (recipient, kind, record, channel); a rolled-back change writes nothing;
 * a sender that throws is retried; a held delivery waits for its time; a mail's Message-ID is stable.
 */
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const kind of DB_KINDS) {
  describe(`the notification outbox (issue 26 "One outbox") [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let fan: number;
    const rows = async (record: string) => ({
      inApp: rowsOf<{ title: string; body: string; path: string }>(
        await t.database.db.execute(
          sql`select title, body, path from notifications where record_key = ${record}`,
        ),
      ),
      deliveries: rowsOf<{
        id: string;
        channel: string;
        status: string;
        attempts: number;
        last_error: string | null;
      }>(
        await t.database.db.execute(
          sql`select id, channel, status, attempts, last_error from notification_deliveries where record_key = ${record}`,
        ),
      ),
    });
    const settle = async (record: string) => {
      for (let i = 0; i < 100; i++) {
        const { deliveries } = await rows(record);
        if (deliveries.every((d) => d.status !== 'pending')) return deliveries;
        await wait(50);
      }
      throw new Error(`deliveries of ${record} still pending`);
    };

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl, JOB_EXPIRE_SECONDS: '2' });
      fan = await userIdOf(t, 'fan1@example.com');
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    it('writes the in-app row and one mail, once however often the change is replayed; the mail comes in the layout with a stable Message-ID', async () => {
      const params = { shop: 'デモカフェ 渋谷店', reward: 500, confirmDay: '2026-12-03' };
      for (let i = 0; i < 3; i++) {
        await t.database.db.transaction((tx) =>
          notify(t.app, tx, { to: fan, kind: 'post.approved', record: 'unit:outbox-1', params }),
        );
      }
      const { inApp, deliveries } = await rows('unit:outbox-1');
      expect(inApp).toEqual([
        {
          title: '投稿が承認されました',
          body: 'デモカフェ 渋谷店への投稿が承認されました。報酬500円は2026年12月3日（木）に確定します。',
          path: '/history',
        },
      ]);
      expect(deliveries.map((d) => d.channel)).toEqual(['mail']);
      await settle('unit:outbox-1');
      const got = await mail.waitFor('fan1@example.com');
      expect(got.subject).toBe('投稿が承認されました');
      expect(got.text).toContain('報酬500円は2026年12月3日（木）に確定します。');
      expect(got.text).toContain('http://localhost:3000/history');
      expect(got.raw).toMatch(/Content-Type: text\/html/);
      expect(got.messageId).toMatch(/^<[0-9a-f]{40}@localhost>$/);
      await wait(300);
      expect(mail.to('fan1@example.com').filter((m) => m.subject === '投稿が承認されました')).toHaveLength(1);
    });

    it('a change that rolls back writes nothing and sends nothing', async () => {
      await expect(
        t.database.db.transaction(async (tx) => {
          await notify(t.app, tx, {
            to: fan,
            kind: 'payout.paid',
            record: 'payout:rollback',
            params: { amount: 1000 },
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await rows('payout:rollback')).toEqual({ inApp: [], deliveries: [] });
    });

    it('ADR 0206: a sender that throws is tried again by the worker after a wait, under the same key; the error kept has no personal data', async () => {
      const keys: string[] = [];
      let calls = 0;
      registerChannelSender(t.app, {
        channel: 'line',
        async deliver(_db, d) {
          calls += 1;
          keys.push(d.key);
          if (calls === 1) throw Object.assign(new Error(`LINE refused fan1@example.com`), { status: 500 });
          return 'sent';
        },
      });
      // Written as `notify` writes it: no job, the worker finds the row.
      await t.database.db.execute(sql`
        insert into notification_deliveries (recipient, user_id, kind, record_key, channel, title, body, path)
        values (${`user:${fan}`}, ${fan}, 'payout.paid', 'payout:retry', 'line', 't', 'b', '/history')`);
      let failed: Awaited<ReturnType<typeof rows>>['deliveries'][number] | undefined;
      for (let i = 0; i < 100 && !failed; i++) {
        const [d] = (await rows('payout:retry')).deliveries;
        if (d?.attempts === 1) failed = d;
        else await wait(20);
      }
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'Error 500' });
      // The wait is the retry's own: the time it was due (from which the outbox's lateness counts) stays.
      const [times] = rowsOf<{ not_before: unknown }>(
        await t.database.db.execute(
          sql`select not_before from notification_deliveries where record_key = 'payout:retry'`,
        ),
      );
      expect(times).toMatchObject({ not_before: null });
      const [d] = await settle('payout:retry');
      expect(d).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(keys).toEqual([
        `user:${fan}:payout.paid:payout:retry:line`,
        `user:${fan}:payout.paid:payout:retry:line`,
      ]);
      // Sent: asking for the row again sends nothing.
      expect(await deliver(t.app, String(d!.id))).toBe('done');
      expect(calls).toBe(2);
      // The waits grow: 1 s after the first failure, then 2, 4, … up to an hour.
      expect([1, 2, 3, 10, 13, 20].map(retryDelaySeconds)).toEqual([1, 2, 4, 512, 3600, 3600]);
    });

    it('ADR 0206: a steady stream of messages does not hold the worker back: the first is sent while the others are still being written', async () => {
      const params = { shop: 'デモカフェ 渋谷店', reward: 100, confirmDay: '2026-12-03' };
      // By LINE, whose sender here answers at once (a stream of mails would leave a backlog for the next tests),
      // at any hour (quiet hours off).
      registerChannelSender(t.app, { channel: 'line', deliver: async () => 'sent' });
      const facts = {
        reach: { line: true, push: false, mail: false },
        settings: { channels: {}, quietHours: false, postsToJudge: 'digest' as const },
      };
      let firstSentWhileWriting = false;
      // Messages closer together than the worker's wait after a wake, for longer than two of its idle looks.
      const until = Date.now() + 2_500;
      for (let i = 0; Date.now() < until; i++) {
        await t.database.db.transaction((tx) =>
          notify(t.app, tx, { to: fan, kind: 'post.approved', record: `unit:stream-${i}`, params, facts }),
        );
        if (!firstSentWhileWriting)
          firstSentWhileWriting = (await rows('unit:stream-0')).deliveries[0]?.status === 'sent';
        await wait(10);
      }
      expect(firstSentWhileWriting).toBe(true);
    });

    it('ADR 0206: a held delivery is not sent before its time and is sent when due; one under a lease that ran out (a killed process) is sent, one under a live lease is not', async () => {
      const sent: string[] = [];
      registerChannelSender(t.app, {
        channel: 'push',
        async deliver(_db, d) {
          sent.push(d.recordKey);
          return 'sent';
        },
      });
      const insert = async (record: string, extra: { notBefore?: string; leasedUntil?: string }) =>
        rowsOf<{ id: string }>(
          await t.database.db.execute(sql`
            insert into notification_deliveries (recipient, user_id, kind, record_key, channel, title, body, path, not_before, leased_until)
            values (${`user:${fan}`}, ${fan}, 'offer.arrived', ${record}, 'push', 't', 'b', '/advertisements',
              now() + ${extra.notBefore ?? null}::interval, now() + ${extra.leasedUntil ?? null}::interval) returning id`),
        )[0]!.id;
      const held = await insert('unit:held', { notBefore: '1 hour' });
      const lost = await insert('unit:lost-lease', { leasedUntil: '-1 minute' });
      const leased = await insert('unit:leased', { leasedUntil: '1 hour' });
      await settle('unit:lost-lease');
      await wait(1_500); // more than a look of the worker
      expect(sent).toEqual(['unit:lost-lease']);
      expect(await deliver(t.app, held)).toBe('held');
      expect(await deliver(t.app, leased)).toBe('leased');
      await t.database.db.execute(
        sql`update notification_deliveries set not_before = now() - interval '1 second' where id = ${held}`,
      );
      await settle('unit:held');
      expect(sent).toEqual(['unit:lost-lease', 'unit:held']);
      expect(await deliver(t.app, lost)).toBe('done');
    });

    it('a mail to an address that is no user: once per address, the address forgotten once sent', async () => {
      for (let i = 0; i < 2; i++) {
        await t.database.db.transaction((tx) =>
          notify(t.app, tx, {
            to: { email: 'Guest@Example.com' },
            kind: 'mail.test',
            record: 'contact:outbox',
            mail: { subject: 'お問い合わせを受け付けました', text: 'ありがとうございます。' },
          }),
        );
      }
      const [d] = await settle('contact:outbox');
      expect(d!.status).toBe('sent');
      const got = await mail.waitFor('guest@example.com');
      expect(got.subject).toBe('お問い合わせを受け付けました');
      const [kept] = rowsOf<{ address: string | null; payload: unknown; recipient: string }>(
        await t.database.db.execute(
          sql`select address, payload, recipient from notification_deliveries where record_key = 'contact:outbox'`,
        ),
      );
      expect(kept).toMatchObject({ address: null, payload: null });
      expect(kept!.recipient).not.toContain('example');
      expect((await rows('contact:outbox')).inApp).toEqual([]);
    });

    it('the templates render the spec’s vocabulary (a sample)', () => {
      expect(
        renderNotification('offer.arrived', { shop: 'デモカフェ', reward: 1000, deadline: '2026-11-26' }),
      ).toEqual({
        title: 'デモカフェから拡散依頼が届きました',
        body: '報酬は1,000円です。2026年11月26日（木）までにお返事ください。',
        path: '/advertisements',
      });
    });
  });

  describe(`ADR 0206: a worker that stops [${kind}]`, () => {
    let t: TestApp;
    // WORKERS=0: no look of the app's own, so the test's look is the only one.
    beforeAll(async () => {
      t = await createAccountsApp(kind, { WORKERS: '0' });
    });
    afterAll(() => t.close());

    it('starts no other send once stopping, and hands the rows it took back at once', async () => {
      const fan = await userIdOf(t, 'fan1@example.com');
      const sent: string[] = [];
      let stopping = false;
      registerChannelSender(t.app, {
        channel: 'push',
        async deliver(_db, d) {
          sent.push(d.recordKey);
          stopping = true; // the stop comes while the first send is under way
          return 'sent';
        },
      });
      for (let i = 0; i < 5; i++)
        await t.database.db.execute(sql`
          insert into notification_deliveries (recipient, user_id, kind, record_key, channel, title, body, path)
          values (${`user:${fan}`}, ${fan}, 'offer.arrived', ${`unit:stop-${i}`}, 'push', 't', 'b', '/advertisements')`);
      expect(await deliverDue(t.app, 20, () => stopping)).toBe(5);
      expect(sent).toHaveLength(1);
      const left = rowsOf<{ status: string; leased: boolean }>(
        await t.database.db.execute(sql`
          select status, leased_until is not null as leased from notification_deliveries
          where record_key like 'unit:stop-%' and status = 'pending'`),
      );
      expect(left).toEqual(Array.from({ length: 4 }, () => ({ status: 'pending', leased: false })));
      // Handed back: the next look sends them without waiting for a lease to run out.
      stopping = false;
      registerChannelSender(t.app, {
        channel: 'push',
        async deliver(_db, d) {
          sent.push(d.recordKey);
          return 'sent';
        },
      });
      expect(await deliverDue(t.app)).toBe(4);
      expect(sent.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `unit:stop-${i}`));
    });
  });
}
