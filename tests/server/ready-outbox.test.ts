import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_LATE_SECONDS } from '../../server/platform/notify/backlog.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 29 "Degrading instead of stopping": with SMTP, LINE or the push service down the outbox retries, and
 * `/api/ready` reports the age of the oldest unsent message past a threshold (and the metric shows it). A late
 * outbox does not take the process out of traffic: it stays 200 and says `outbox: late`.
 */
const TOKEN = 'ready-outbox-metrics-token-0123456789';

for (const kind of DB_KINDS) {
  describe(`issue 29: the outbox's oldest unsent message in /api/ready and /metrics [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { METRICS_TOKEN: TOKEN });
    });
    afterAll(() => t.close());

    /**
     * A delivery queued `minutes` ago, due or held, that a worker holds while its channel is down (under a
     * lease, so this app's worker does not take it: ADR 0206).
     */
    async function pendingDelivery(minutes: number, heldMinutes?: number) {
      const userId = await createMember(
        t,
        `ready-outbox-${Math.random().toString(36).slice(2)}@example.com`,
        'Passw0rd!x',
      );
      const record = `test:${Math.random().toString(36).slice(2)}`;
      await t.database.db.execute(sql`
        insert into notification_deliveries (recipient, user_id, kind, record_key, channel, title, body, path, leased_until, queued_at, not_before)
        values (${`user:${userId}`}, ${userId}, 'post.approved', ${record}, 'line', '投稿が承認されました', '本文', '/history',
          now() + interval '1 hour', now() - make_interval(mins => ${minutes}),
          ${heldMinutes === undefined ? null : sql`now() + make_interval(mins => ${heldMinutes})`})`);
      return record;
    }
    const clear = () => t.database.db.execute(sql`delete from notification_deliveries`);
    const ready = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { checks: { outbox: string }; outboxOldestUnsentSeconds: number | null };
    };
    const gauge = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const line = res.body.split('\n').find((l) => l.startsWith('focustar_outbox_oldest_unsent_seconds '));
      return Number(line?.split(' ')[1]);
    };

    it('a message waiting past the threshold makes the outbox late, with its age; the process stays ready', async () => {
      await clear();
      await pendingDelivery(OUTBOX_LATE_SECONDS / 60 + 5);
      await pendingDelivery(1);
      const body = await ready();
      expect(body.checks.outbox).toBe('late');
      expect(body.outboxOldestUnsentSeconds).toBeGreaterThanOrEqual(OUTBOX_LATE_SECONDS + 5 * 60 - 5);
      expect(await gauge()).toBeGreaterThanOrEqual(OUTBOX_LATE_SECONDS + 5 * 60 - 5);
      await clear();
    });

    it('a message younger than the threshold is reported by its age but not late', async () => {
      await clear();
      await pendingDelivery(2);
      const body = await ready();
      expect(body.checks.outbox).toBe('ok');
      expect(body.outboxOldestUnsentSeconds).toBeGreaterThanOrEqual(115);
      expect(body.outboxOldestUnsentSeconds).toBeLessThan(OUTBOX_LATE_SECONDS);
      await clear();
    });

    it('a message held for quiet hours is not late before its morning, and a sent one is not waiting', async () => {
      await clear();
      await pendingDelivery(OUTBOX_LATE_SECONDS / 60 + 60, 30);
      const sent = await pendingDelivery(OUTBOX_LATE_SECONDS / 60 + 60);
      await t.database.db.execute(
        sql`update notification_deliveries set status = 'sent', sent_at = now() where record_key = ${sent}`,
      );
      // Only these two: whatever else the fixtures queued (a welcome mail) is not this test's.
      await t.database.db.execute(
        sql`delete from notification_deliveries where record_key not like 'test:%'`,
      );
      const body = await ready();
      expect(body.checks.outbox).toBe('ok');
      expect(body.outboxOldestUnsentSeconds).toBeNull();
      expect(await gauge()).toBe(0);
      await clear();
    });
  });
}
