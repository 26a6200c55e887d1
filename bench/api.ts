import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SessionService } from '../server/features/accounts/sessions.ts';
import * as schema from '../server/features/schema.ts';
import { type Db, openDatabase, rowsOf } from '../server/platform/db/client.ts';
import { seedDemoData } from '../server/seed/demo.ts';
import { type SnsStandin, startSnsStandin } from '../server/platform/sns-standin.ts';
import { ROOT_DIR } from '../server/platform/version.ts';
import { type Profile, summarise } from './cpu-profile.ts';
import { BENCH_NODE_ENV, modeEnv } from './server-mode.ts';

/**
 * `npm run bench:api` (issues 5 and 17): the real server on PostgreSQL, in one run, each route against the
 * same baseline `GET /api/version` (touches neither auth nor the database), in alternating short rounds:
 *
 * - `GET /api/me` (authenticated, the 51 users of the run taking turns; goal: >= 0.5 of the baseline's requests/s),
 * - `POST /api/units/{id}/proof` (a supporter reports the post of an accepted unit: one unit per request),
 * - `POST /api/units/{id}/approve` (the shop's owner approves a posted unit and credits the reward),
 * - `GET /s/{code}` (a unit's tracking link: 302, a new visitor each time, so every click is counted;
 *   goal: >= 0.7 of the baseline).
 *
 * Every request does the real thing: each proof and approval takes a unit of its own from pools created
 * before the run (status `accepted` / `posted`), each redirect is a new visitor, and the table counts every
 * answer that is not the expected status. After the server has stopped (gracefully, so buffered clicks are
 * written), the database is checked: units posted, units approved and clicks counted must equal the
 * expected answers.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow CREATE DATABASE: a
 * throw-away database is created and dropped at the end. BENCH_DURATION: seconds per route (default 10),
 * BENCH_ROUTES: a comma list of me,proof,approve,redirect (default all), BENCH_CONNECTIONS (default 50),
 * BENCH_CPU_PROF=1 (or a directory): after the measured rounds, each route is profiled on its own for
 * DURATION/2 s (V8's CPU profiler, started and stopped by a signal, bench/profile-hook.ts) and its top
 * functions by self time are printed per answer (`node --import tsx bench/cpu-profile.ts <file>` reads a
 * profile again; the files stay under data/cpu-profiles/).
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = 10;
const WARM_UP_S = 2;
const ROUTE_KEYS = ['me', 'proof', 'approve', 'redirect'] as const;
type RouteKey = (typeof ROUTE_KEYS)[number];
const SELECTED = (process.env.BENCH_ROUTES ?? ROUTE_KEYS.join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean) as RouteKey[];
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** The server's mode (bench/server-mode.ts): production unless BENCH_NODE_ENV says development. */
const NODE_ENV = BENCH_NODE_ENV;
/** Supporters created for the run: each owns units of many requests (one unit per request each). */
const BENCH_SUPPORTERS = 50;
/** Units per pool: more than the fastest route can use in DURATION + warm-up (checked: an empty pool shows as 404s). */
const POOL = Number(process.env.BENCH_UNITS ?? Math.max(5_000, 2_500 * (DURATION + WARM_UP_S)));
/** X's snowflake epoch: a post id whose upper bits are now, so the post falls within the unit's period. */
const X_EPOCH_MS = 1_288_834_974_657n;
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';

for (const key of SELECTED) {
  if (!ROUTE_KEYS.includes(key)) throw new Error(`BENCH_ROUTES: unknown route ${key}`);
}

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

