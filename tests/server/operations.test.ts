import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_MESSAGES } from '../../contracts/system.ts';
import { features } from '../../server/features/index.ts';
import * as schema from '../../server/features/schema.ts';
import { NOTIFY_QUEUE } from '../../server/platform/notify/outbox.ts';
import { buildApp } from '../../server/platform/app.ts';
import { MemoryCache, RedisCache, type SharedCache } from '../../server/platform/cache.ts';
import { openDatabase, pendingMigrations, rowsOf } from '../../server/platform/db/client.ts';
import { loadEnv } from '../../server/platform/env.ts';
import { redactUrl, requestIdFrom, scrubText } from '../../server/platform/logging.ts';
import { seedDemoData } from '../../server/seed/demo.ts';
import { checkLog } from '../../scripts/check-logs.ts';
import { TEST_APP_SECRET, TEST_VERSION, type TestApp } from '../support/app.ts';
import { DB_KINDS, openTestDatabase } from '../support/db.ts';
import { loginAs } from './helpers.ts';
import { createPostgresDatabase, REDIS_URL, redisAnswers as redisAnswersAt } from '../support/processes.ts';

/**
 * Issue 17 "Two instances and the distributed pieces": request ids and log safety (ADR 0142), readiness
 * (ADR 0141), the shared cache and the migration lock that several processes need (ADR 0140). The journey
 * across two real processes is tests/server/two-processes.test.ts.
 */
const redisAnswers = await redisAnswersAt(REDIS_URL);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+/;
const JWT = /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/;

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/** The real app with its logger writing JSON lines into memory, on a seeded database. */
async function appWithLog(
  kind: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: { seed?: boolean } = {},
) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const appEnv = loadEnv({
    NODE_ENV: 'test',
    APP_SECRET: TEST_APP_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'focustar-ops-')),
    ...env,
  });
  const database = await openTestDatabase(kind);
  if (options.seed) await seedDemoData(database.db);
  const app = await buildApp({
    env: appEnv,
    database,
    features,
    version: TEST_VERSION,
    logger: { level: 'info', stream },
  });
  await app.ready();
  const t: TestApp = {
    app,
    database,
    env: appEnv,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  return { t, lines, parsed: () => lines.map((l) => JSON.parse(l) as LogLine) };
}

describe('request ids (issue 17, ADR 0142)', () => {
  it('accepts a well-formed X-Request-Id and generates a UUID for anything else', () => {
    for (const good of [
      '0123456789abcdef0123456789abcdef',
      'a1b2c3d4',
      'Root=1-67891233-abcdef012345678912345678',
    ]) {
      expect(requestIdFrom(good)).toBe(good);
    }
    const jwt = `eyJhbGciOiJIUzI1NiJ9.${'eyJzdWIiOiIxIn0'.repeat(10)}.c2lnbmF0dXJl`;
    for (const bad of [
      undefined,
      '',
      'short',
      'has space 1234',
      'x'.repeat(129),
      '<script>1</script>',
      jwt,
      ['a1b2c3d4e5'],
    ]) {
      const id = requestIdFrom(bad);
      expect(id).toMatch(UUID);
      expect(id).not.toBe(bad);
    }
  });
});

