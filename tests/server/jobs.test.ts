import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/platform/db/client.ts';
import { type Jobs, planOf, startJobs, toDrizzleSql } from '../../server/platform/jobs.ts';
import { DB_KINDS, openTestDatabase } from '../support/db.ts';

/**
 * Issue 13 "Jobs and mail": pg-boss on both databases; a job sent inside a Drizzle transaction exists only
 * if the transaction commits; API-only processes (WORKERS=0) enqueue without running handlers.
 */
describe('toDrizzleSql', () => {
  it('turns $n placeholders into parameters in order, a repeated one and undefined (NULL) included', () => {
    const query = new PgDialect().sqlToQuery(
      toDrizzleSql('select $1::int + $2::int as a, $1::int as b, $3::uuid as c', [40, 2, undefined]),
    );
    expect(query.sql).toBe('select $1::int + $2::int as a, $3::int as b, $4::uuid as c');
    expect(query.params).toEqual([40, 2, 40, null]);
  });

  it('issue 29: the plan kept per text sends what Drizzle would, for a text of pg-boss kind, every time', () => {
    const dialect = new PgDialect();
    const text =
      "insert into pgboss.job (id, name, data, start_after) select $1, $2, $3, case when right($4, 1) = 'Z' " +
      "then cast($4 as timestamptz) else now() + cast(coalesce($4, '0') as interval) end returning id";
    for (const values of [
      ['a', 'q', { n: 1 }, '2026-11-27T00:00:00.000Z'],
      ['b', 'q', { n: 2 }, undefined],
    ]) {
      const oracle = dialect.sqlToQuery(toDrizzleSql(text, values));
      const plan = planOf(text);
      expect(plan.statement).toBe(oracle.sql);
      expect(plan.order.map((i) => values[i] ?? null)).toEqual(oracle.params);
      // The same plan object: worked out once per text.
      expect(planOf(text)).toBe(plan);
    }
  });
});

for (const kind of DB_KINDS) {
  describe(`jobs [${kind}]`, () => {
    let database: Database;
    let jobs: Jobs;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      jobs = await startJobs({ database, workers: 1, pollingIntervalSeconds: 0.5 });
    });
    afterAll(async () => {
      await jobs.stop();
      await database.close();
    });

    it(`runs a job sent outside a transaction, once [${kind}]`, async () => {
      const seen: number[] = [];
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      await jobs.work<{ n: number }>('test-plain', async ({ n }) => {
        seen.push(n);
        done();
      });
      await jobs.send('test-plain', { n: 7 });
      await finished;
      expect(seen).toEqual([7]);
    });

    it(`a job sent in a transaction that rolls back never exists; one that commits runs [${kind}]`, async () => {
      const seen: string[] = [];
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      await jobs.work<{ label: string }>('test-tx', async ({ label }) => {
        seen.push(label);
        if (label === 'committed') done();
      });
      await expect(
        database.db.transaction(async (tx) => {
          await jobs.send('test-tx', { label: 'rolled back' }, {}, tx);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await database.db.transaction(async (tx) => {
        await jobs.send('test-tx', { label: 'committed' }, {}, tx);
      });
      await finished;
      const queued = await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'test-tx'`,
      );
      expect((queued as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
      expect(seen).toEqual(['committed']);
    });

    it(`refuses a job for a queue nobody declared, instead of waiting on PGlite's one connection [${kind}]`, async () => {
      await expect(jobs.send('test-undeclared', { a: 1 })).rejects.toThrow(/not declared/);
    });

    it(`an API-only process (WORKERS=0) enqueues but runs no handler [${kind}]`, async () => {
      const apiOnly = await startJobs({ database, workers: 0 });
      let ran = false;
      await apiOnly.work('test-api-only', async () => {
        ran = true;
      });
      const id = await apiOnly.send('test-api-only', { x: 1 });
      expect(id).toEqual(expect.any(String));
      const rows = await database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`);
      expect((rows as unknown as { rows: { state: string }[] }).rows[0]?.state).toBe('created');
      expect(ran).toBe(false);
      await apiOnly.stop();
    });
  });
}