async function adminQuery(text: string, url = ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
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

/** The XSRF cookie and header a browser sends after its first call (seed spec section 7). */
async function csrf(base: string): Promise<Record<string, string>> {
  const first = await fetch(`${base}/api/csrf-cookie`);
  const cookie = first.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  const xsrf = decodeURIComponent(cookie!.split(';')[0]!.slice('XSRF-TOKEN='.length));
  return { cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf };
}

// --- the data every request works on ------------------------------------------------------------------

const one = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
const tokyoToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

interface Pools {
  /** A token of owner@example.com (demo-cafe's owner): the approvals. */
  owner: string;
  /** A token of each user signed in for the run (the owner and every supporter): GET /api/me takes turns. */
  signedIn: string[];
  /** Accepted units, each with its owner's token and the post that proves it: one proof each. */
  proof: { id: number; token: string; postUrl: string }[];
  /** Posted units of the owner's shop: one approval each. */
  approve: number[];
  /** Codes of the units' tracking links. */
  codes: string[];
}

/**
 * BENCH_SUPPORTERS approved supporters, and per pool enough live requests of the demo shop that each
 * supporter has one unit in each: accepted units (proof), posted units (approval), each with its tracking
 * link. Plain SQL with generate_series: tens of thousands of rows in a second or two.
 */
async function createPools(db: Db, secret: string, sns: SnsStandin): Promise<Pools> {
  const template = await one<{ role_id: number; status: string; password_hash: string }>(
    db,
    sql`select role_id, status, password_hash from users where email = 'supporter@example.com'`,
  );
  const shop = await one<{ id: number; created_by: number }>(
    db,
    sql`select s.id, cm.user_id as created_by from shops s join company_members cm on cm.company_id = s.company_id
        join users u on u.id = cm.user_id where s.screen_name = 'demo-cafe' and u.email = 'owner@example.com'`,
  );
  const supporters = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at, terms_accepted_at)
      select 'bench' || g || '@example.com', ${template.password_hash}, 'ベンチ ' || g, 'bench-' || g,
        ${template.role_id}, ${template.status}, now(), now()
      from generate_series(1, ${BENCH_SUPPORTERS}) g
      returning id`),
  ).map((r) => Number(r.id));
  // Logins as POST /api/login makes them after the password check (which would need reCAPTCHA in production).
  const sessions = new SessionService(secret, db);
  const owner = await sessions.issue(shop.created_by, 'bench');
  const tokens = new Map<number, string>();
  for (const id of supporters) tokens.set(id, await sessions.issue(id, 'bench'));
  const signedIn = [owner, ...tokens.values()];
  if (!SELECTED.some((key) => key !== 'me')) return { owner, signedIn, proof: [], approve: [], codes: [] };

  const today = tokyoToday();
  const adsPerPool = Math.ceil(POOL / BENCH_SUPPORTERS);
  const makePool = async (name: 'proof' | 'approve', status: 'accepted' | 'posted') => {
    const ads = rowsOf<{ id: number }>(
      await db.execute(sql`
        insert into advertisements (shop_id, created_by, status, text, platforms, units, reward, starts_on, ends_on,
          submitted_at, approved_at)
        select ${shop.id}, ${shop.created_by}, '配信中', 'ベンチマークの依頼 #PR', '["x"]'::jsonb, ${BENCH_SUPPORTERS}, 100,
          ${shiftDay(today, -1)}, ${shiftDay(today, 7)}, now(), now()
        from generate_series(1, ${adsPerPool}) g
        returning id`),
    ).map((r) => Number(r.id));
    const base = (BigInt(Date.now() - 60_000) - X_EPOCH_MS) << 22n;
    const rows = rowsOf<{ id: number; user_id: number; code: string }>(
      await db.execute(sql`
        with pairs as (
          select a.id as ad_id, u.id as user_id, row_number() over (order by a.id, u.id) as n
          from unnest(${sql.raw(`array[${ads.join(',')}]`)}::int[]) a(id)
          cross join unnest(${sql.raw(`array[${supporters.join(',')}]`)}::int[]) u(id)
        ), links as (
          insert into short_links (code, target_url, purpose)
          select ${name.slice(0, 2)} || lpad(n::text, 8, '0'), 'https://example.com/landing?n=' || n, 'unit' from pairs
          returning id, code
        )
        insert into units (advertisement_id, user_id, status, reward, platform, short_link_id, post_url, submissions,
          offered_at, expires_at, accepted_at, posted_at)
        select p.ad_id, p.user_id, ${status}, 100, 'x', l.id,
          case when ${status} = 'posted' then 'https://x.com/bench_posted/status/' || (${base.toString()}::bigint + p.n) end,
          case when ${status} = 'posted' then 1 else 0 end,
          now() - interval '1 hour', now() + interval '3 days', now() - interval '1 hour',
          case when ${status} = 'posted' then now() - interval '1 minute' end
        from pairs p join links l on l.code = ${name.slice(0, 2)} || lpad(p.n::text, 8, '0')
        order by p.n
        returning id, user_id, (select code from links where links.id = short_link_id) as code`),
    );
    return rows.map((r) => ({ id: Number(r.id), userId: Number(r.user_id), code: String(r.code) }));
  };
  // The redirect uses the links of both pools.
  const wants = (key: RouteKey) => SELECTED.includes(key) || SELECTED.includes('redirect');
  const proof = wants('proof') ? await makePool('proof', 'accepted') : [];
  const approve = wants('approve') ? await makePool('approve', 'posted') : [];
  // Interleave supporters so that concurrent proofs are of different people, as in life.
  proof.sort((a, b) => a.id - b.id);
  // Issue 23: each proof's post is on X (the SNS stand-in holds it): #PR first, the unit's tracking link.
  const postBase = (BigInt(Date.now() - 30_000) - X_EPOCH_MS) << 22n;
  const posts = proof.map((u, n) =>
    sns.publish({
      platform: 'x',
      url: `https://x.com/bench_supporter/status/${(postBase + BigInt(n)).toString()}`,
      author: 'bench_supporter',
      text: `#PR ベンチマークの依頼\nhttps://focustar.example/s/${u.code}`,
    }),
  );
  return {
    owner,
    signedIn,
    proof: proof.map((u, n) => ({ id: u.id, token: tokens.get(u.userId)!, postUrl: posts[n]! })),
    approve: approve.map((u) => u.id),
    codes: [...proof, ...approve].map((u) => u.code),
  };
}