describe('what never reaches a log line (issue 17, ADR 0142)', () => {
  it('scrubs e-mail addresses, JWTs, bearer credentials and a failed query’s parameters from texts', () => {
    const token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.abcDEF_123-xyz';
    const text = scrubText(
      `Failed query: insert into users (email) values ($1)\nparams: hanako@example.com,secret-pass\n    at run (x.js:1:1)`,
    );
    expect(text).toBe(
      'Failed query: insert into users (email) values ($1)\nparams: [redacted]\n    at run (x.js:1:1)',
    );
    expect(scrubText(`Authorization: Bearer ${token}`)).toBe('Authorization: Bearer [redacted]');
    expect(scrubText(`token=${token}`)).toBe('token=[jwt]');
    expect(scrubText('to <Hanako.Yamada+shop@mail.example.co.jp> rejected')).toBe('to <[email]> rejected');
    expect(redactUrl('/api/supporters?q=hanako%40example.com&page=2')).toBe(
      '/api/supporters?q=[email]&page=2',
    );
    expect(redactUrl('/api/password-reset?token=abc&email=x')).toBe(
      '/api/password-reset?token=[redacted]&email=[redacted]',
    );
  });

  describe('the app’s log', () => {
    let log: Awaited<ReturnType<typeof appWithLog>>;
    beforeAll(async () => {
      log = await appWithLog('pglite', {}, { seed: true });
    }, 180_000);
    afterAll(() => log.t.close());

    it('the app’s logger censors personal fields and scrubs errors (a Drizzle error quotes its parameters)', async () => {
      const { t, lines } = log;
      const token = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.abcDEF_123-xyz';
      t.app.log.info(
        {
          email: 'hanako@example.com',
          to: 'owner@example.com',
          user: { email: 'fan1@example.com', password: 'demo-pass-2026', accountNumber: '1234567' },
          headers: { authorization: `Bearer ${token}`, cookie: 'refresh=abc' },
          token,
        },
        'a careless call',
      );
      const pgError = Object.assign(
        new Error('duplicate key value violates unique constraint "users_email"'),
        {
          code: '23505',
          detail: 'Key (lower(email))=(hanako@example.com) already exists.',
        },
      );
      t.app.log.error(
        {
          err: new DrizzleQueryError(
            'insert into users (email, password_hash) values ($1, $2)',
            ['hanako@example.com', '$argon2id$v=19$secret'],
            pgError,
          ),
        },
        'unhandled error',
      );
      const text = lines.join('\n');
      expect(text).toContain('a careless call');
      expect(text).toContain('insert into users (email, password_hash) values ($1, $2)');
      expect(text).toContain('duplicate key value violates unique constraint');
      for (const leak of [EMAIL, JWT, /Bearer /, /demo-pass-2026/, /1234567/, /refresh=abc/, /argon2id/]) {
        expect(text).not.toMatch(leak);
      }
    });

    it('a request id follows a request into the job it enqueues and the mails the job sends; none of it names a person', async () => {
      const { t, lines, parsed } = log;
      const supporter = await loginAs(t, 'supporter@example.com');
      const requestId = `test-${randomBytes(8).toString('hex')}`;
      const res = await supporter.post(
        '/api/contact',
        { topic: 'その他', body: '問い合わせのテストです。' },
        { 'x-request-id': requestId },
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['x-request-id']).toBe(requestId);
      // Answers refused before any route (no XSRF token: 419) name their request too.
      const refused = await t.app.inject({ method: 'POST', url: '/api/contact', payload: {} });
      expect(refused.statusCode).toBe(419);
      expect(String(refused.headers['x-request-id'])).toMatch(UUID);

      // The operators' copy and the sender's receipt, each logged by its outbox delivery job (issue 26).
      await expect
        .poll(
          () => parsed().filter((l) => l.reqId === requestId && l.msg === 'development mail written').length,
          {
            timeout: 20_000,
          },
        )
        .toBe(2);
      // A delivery logs 'job done' after it has marked itself sent, a moment after its mail.
      await expect
        .poll(() => parsed().some((l) => l.reqId === requestId && l.msg === 'job done'), { timeout: 20_000 })
        .toBe(true);
      const mine = parsed().filter((l) => l.reqId === requestId);
      expect(mine.find((l) => l.msg === 'request completed')).toMatchObject({ res: { statusCode: 201 } });
      expect(mine.find((l) => l.msg === 'job done')).toMatchObject({ job: NOTIFY_QUEUE });
      expect(
        mine.filter((l) => l.msg === 'development mail written').every((l) => l.job === NOTIFY_QUEUE),
      ).toBe(true);
      // Every line is one JSON object; none carries an address, a token or the demo password.
      const text = lines.join('\n');
      for (const leak of [EMAIL, JWT, /Bearer /, /demo-pass-2026/]) expect(text).not.toMatch(leak);
    }, 60_000);
  });
});

