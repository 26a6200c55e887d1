import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../../contracts/accounts.ts';
import { MemoryStore, RedisStore, Throttle } from '../../../server/platform/throttle.ts';
import {
  BASE_SERVER_ENV,
  REDIS_URL,
  redisAnswers as redisAnswersAt,
  scratchDatabase,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '../../support/processes.ts';

/**
 * Issue 10 "throttles that hold across instances": with REDIS_URL every budget lives in Redis, so two
 * server processes share it. Runs when Redis answers (REDIS_URL, else 127.0.0.1:6379), as the
 * PostgreSQL suites run when TEST_DATABASE_URL is set.
 */
const redisAnswers = await redisAnswersAt(REDIS_URL);

// Issue 28 (a): without Redis its suites are skipped, not left out, so that `npm test` lists them.
for (const kind of ['memory', 'redis'] as const) {
  describe.runIf(kind === 'memory' || redisAnswers)(`throttle store [${kind}]`, () => {
    it('counts per key in a window, answers the wait once the budget is spent, and clears', async () => {
      const prefix = `focustar-test:${randomBytes(6).toString('hex')}:`;
      const [a, b] =
        kind === 'redis'
          ? [new RedisStore(REDIS_URL, prefix), new RedisStore(REDIS_URL, prefix)]
          : [new MemoryStore(), new MemoryStore()];
      if (a instanceof RedisStore && b instanceof RedisStore) await Promise.all([a.connect(), b.connect()]);
      try {
        const ta = new Throttle(a, 'rule', 3, 60_000);
        const tb = new Throttle(b, 'rule', 3, 60_000);
        await ta.hit('k');
        await tb.hit('k');
        await ta.hit('k');
        // Two stores on one Redis are one budget; two memory stores are two.
        // The wait is what is left of the 60 s window (a loaded machine may have spent a second of it).
        const waitB = await tb.retryAfter('k');
        if (kind === 'redis') expect(waitB).toBeGreaterThanOrEqual(55);
        else expect(waitB).toBe(0);
        expect(waitB).toBeLessThanOrEqual(60);
        // In one Redis the three hits spent the budget; each memory store saw only its own (2 and 1).
        const waitA = await ta.retryAfter('k');
        if (kind === 'redis') expect(waitA).toBeGreaterThanOrEqual(55);
        else expect(waitA).toBe(0);
        expect(waitA).toBeLessThanOrEqual(60);
        expect(await ta.retryAfter('other')).toBe(0);
        await ta.clear('k');
        expect(await ta.retryAfter('k')).toBe(0);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}

/** A browser of one server: the XSRF cookie, then JSON calls. */
async function loginAttempt(server: ServerProcess, email: string): Promise<Response> {
  const csrf = await fetch(`${server.url}/api/csrf-cookie`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  return fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${cookie}`,
      'x-xsrf-token': decodeURIComponent(cookie),
    },
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });
}

const database = process.env.TEST_DATABASE_URL ? 'one PostgreSQL database' : 'an embedded database each';
describe.runIf(redisAnswers)(
  `two server processes with REDIS_URL share the login budgets (issue 10, item 3) [${database}] [redis]`,
  () => {
    const servers: ServerProcess[] = [];
    let dropDatabase: (() => Promise<void>) | null = null;
    beforeAll(async () => {
      const env: Record<string, string> = {
        ...BASE_SERVER_ENV,
        REDIS_URL,
        REDIS_KEY_PREFIX: `focustar-test:${randomBytes(6).toString('hex')}:`,
        WORKERS: '0',
      };
      if (process.env.TEST_DATABASE_URL) {
        const database = await scratchDatabase();
        env.DATABASE_URL = database.url;
        dropDatabase = database.drop;
        // One after the other: both would run the same migrations at once.
        servers.push(await startServerProcess(env));
        servers.push(await startServerProcess(env));
      } else {
        for (let i = 0; i < 2; i++) {
          servers.push(
            await startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'focustar-proc-')) }),
          );
        }
      }
    }, 600_000);
    afterAll(async () => {
      await Promise.all(servers.map((server) => stopServerProcess(server, 15_000)));
      await dropDatabase?.();
    }, 60_000);

    it('30 failed logins from one IP spread over both processes spend the budget of both', async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push((await loginAttempt(i % 2 ? b : a, `nobody-${i}@example.com`)).status);
      }
      expect(statuses).toEqual(Array(30).fill(422));
      for (const server of [a, b]) {
        const res = await loginAttempt(server, 'nobody-30@example.com');
        expect(res.status).toBe(429);
        const wait = Number(res.headers.get('retry-after'));
        expect(wait).toBeGreaterThan(0);
        expect(await res.json()).toEqual({ message: M.loginThrottled(wait) });
      }
    });
  },
);