// --- measuring ----------------------------------------------------------------------------------------

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Answers with another status than the route's expected one, and socket errors. */
  unexpected: number;
  expected: number;
  statuses: Record<string, number>;
  /** CPU time per answer of the server process and of its database backends (µs), when /proc tells. */
  serverUs: number | null;
  dbUs: number | null;
  /** The same for this process (autocannon), which shares the machine. */
  clientUs: number | null;
}

interface Route {
  key: RouteKey | 'baseline';
  label: string;
  expect: number;
  goal: number | null;
  options(): autocannon.Options;
}

/** CPU time (user + system, in clock ticks of 10 ms) a process has used, or null when /proc does not tell. */
function cpuTicks(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * CPU used by the server and by the database backends serving it, per answer. Requests/s on a shared machine
 * move with everybody's load; the CPU each answer costs moves much less, so it is printed beside them.
 */
interface CpuMeter {
  start(): Promise<() => Promise<{ server: number | null; db: number | null; client: number }>>;
}

function cpuMeter(serverPid: number, db: Db): CpuMeter {
  const backends = async () =>
    rowsOf<{ pid: number }>(
      await db.execute(
        sql`select pid from pg_stat_activity
            where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      ),
    ).map((r) => Number(r.pid));
  const ticksOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuTicks(pid)]));
  return {
    async start() {
      const db0 = ticksOf(await backends());
      const server0 = cpuTicks(serverPid);
      const client0 = process.cpuUsage();
      return async () => {
        const server1 = cpuTicks(serverPid);
        const client = process.cpuUsage(client0);
        // A backend opened during the run counts from zero; one closed during it is lost (the pool keeps them).
        const db1 = ticksOf(await backends());
        let db: number | null = 0;
        for (const [pid, ticks] of db1) {
          const before = db0.has(pid) ? db0.get(pid)! : 0;
          if (ticks === null || before === null) db = null;
          else if (db !== null) db += ticks - before;
        }
        return {
          server: server0 === null || server1 === null ? null : (server1 - server0) * 10_000,
          db: db === null ? null : db * 10_000,
          client: client.user + client.system,
        };
      };
    },
  };
}

async function run(route: Route, base: string, duration: number, meter?: CpuMeter): Promise<Figures> {
  const stop = await meter?.start();
  const result = await autocannon({ ...route.options(), url: base, connections: CONNECTIONS, duration });
  const cpu = (await stop?.()) ?? { server: null, db: null, client: null };
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(
    (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats,
  )) {
    statuses[code] = count;
  }
  const expected = statuses[String(route.expect)] ?? 0;
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: answered - expected + result.errors + result.timeouts,
    expected,
    statuses,
    serverUs: cpu.server === null || !answered ? null : cpu.server / answered,
    dbUs: cpu.db === null || !answered ? null : cpu.db / answered,
    clientUs: cpu.client === null || !answered ? null : cpu.client / answered,
  };
}

function median(list: Figures[]): Figures {
  const pick = (key: 'rps' | 'p50' | 'p99' | 'serverUs' | 'dbUs' | 'clientUs') => {
    const values = list.map((f) => f[key]);
    if (values.some((v) => v === null)) return null;
    const sorted = (values as number[]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const statuses: Record<string, number> = {};
  for (const f of list) for (const [k, v] of Object.entries(f.statuses)) statuses[k] = (statuses[k] ?? 0) + v;
  return {
    rps: pick('rps')!,
    p50: pick('p50')!,
    p99: pick('p99')!,
    serverUs: pick('serverUs'),
    dbUs: pick('dbUs'),
    clientUs: pick('clientUs'),
    unexpected: list.reduce((n, f) => n + f.unexpected, 0),
    expected: list.reduce((n, f) => n + f.expected, 0),
    statuses,
  };
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r, n) =>
      r
        .map((cell, i) => (i === 0 || n === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    )
    .join('\n');
}

/** Requests handed out per route (each takes the next unit or visitor). */
let issued = () => ({ proof: 0, approve: 0, redirect: 0 });

function routes(base: string, owner: string, browser: Record<string, string>, pools: Pools): Route[] {
  const api = (token?: string) => ({ ...browser, ...(token ? { authorization: `Bearer ${token}` } : {}) });
  let nextProof = 0;
  let nextApproval = 0;
  let nextClick = 0;
  let nextMe = 0;
  issued = () => ({
    proof: Math.min(nextProof, pools.proof.length),
    approve: Math.min(nextApproval, pools.approve.length),
    redirect: nextClick,
  });
  // An emptied pool answers 404: it shows in the table as unexpected answers (raise BENCH_UNITS).
  const emptyPool = () => '/api/units/2147483647/approve';
  const all: Route[] = [
    {
      key: 'baseline',
      label: 'GET /api/version (no-op)',
      expect: 200,
      goal: null,
      options: () => ({ url: base, requests: [{ method: 'GET', path: '/api/version', headers: api() }] }),
    },
    {
      key: 'me',
      label: 'GET /api/me',
      expect: 200,
      goal: 0.5,
      options: () => ({
        url: base,
        requests: [
          {
            method: 'GET',
            // The users take turns, as 51 people would: concurrent calls are of different users, so their
            // checks are not one lookup (ADR 0153 joins equal lookups).
            setupRequest: (request) => ({
              ...request,
              path: '/api/me',
              headers: api(pools.signedIn[nextMe++ % pools.signedIn.length]),
            }),
          },
        ],
      }),
    },
    {
      key: 'proof',
      label: 'POST /api/units/{id}/proof',
      expect: 200,
      goal: null,
      options: () => ({
        url: base,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const unit = pools.proof[nextProof++];
              if (!unit) return { ...request, path: emptyPool(), headers: api(owner) };
              return {
                ...request,
                path: `/api/units/${unit.id}/proof`,
                headers: { ...api(unit.token), 'content-type': 'application/json' },
                body: JSON.stringify({ post_url: unit.postUrl }),
              };
            },
          },
        ],
      }),
    },
    {
      key: 'approve',
      label: 'POST /api/units/{id}/approve',
      expect: 200,
      goal: null,
      options: () => ({
        url: base,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const id = pools.approve[nextApproval++];
              return { ...request, path: id ? `/api/units/${id}/approve` : emptyPool(), headers: api(owner) };
            },
          },
        ],
      }),
    },
    {
      key: 'redirect',
      label: 'GET /s/{code} (302)',
      expect: 302,
      goal: 0.7,
      options: () => ({
        url: base,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const n = nextClick++;
              const code = pools.codes[n % pools.codes.length]!;
              // A new visitor every time, so that every click is counted and written: since issue 24 (pentest 5)
              // a visitor is a /24 network and browser family, so each click comes through the loopback proxy
              // (TRUST_PROXY below) from another /24 (14 million before one repeats).
              const network = `${1 + ((n >>> 16) % 223)}.${(n >>> 8) & 255}.${n & 255}.1`;
              return {
                ...request,
                path: `/s/${code}`,
                headers: { 'user-agent': BROWSER, 'x-forwarded-for': network },
              };
            },
          },
        ],
      }),
    },
  ];
  return all.filter((r) => r.key === 'baseline' || SELECTED.includes(r.key));
}

async function main(): Promise<void> {
  const dbName = `focustar_bench_${randomBytes(5).toString('hex')}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${dbName}`;
  const secret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'focustar-bench-'));
  const profileDir = CPU_PROF
    ? CPU_PROF === '1'
      ? join(ROOT_DIR, 'data', 'cpu-profiles', new Date().toISOString().replace(/[:.]/g, '-'))
      : CPU_PROF
    : null;
  await adminQuery(`CREATE DATABASE ${dbName}`);
  let child: ChildProcess | null = null;
  let sns: SnsStandin | null = null;
  const database = await openDatabase({ schema, databaseUrl: dbUrl.toString(), poolMax: 2 });
  try {
    await seedDemoData(database.db);
    const startedSetup = Date.now();
    // The proofs' posts are asked of the SNS stand-in, as the real oEmbed client asks X (ADR 0162).
    sns = await startSnsStandin();
    const pools = await createPools(database.db, secret, sns);
    // Statistics as a database in service has them, and no autovacuum of the fresh rows during the run.
    await adminQuery(`VACUUM ANALYZE`, dbUrl.toString());
    const setupS = ((Date.now() - startedSetup) / 1000).toFixed(1);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    // The profiler hook is loaded only here: SIGUSR2 starts and stops a profile of one route (bench/profile-hook.ts).
    const hook = profileDir ? ['--import', join(ROOT_DIR, 'bench/profile-hook.ts')] : [];
    child = spawn(process.execPath, ['--import', 'tsx', ...hook, join(ROOT_DIR, 'server/main.ts')], {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        ...modeEnv(),
        HOST: '127.0.0.1',
        PORT: String(port),
        // The click pool's visitors arrive "through a proxy" on loopback, each from its own network.
        TRUST_PROXY: 'loopback',
        DATABASE_URL: dbUrl.toString(),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        APP_SECRET: secret,
        SNS_OEMBED_URL: sns.url,
        SEED_DEMO_DATA: 'never',
        // The request path alone: no job worker in this process sends the approvals' mails meanwhile.
        WORKERS: '0',
        ...(profileDir ? { BENCH_CPU_PROF_DIR: profileDir } : {}),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const server = child;
    await waitForServer(base, server);
    const browser = await csrf(base);
    const owner = pools.owner;
    const check = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${owner}` } });
    if (!check.ok) throw new Error(`GET /api/me answered ${check.status}`);
    const meter = cpuMeter(server.pid!, database.db);

    const list = routes(base, owner, browser, pools);
    const baselineRoute = list[0]!;
    console.log(
      `API benchmark: NODE_ENV=${NODE_ENV}, PostgreSQL (${dbName}), ${CONNECTIONS} connections, ${DURATION} s per route in ${ROUNDS} ` +
        `alternating rounds; ${pools.proof.length} + ${pools.approve.length} units and ${pools.codes.length} ` +
        `links set up in ${setupS} s; load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${cpus().length} CPUs`,
    );
    /** Expected answers of every run, warm-up included: what the database check compares with. */
    const done = new Map<Route['key'], number>();
    const measure = async (route: Route, seconds: number) => {
      const f = await run(route, base, seconds, meter);
      done.set(route.key, (done.get(route.key) ?? 0) + f.expected);
      return f;
    };
    // Warm-up: JIT, connection pool, prepared plans.
    for (const route of list) await measure(route, WARM_UP_S);
    // NOTE: alternating short rounds, reported as medians, so that a burst of load from elsewhere on the
    // machine does not land on one route only. The baseline runs once per round.
    const figures = new Map<Route, Figures[]>(list.map((r) => [r, []]));
    const slice = Math.max(1, Math.round(DURATION / ROUNDS));
    for (let i = 0; i < ROUNDS; i++) {
      for (const route of list) figures.get(route)!.push(await measure(route, slice));
    }
    const baseline = median(figures.get(baselineRoute)!);
    const us = (v: number | null) => (v === null ? '-' : v.toFixed(0));
    const rows = [
      [
        'route',
        'req/s',
        'p50 ms',
        'p99 ms',
        'ratio',
        'unexpected',
        'goal',
        '',
        'server µs',
        'db µs',
        'client µs',
      ],
    ];
    const failures: string[] = [];
    for (const route of list) {
      const f = median(figures.get(route)!);
      const ratio = f.rps / baseline.rps;
      rows.push([
        route.label,
        f.rps.toFixed(0),
        String(f.p50),
        String(f.p99),
        ratio.toFixed(2),
        String(f.unexpected),
        route.goal === null ? '-' : `>= ${route.goal}`,
        route.goal === null ? '' : ratio >= route.goal ? 'met' : 'NOT met',
        us(f.serverUs),
        us(f.dbUs),
        us(f.clientUs),
      ]);
      if (f.unexpected) {
        const other = Object.entries(f.statuses)
          .filter(([code]) => code !== String(route.expect))
          .map(([code, n]) => `${n} x ${code}`)
          .join(', ');
        failures.push(`${route.label}: ${f.unexpected} unexpected answers (${other || 'socket errors'})`);
      }
    }
    console.log(table(rows));
    console.log(
      'unexpected: answers other than the expected status (200, or 302 for the redirect) and socket errors; ' +
        'server / db / client µs: CPU time per answer of the server process, of its PostgreSQL backends and of ' +
        'autocannon (this process), medians',
    );

    if (profileDir) {
      // One profile per route, after the measured rounds, without the start-up in it.
      const seconds = Math.max(2, Math.round(DURATION / 2));
      for (const route of list) {
        const file = join(profileDir, `${list.indexOf(route) + 1}.cpuprofile`);
        server.kill('SIGUSR2');
        await new Promise((r) => setTimeout(r, 200));
        const f = await measure(route, seconds);
        server.kill('SIGUSR2');
        while (!existsSync(file)) await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 200));
        const named = join(profileDir, `${route.key}.cpuprofile`);
        renameSync(file, named);
        const answers = Object.values(f.statuses).reduce((a, b) => a + b, 0);
        console.log(`\n--- CPU profile of ${route.label}: ${answers} answers in ${seconds} s (${named})`);
        console.log(summarise(JSON.parse(readFileSync(named, 'utf8')) as Profile, 20, answers));
      }
    }

    // Stop gracefully (buffered clicks are written on close), then check that every request did its work:
    // at least one effect per expected answer, and at most one per request handed out (a request still in
    // flight when a round ends is done by the server but never answered to autocannon).
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const countOf = async (query: ReturnType<typeof sql>) =>
      Number((await one<{ n: number }>(database.db, query)).n);
    const ids = (list: number[]) => sql.raw(`array[${list.join(',') || 0}]::int[]`);
    const checks: [string, number, number, number][] = [];
    const handed = issued();
    if (SELECTED.includes('proof')) {
      const posted = await countOf(
        sql`select count(*)::int as n from units where status = 'posted' and id = any(${ids(pools.proof.map((u) => u.id))})`,
      );
      checks.push(['units posted', posted, done.get('proof') ?? 0, handed.proof]);
    }
    if (SELECTED.includes('approve')) {
      const approved = await countOf(
        sql`select count(*)::int as n from units u join ledger_entries l on l.reference = 'unit:' || u.id
            where u.status = 'approved' and u.id = any(${ids(pools.approve)})`,
      );
      checks.push(['units approved with their credit', approved, done.get('approve') ?? 0, handed.approve]);
    }
    if (SELECTED.includes('redirect')) {
      const clicks = await countOf(sql`select coalesce(sum(clicks), 0)::int as n from short_link_clicks c
        join short_links l on l.id = c.link_id where l.target_url like 'https://example.com/landing?n=%'`);
      checks.push(['clicks counted', clicks, done.get('redirect') ?? 0, handed.redirect]);
    }
    if (checks.length) {
      console.log(
        `checked in the database after a graceful stop: ${checks
          .map(([what, n, min, max]) => `${what} ${n} (answered ${min}, sent ${max})`)
          .join('; ')}`,
      );
    }
    for (const [what, n, min, max] of checks) {
      if (n < min || n > max) failures.push(`${what}: ${n} in the database, expected ${min} to ${max}`);
    }
    if (failures.length) throw new Error(`some requests did not do their work:\n${failures.join('\n')}`);
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await sns?.close();
    await database.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
