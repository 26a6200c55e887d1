import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '../../contracts/common.ts';
import { features } from '../../server/features/index.ts';
import * as schema from '../../server/features/schema.ts';
import { buildApp } from '../../server/platform/app.ts';
import { type Database, openDatabase, rowsOf } from '../../server/platform/db/client.ts';
import { loadEnv } from '../../server/platform/env.ts';
import { isDatabaseUnavailable } from '../../server/platform/plugins/errors.ts';
import { seedDemoData } from '../../server/seed/demo.ts';
import { TEST_APP_SECRET, TEST_VERSION, type TestApp } from '../support/app.ts';
import { scratchDatabase } from '../support/processes.ts';
import { tcpRelay, type TcpRelay } from '../support/relay.ts';
import { loginAs } from './helpers.ts';

/**
 * Issue 29 "Degrading instead of stopping": PostgreSQL restarted under load. The app reaches PostgreSQL
 * through a relay the test cuts (every connection closed, new ones refused, as while the server restarts) and
 * restores: meanwhile a request answers 503 in Japanese with Retry-After, not 500; afterwards the pool
 * reconnects by itself and the same requests answer 200; a money action cut mid-way leaves nothing half written.
 */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'issue 29: PostgreSQL restarted: a Japanese 503 meanwhile, the pool reconnects, nothing half written [postgres]',
  () => {
    let scratch: { url: string; drop(): Promise<void> };
    let relay: TcpRelay;
    let database: Database<typeof schema>;
    let direct: Database<typeof schema>;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      scratch = await scratchDatabase();
      direct = await openDatabase({ schema, databaseUrl: scratch.url, poolMax: 2 });
      await seedDemoData(direct.db);
      relay = await tcpRelay(scratch.url, 5432);
      database = await openDatabase({ schema, databaseUrl: relay.url, poolMax: 5 });
      app = await buildApp({
        env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_SECRET: TEST_APP_SECRET, WORKERS: '0' }),
        database,
        features,
        version: TEST_VERSION,
        clientDir: null,
      });
      await app.ready();
    }, 300_000);
    afterAll(async () => {
      // Each step bounded: one clean-clone CI run (of five) hung here for 120 s after every test had passed,
      // in the shared, shuffled server suite; not seen when the file runs alone. The step that does not end
      // is named, and the database is dropped WITH (FORCE) whatever its connections.
      const step = async (name: string, run: () => Promise<unknown> | undefined) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), 15_000);
        });
        const ended = await Promise.race([Promise.resolve(run()).catch(() => undefined), late]);
        clearTimeout(timer);
        if (ended === 'late') console.warn(`db-restart teardown: ${name} did not end within 15 s`);
      };
      await step('relay.restore', () => relay?.restore());
      await step('app.close', () => app?.close());
      await step('database.close', () => database?.close());
      await step('direct.close', () => direct?.close());
      await step('relay.close', () => relay?.close());
      await step('scratch.drop', () => scratch?.drop());
    }, 120_000);

    it('a signed-in read answers 503 in Japanese with Retry-After while PostgreSQL is away, and 200 once it is back', async () => {
      const owner = await loginAs({ app } as TestApp, 'owner@example.com');
      expect((await owner.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
      await relay.cut();
      try {
        const down = await owner.request({ method: 'GET', url: '/api/me' });
        expect(down.statusCode, down.body).toBe(503);
        expect(down.json()).toEqual({ message: MESSAGES.databaseUnavailable });
        expect(down.headers['retry-after']).toBe('5');
        // The readiness probe says so too (the database check), so a balancer stops sending traffic.
        expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
      } finally {
        await relay.restore();
      }
      // The pool drops its dead connections and opens new ones: no restart of the app.
      let back = 0;
      for (let i = 0; i < 20 && back !== 200; i += 1) {
        back = (await owner.request({ method: 'GET', url: '/api/me' })).statusCode;
        if (back !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(back).toBe(200);
    });

    it('approvals cut off mid-way: each unit is approved with its one credit, or neither; retried, it is paid once', async () => {
      const owner = await loginAs({ app } as TestApp, 'owner@example.com');
      const units = rowsOf<{ id: number }>(
        await direct.db.execute(sql`
          select u.id from units u join advertisements a on a.id = u.advertisement_id
          join shops s on s.id = a.shop_id where s.screen_name = 'demo-cafe' and u.status = 'posted' order by u.id`),
      ).map((r) => Number(r.id));
      expect(units.length).toBeGreaterThan(0);
      // The cut lands while the approvals are in flight.
      const answers = Promise.all(
        units.map((id) => owner.request({ method: 'POST', url: `/api/units/${id}/approve` })),
      );
      await new Promise((r) => setTimeout(r, 5));
      await relay.cut();
      const first = (await answers).map((a) => a.statusCode);
      await relay.restore();
      expect(
        first.every((s) => s === 200 || s === 503),
        JSON.stringify(first),
      ).toBe(true);
      // Whatever answered 503 is sent again, as the client's retry would.
      for (const [i, id] of units.entries()) {
        if (first[i] !== 503) continue;
        let status = 0;
        for (let n = 0; n < 20 && status !== 200; n += 1) {
          status = (await owner.request({ method: 'POST', url: `/api/units/${id}/approve` })).statusCode;
          if (status !== 200) await new Promise((r) => setTimeout(r, 250));
        }
        expect(status).toBe(200);
      }
      const rows = rowsOf<{ id: number; status: string; credits: number }>(
        await direct.db.execute(sql`
          select u.id, u.status, (select count(*)::int from ledger_entries l where l.idempotency_key = 'unit:' || u.id || ':reward') as credits
          from units u where u.id = any(${sql.raw(`array[${units.join(',')}]::int[]`)})`),
      );
      for (const r of rows) {
        expect(r.status, `unit ${r.id}`).toBe('approved');
        expect(r.credits, `unit ${r.id}`).toBe(1);
      }
    });

    it('a transaction whose connection PostgreSQL ends between two of its queries fails as an outage, and the process lives on', async () => {
      // bench:pg-restart found it: a connection checked out of the pool had no 'error' listener, so the end
      // of it while no query ran was an unhandled 'error' event, which stops a Node process.
      let cut!: () => void;
      const cutDone = new Promise<void>((r) => (cut = r));
      const tx = database.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        await relay.cut();
        cut();
        // The connection's end reaches the client while the transaction waits between its queries.
        await new Promise((r) => setTimeout(r, 200));
        await t.execute(sql`select 2`);
      });
      const error = await tx.then(
        () => null,
        (err: unknown) => err,
      );
      await cutDone;
      await relay.restore();
      expect(error).not.toBeNull();
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      // The pool dropped the dead connection: the next query is served by a new one.
      let answer: unknown = null;
      for (let i = 0; i < 20 && answer === null; i += 1) {
        answer = await database.db.execute(sql`select 1 as one`).then(
          (r) => rowsOf<{ one: number }>(r)[0]!.one,
          () => null,
        );
        if (answer === null) await new Promise((r) => setTimeout(r, 250));
      }
      expect(answer).toBe(1);
    });

    it('tells a database outage from a bug: connection errors and shutdown codes, directly or as a cause', () => {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P01' }))).toBe(true);
      expect(
        isDatabaseUnavailable(
          new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') }),
        ),
      ).toBe(true);
      expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
      expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
      expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    });
  },
);