describe('npm run check:logs: the search of the e2e server log (issue 17, ADR 0142)', () => {
  const request = (extra: object = {}) =>
    JSON.stringify({ level: 30, reqId: 'r-12345678', msg: 'request completed', ...extra });

  it('passes a clean log and names each kind of leak by line, never printing the value', () => {
    expect(checkLog([request(), request({ url: '/api/me' })].join('\n'))).toEqual({
      lines: 2,
      requests: 2,
      findings: [],
    });
    const leaks = [
      request({ url: '/api/x?to=fan1@example.com' }),
      request({ err: { message: 'to someone.else+x@mail.example.co.jp' } }),
      request({ headers: 'Authorization: Bearer abc.def' }),
      request({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' }),
      request({ msg2: 'password demo-pass-2026' }),
      request({ account: '7654321' }),
      'not json',
    ];
    const { findings } = checkLog(leaks.join('\n'));
    expect(findings).toEqual(
      expect.arrayContaining([
        'line 1: demo e-mail demo-fan1',
        'line 1: an e-mail address',
        'line 2: an e-mail address',
        'line 3: a bearer credential',
        'line 4: a JWT',
        'line 5: the demo password',
        'line 6: a seed or test bank account number',
        'line 7: not a JSON line',
      ]),
    );
    expect(findings.join('\n')).not.toMatch(/@|demo-pass|7654321|eyJ/);
    // Censored values pass; an empty (or silenced) log does not.
    expect(checkLog(request({ authorization: 'Bearer [redacted]', email: '[email]' })).findings).toEqual([]);
    expect(checkLog('').findings).toEqual([
      'no "request completed" line: the log is empty or not at info level',
    ]);
    // A number that merely contains the digits is not an account number.
    expect(checkLog(request({ time: 1795452937654321 })).findings).toEqual([]);
  });
});

/** A TCP relay to Redis that the test can cut, as a network failure would. */
async function redisRelay(): Promise<{ url: string; cut(): Promise<void> }> {
  const target = new URL(REDIS_URL);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => s.destroy());
      s.on('close', () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

for (const kind of DB_KINDS) {
  describe(`readiness: GET /api/ready (issue 17, ADR 0141) [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = (await appWithLog(kind)).t;
    });
    afterAll(() => t.close());

    it('is ready once migrations are applied and pg-boss runs; Redis is "off" without REDIS_URL', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', redis: 'off', jobs: 'ok', outbox: 'ok' },
        outboxOldestUnsentSeconds: null,
      });
      expect(await pendingMigrations(t.database.db)).toBe(0);
    });

    it('answers 503 in Japanese while a migration of this build is missing from the database', async () => {
      const [last] = rowsOf<{ id: number; hash: string; created_at: string }>(
        await t.database.db.execute(
          sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
        ),
      );
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: READY_MESSAGES.notReady([READY_MESSAGES.migrations(1)]) });
        // Health only asks the database, which answers.
        expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await t.database.db.execute(
          sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
        );
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });

    it('answers 503 once pg-boss has stopped (a process shutting down takes no new traffic)', async () => {
      // Issue 28 (3): an app of its own, since pg-boss does not start again (the others stay ready).
      const own = (await appWithLog(kind)).t;
      try {
        await own.app.jobs.stop();
        const res = await own.app.inject({ method: 'GET', url: '/api/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ message: READY_MESSAGES.notReady([READY_MESSAGES.jobs]) });
      } finally {
        await own.close();
      }
    });
  });
}

describe.runIf(redisAnswers)('readiness and the shared cache with Redis (issue 17, ADR 0140/0141)', () => {
  it('ready with Redis "ok"; 503 naming Redis once it cannot be reached', async () => {
    const relay = await redisRelay();
    const { t } = await appWithLog('pglite', {
      REDIS_URL: relay.url,
      REDIS_KEY_PREFIX: `focustar-test:${randomBytes(6).toString('hex')}:`,
    });
    try {
      const ok = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().checks.redis).toBe('ok');
      await relay.cut();
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: READY_MESSAGES.notReady([READY_MESSAGES.redis]) });
      // A cache is never the truth: the top page is still answered (counted) without Redis.
      expect((await t.app.inject({ method: 'GET', url: '/api/achievements' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('two caches on one Redis are one cache: what one process drops, the other no longer serves', async () => {
    const prefix = `focustar-test:${randomBytes(6).toString('hex')}:`;
    const errors: Error[] = [];
    const a = new RedisCache(REDIS_URL, prefix, (e) => errors.push(e));
    const b = new RedisCache(REDIS_URL, prefix, (e) => errors.push(e));
    await Promise.all([a.connect(), b.connect()]);
    try {
      await a.set('figures', { shops: 12 }, 60_000);
      expect(await b.get('figures')).toEqual({ shops: 12 });
      await b.del('figures');
      expect(await a.get('figures')).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('memory cache (one process)', () => {
  it('keeps a JSON copy until its time runs out; two memory caches are two caches', async () => {
    const a: SharedCache = new MemoryCache();
    const b: SharedCache = new MemoryCache();
    const value = { voices: ['a'] };
    await a.set('k', value, 60_000);
    value.voices.push('changed after caching');
    expect(await a.get('k')).toEqual({ voices: ['a'] });
    expect(await b.get('k')).toBeNull();
    await a.set('gone', 1, -1);
    expect(await a.get('gone')).toBeNull();
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'migrations with several processes (issue 17, ADR 0140) [postgres]',
  () => {
    it('processes that start together on an empty database migrate one after the other, all successfully', async () => {
      // One of the run's databases (dropped with the others at its end, tests/support/global-db.ts).
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const url = new URL(created.url);
      try {
        const opened = await Promise.all(
          [0, 1, 2].map(() => openDatabase({ schema, databaseUrl: url.toString(), poolMax: 1 })),
        );
        try {
          for (const database of opened) expect(await pendingMigrations(database.db)).toBe(0);
          const [row] = rowsOf<{ n: number; distinct_n: number }>(
            await opened[0]!.db.execute(
              sql`select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations`,
            ),
          );
          expect(row!.n).toBe(row!.distinct_n);
        } finally {
          await Promise.all(opened.map((d) => d.close()));
        }
      } finally {
        await created.drop();
      }
    });
  },
);
