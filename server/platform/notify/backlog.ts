import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

/**
 * Issue 29 "Degrading instead of stopping": how late the outbox is. The age, in seconds, of the oldest delivery
 * still pending that was due to go (a delivery held for quiet hours is not late before its morning), or null
 * when nothing due waits. Read by `/api/ready` and the `focustar_outbox_oldest_unsent_seconds` gauge.
 * The partial index on pending deliveries (migration 0035) keeps it one index range.
 */
export async function oldestUnsentSeconds(db: Db): Promise<number | null> {
  const [row] = rowsOf<{ age: number | string | null }>(
    await db.execute(sql`
      select extract(epoch from now() - min(coalesce(not_before, queued_at)))::float8 as age
      from notification_deliveries
      where status = 'pending' and coalesce(not_before, queued_at) <= now()`),
  );
  return row?.age == null ? null : Math.max(0, Math.round(Number(row.age)));
}

/** Past this age (seconds) the outbox is reported late: SMTP, LINE or the push service has not taken it. */
export const OUTBOX_LATE_SECONDS = 15 * 60;
