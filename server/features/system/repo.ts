import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** The health check's round trip: any answer means the database is reachable. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
