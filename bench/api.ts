import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import * as schema from '../server/features/schema.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { DEMO_PASSWORD, seedDemoData } from '../server/seed/demo.ts';
import { ROOT_DIR } from '../server/platform/version.ts';

/**
 * `npm run bench:api` (issue 5): the real server on PostgreSQL, in one run: `GET /api/version` (touches
 * neither auth nor the database) as the baseline, then authenticated `GET /api/me`. Prints requests/s,
 * p50 and p99 of each and the ratio me/baseline; the goal is a ratio of at least 0.5 at 50 connections.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow CREATE DATABASE:
 * a throw-away database is created and dropped at the end. BENCH_DURATION sets seconds per route.
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const TARGET_RATIO = 0.5;
const ROUNDS = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start within 60 s');
}

/** Logs in like the SPA: fetch the XSRF cookie, then POST /api/login echoing it. */
async function login(base: string, email: string): Promise<string> {
  const first = await fetch(`${base}/api/csrf-cookie`);
  const cookie = first.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  const xsrf = decodeURIComponent(cookie!.split(';')[0]!.slice('XSRF-TOKEN='.length));
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
      'x-xsrf-token': xsrf,
    },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function run(url: string, headers: Record<string, string>, duration: number): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function median(list: Figures[]): Figures {
  const pick = (key: keyof Figures) => {
    const sorted = list.map((f) => f[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  return {
    rps: pick('rps'),
    p50: pick('p50'),
    p99: pick('p99'),
    non2xx: list.reduce((n, f) => n + f.non2xx, 0),
    errors: list.reduce((n, f) => n + f.errors, 0),
  };
}

const fmt = (f: Figures) =>
  `${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms` +
  (f.non2xx || f.errors ? `   (non-2xx ${f.non2xx}, errors ${f.errors})` : '');

async function main(): Promise<void> {
  const dbName = `focustar_bench_${randomBytes(5).toString('hex')}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  let child: ChildProcess | null = null;
  try {
    const database = await openDatabase({ schema, databaseUrl: dbUrl.toString(), poolMax: 2 });
    await seedDemoData(database.db);
    await database.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'server/main.ts')], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: dbUrl.toString(),
        LOG_LEVEL: 'warn',
        APP_SECRET: randomBytes(32).toString('base64url'),
        SEED_DEMO_DATA: 'never',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitForServer(base, child);
    const token = await login(base, 'owner@example.com');
    const auth = { authorization: `Bearer ${token}` };

    const check = await fetch(`${base}/api/me`, { headers: auth });
    if (!check.ok) throw new Error(`GET /api/me answered ${check.status}`);

    console.log(
      `API benchmark: PostgreSQL (${dbName}), ${CONNECTIONS} connections, ${DURATION} s per route in ${ROUNDS} alternating rounds`,
    );
    // Warm-up: JIT, connection pool, prepared plans.
    await run(`${base}/api/version`, {}, 2);
    await run(`${base}/api/me`, auth, 2);
    // NOTE: alternating short rounds, reported as medians, so that a burst of load from elsewhere on the
    // machine does not land on one route only.
    const baselines: Figures[] = [];
    const mes: Figures[] = [];
    const slice = Math.max(1, Math.round(DURATION / ROUNDS));
    for (let i = 0; i < ROUNDS; i++) {
      baselines.push(await run(`${base}/api/version`, {}, slice));
      mes.push(await run(`${base}/api/me`, auth, slice));
    }
    const baseline = median(baselines);
    const me = median(mes);
    console.log(`GET /api/version (baseline)   ${fmt(baseline)}`);
    console.log(`GET /api/me (authenticated)   ${fmt(me)}`);
    const ratio = me.rps / baseline.rps;
    console.log(
      `ratio me/baseline: ${ratio.toFixed(2)} (goal >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    );
    if (me.non2xx || me.errors || baseline.non2xx || baseline.errors) {
      throw new Error('some requests failed; the figures are not valid');
    }
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
