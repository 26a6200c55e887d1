import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hotSql, rowsOf } from '../../server/platform/db/client.ts';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/db.ts';

/**
 * The PostgreSQL pool outlives the server ending its connections (issue 17 "Races and crashes": a
 * restart or fail-over of the database must not stop the API process). Found by CI: a dropped test
 * database ended idle connections, and the pool's unhandled 'error' event stopped the test process.
 */
// PGlite has no pool nor server to end its connections; without PostgreSQL the suite is skipped, by name.
const kind = 'postgres' as const;
describe.skipIf(!DB_KINDS.includes(kind))(`database client [${kind}] (needs TEST_DATABASE_URL)`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('idle connections ended by the server do not stop the process; the next query opens a new one', async () => {
    const name = rowsOf<{ name: string }>(
      await database.db.execute(sql`select current_database() as name`),
    )[0]!.name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // The pool hears of the ended connections a moment later; the process must still be here after it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = rowsOf<{ n: number }>(await database.db.execute(sql`select 1 as n`));
    expect(again[0]!.n).toBe(1);
  });
  it('a hot statement inside a transaction runs prepared on the transaction’s own connection (issue 17)', async () => {
    const db = database.db;
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table hot_probe (n int) on commit drop`);
      await tx.execute(sql`insert into hot_probe values (41)`);
      // Its own connection: it sees the transaction's temporary table and uncommitted row.
      const [row] = await hotSql<{ n: number }>(
        tx,
        'hot_probe_read',
        sql`select n + ${1}::int as n from hot_probe`,
      );
      const prepared = rowsOf<{ name: string }>(
        await tx.execute(sql`select name from pg_prepared_statements where name = 'hot_probe_read'`),
      );
      return { n: row!.n, prepared: prepared.map((p) => p.name) };
    });
    expect(seen).toEqual({ n: 42, prepared: ['hot_probe_read'] });
  });
});
