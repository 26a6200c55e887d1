import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { now } from '../clock.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { STAFF_PRIORITY } from '../plugins/access.ts';
import { notify } from './outbox.ts';

/**
 * Issue 26 "What people are told" (staff), product design section 8 "Notifications", ADR 0177: every
 * morning at 09:00 Japan time each staff or admin user hears what waits in the operators' queues: support
 * requests to review, shops to review, SNS accounts to review, posts waiting for a judgement, open fraud
 * flags. Once a day per person (record `staff:day:{YYYY-MM-DD}`); nothing is sent on a day when every
 * queue is empty. Platform code: plain SQL over the features' tables, no feature imports.
 */

export const STAFF_DIGEST_QUEUE = 'notify-staff-digest';
export const STAFF_DIGEST_CRON = '0 9 * * *';

export interface StaffQueues {
  requests: number;
  shops: number;
  snsAccounts: number;
  posts: number;
  fraud: number;
}

export async function staffQueues(db: Db): Promise<StaffQueues> {
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select
        (select count(*)::int from advertisements where status = '審査中') as requests,
        (select count(*)::int from shops where status like '審査待ち%') as shops,
        (select count(*)::int from sns_accounts where status = '審査中') as sns,
        (select count(*)::int from units where status = 'posted') as posts,
        (select count(*)::int from fraud_flags where status = 'open') as fraud`),
  );
  return {
    requests: Number(row?.requests ?? 0),
    shops: Number(row?.shops ?? 0),
    snsAccounts: Number(row?.sns ?? 0),
    posts: Number(row?.posts ?? 0),
    fraud: Number(row?.fraud ?? 0),
  };
}

/** The day in Japan of a moment, as YYYY-MM-DD. */
const tokyoDay = (at: Date) => new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);

/** Tells each staff and admin user the queues' counts, once per day. Answers how many were told. */
export async function sendStaffDigest(app: FastifyInstance, at: Date = now()): Promise<number> {
  const queues = await staffQueues(app.db);
  if (Object.values(queues).every((n) => n === 0)) return 0;
  const staff = rowsOf<{ id: number }>(
    await app.db.execute(sql`
      select u.id from users u join roles r on r.id = u.role_id
      where r.priority <= ${STAFF_PRIORITY} and u.deleted_at is null order by u.id`),
  ).map((r) => Number(r.id));
  if (!staff.length) return 0;
  const record = `staff:day:${tokyoDay(at)}`;
  await app.db.transaction(async (tx) => {
    for (const userId of staff)
      await notify(app, tx, { to: userId, kind: 'staff.digest', record, params: queues });
  });
  return staff.length;
}

export async function installStaffDigest(app: FastifyInstance): Promise<void> {
  await app.jobs.work(STAFF_DIGEST_QUEUE, async (_data, job) => {
    const told = await sendStaffDigest(app);
    if (told) job.log.info({ staff: told }, 'staff digest');
  });
  if (app.jobs.working) await app.jobs.schedule(STAFF_DIGEST_QUEUE, STAFF_DIGEST_CRON);
}
