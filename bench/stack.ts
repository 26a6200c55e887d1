import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { SessionService } from '../server/features/accounts/sessions.ts';
import { type Db, rowsOf } from '../server/platform/db/client.ts';
import type { SnsStandin } from '../server/platform/sns-standin.ts';
import { ROOT_DIR } from '../server/platform/version.ts';
import { modeEnv } from './server-mode.ts';

/**
 * What the benchmarks that run the real server on PostgreSQL share (issue 29, ADR 0180): `bench:api`
 * (bench/api.ts), `bench:clicks` (bench/clicks.ts) and `test:soak` (tests/soak/run.ts). A throw-away
 * database, the server spawned on it, the pools of units the writes take, autocannon runs with the CPU
 * each answer costs, medians and tables.
 */
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** X's snowflake epoch: a post id whose upper bits are now, so the post falls within the unit's period. */
export const X_EPOCH_MS = 1_288_834_974_657n;
export const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari/604.1';

export async function freePort(): Promise<number> {
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

export async function adminQuery(text: string, url = ADMIN_URL): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function waitForServer(base: string, child: ChildProcess): Promise<void> {
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
export async function csrf(base: string): Promise<Record<string, string>> {
  const first = await fetch(`${base}/api/csrf-cookie`);
  const cookie = first.headers.getSetCookie().find((c) => c.startsWith('XSRF-TOKEN='));
  const xsrf = decodeURIComponent(cookie!.split(';')[0]!.slice('XSRF-TOKEN='.length));
  return { cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`, 'x-xsrf-token': xsrf };
}

// --- the data every request works on ------------------------------------------------------------------

export const one = async <T>(db: Db, query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query))[0]!;
export const tokyoToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
export const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export interface Pools {
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

/** What `createPools` makes: supporters, and the pools wanted (none: the sessions only). */
export interface PoolPlan {
  /** Supporters created for the run: each owns units of many requests (one unit per request each). */
  supporters: number;
  /** Units per pool. */
  size: number;
  proof: boolean;
  approve: boolean;
}

/**
 * `plan.supporters` approved supporters, and per pool enough live requests of the demo shop that each
 * supporter has one unit in each: accepted units (proof), posted units (approval), each with its tracking
 * link. Plain SQL with generate_series: tens of thousands of rows in a second or two.
 */
export async function createPools(db: Db, secret: string, sns: SnsStandin, plan: PoolPlan): Promise<Pools> {
  const BENCH_SUPPORTERS = plan.supporters;
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
  if (!plan.proof && !plan.approve) return { owner, signedIn, proof: [], approve: [], codes: [] };

  const today = tokyoToday();
  const adsPerPool = Math.ceil(plan.size / BENCH_SUPPORTERS);
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
  const proof = plan.proof ? await makePool('proof', 'accepted') : [];
  const approve = plan.approve ? await makePool('approve', 'posted') : [];
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

export interface Figures {
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

export interface Route<K extends string = string> {
  key: K;
  label: string;
  expect: number;
  goal: number | null;
  options(): autocannon.Options;
}

/** CPU time (user + system, in clock ticks of 10 ms) a process has used, or null when /proc does not tell. */
export function cpuTicks(pid: number): number | null {
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
export interface CpuMeter {
  start(): Promise<() => Promise<{ server: number | null; db: number | null; client: number }>>;
}

export function cpuMeter(serverPid: number, db: Db): CpuMeter {
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

export async function run(
  route: Route,
  base: string,
  duration: number,
  connections: number,
  meter?: CpuMeter,
): Promise<Figures> {
  const stop = await meter?.start();
  const result = await autocannon({ ...route.options(), url: base, connections, duration });
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

export function median(list: Figures[]): Figures {
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

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r, n) =>
      r
        .map((cell, i) => (i === 0 || n === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    )
    .join('\n');
}

/** A throw-away database on BENCH_DATABASE_URL's server (which must allow CREATE DATABASE). */
export async function throwAwayDatabase(prefix = 'focustar_bench'): Promise<{
  name: string;
  url: string;
  drop(): Promise<void>;
}> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * A production build of the SPA in `dist/<name>` (the servers' CLIENT_DIR): without one the server answers
 * the SPA's pages (`/`, `/login`) 404, as the soak's first run on a fresh machine found (2026-11-27).
 */
export function buildClient(name: string): string {
  const outDir = join(ROOT_DIR, 'dist', name);
  execFileSync(
    process.execPath,
    [join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
    {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return outDir;
}

/** How `spawnServer` starts `server/main.ts`. */
export interface ServerPlan {
  port: number;
  databaseUrl: string;
  dataDir: string;
  secret: string;
  snsUrl: string;
  /** More `node` flags before the entry (e.g. the profiler hook). */
  flags?: string[];
  /** More environment, last (overrides). */
  env?: Record<string, string>;
}

/**
 * The real server in the benchmark's mode (bench/server-mode.ts), its visitors arriving "through a proxy" on
 * loopback (TRUST_PROXY) so that each click can come from its own network; no job worker unless `env` says.
 */
export function spawnServer(plan: ServerPlan): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', ...(plan.flags ?? []), join(ROOT_DIR, 'server/main.ts')],
    {
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        ...modeEnv(),
        HOST: '127.0.0.1',
        PORT: String(plan.port),
        // The click pool's visitors arrive "through a proxy" on loopback, each from its own network.
        TRUST_PROXY: 'loopback',
        DATABASE_URL: plan.databaseUrl,
        DATA_DIR: plan.dataDir,
        LOG_LEVEL: 'warn',
        APP_SECRET: plan.secret,
        SNS_OEMBED_URL: plan.snsUrl,
        SEED_DEMO_DATA: 'never',
        // The request path alone: no job worker in this process sends the approvals' mails meanwhile.
        WORKERS: '0',
        ...plan.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

/** Stops a server gracefully (buffered clicks are written on close) and waits for it. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** A new visitor's address for click `n`: another /24 each time (14 million before one repeats). */
export const visitorNetwork = (n: number) => `${1 + ((n >>> 16) % 223)}.${(n >>> 8) & 255}.${n & 255}.1`;

/** One sample of a Prometheus text: the value of `name` (summed over its label sets), or null. */
export function metricValue(text: string, name: string): number | null {
  let total: number | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) total = (total ?? 0) + value;
  }
  return total;
}

/** The load average as bench:api prints it. */
export const loadText = (load: number[]) => load.map((l) => l.toFixed(2)).join(' ');
