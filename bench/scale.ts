import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminQuery, createScaleDatabase, scaleDatabaseName } from '../scripts/seed-scale.ts';
import { SCALE_ACCOUNTS } from '../server/seed/scale.ts';
import { SessionService } from '../server/features/accounts/sessions.ts';
import * as schema from '../server/features/schema.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { ROOT_DIR } from '../server/platform/version.ts';
import {
  explain,
  explainText,
  installRecorder,
  isRead,
  isWrite,
  type PlanSummary,
  record,
  type Statement,
  tableSizes,
  usesOffset,
} from './scale-plans.ts';
import { BENCH_NODE_ENV, modeEnv } from './server-mode.ts';

/**
 * `npm run bench:scale` (issue 17 "A million rows", ADR 0121): every listing and lookup endpoint at two
 * sizes of the same data set (default 1k and 1M users, `npm run db:seed:scale`), in one run.
 *
 * - Timing: the real server, one process per database, over HTTP with keep-alive; each endpoint is called
 *   in alternating rounds on the two servers (so a burst of load elsewhere on the machine hits both), one
 *   request at a time, after a warm-up; p50 and p95 per endpoint and size.
 * - Queries: the same request once more through an in-process copy of the server whose pg client records
 *   the statements it sends; every read statement is then run under EXPLAIN (ANALYZE, BUFFERS): rows
 *   scanned (rows read from tables and index-only scans, filtered-out rows included), buffers, and any
 *   Seq Scan on a table of at least LARGE_TABLE rows. Statements are also checked for OFFSET.
 * - Goals (issue 17): p95 at the large size within 2x of the small one, no sequential scan on a large
 *   table, no OFFSET.
 *
 * Options: --scales 1000,1000000 --seed 1 --requests 100 --reuse (keep using focustar_scale_<n> when it
 * is already seeded) --keep (do not drop the databases this run created) --only <text>[|<text>…] --out <file.md>
 * --plans (print the plan of each endpoint's heaviest statement) --server postgres://… (or SCALE_SERVER_URL; default postgres://postgres@127.0.0.1:5432): where the
 * databases focustar_scale_<n> are created (CREATE DATABASE needed) and dropped at the end.
 */
const { values: opts } = parseArgs({
  options: {
    scales: { type: 'string', default: '1000,1000000' },
    seed: { type: 'string', default: '1' },
    requests: { type: 'string', default: '100' },
    reuse: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
    out: { type: 'string' },
    plans: { type: 'boolean', default: false },
    server: { type: 'string', default: process.env.SCALE_SERVER_URL ?? `postgres://postgres@127.0.0.1:5432` },
  },
});

const LARGE_TABLE = 100_000;
const WARMUP = 5;
const ROUND = 10;
/** Per endpoint and size: stop adding rounds after this much time (a slow endpoint still gets a p95). */
const BUDGET_MS = 45_000;
const HOST = '127.0.0.1';

type Role = keyof typeof SCALE_ACCOUNTS;

interface Context {
  users: number;
  shop: number;
  bigAd: number;
  recruitment: number;
  shrinker: number;
  batch: number;
  supporterCursor: string;
  /** The e-mail address of a user near the newest (the staff searches look for it). */
  address: string;
  shopSupporterCursor: string;
}

interface Endpoint {
  name: string;
  as: Role | null;
  path: (c: Context) => string;
}

const q = (s: string) => encodeURIComponent(s);

/** The issue's list: supporters, shops, units, requests, rewards, balance, clicks, recruitments, entries, payouts. */
const ENDPOINTS: Endpoint[] = [
  { name: 'supporters (staff list, newest)', as: 'staff', path: () => '/api/users' },
  { name: 'supporters (staff list, by name)', as: 'staff', path: () => '/api/users?sort=name' },
  {
    name: 'supporters (staff list, status + prefecture)',
    as: 'staff',
    path: () => `/api/users?status=${q('審査中')}&prefecture=${q('北海道')}`,
  },
  {
    name: 'supporters (staff list, page in the middle)',
    as: 'staff',
    path: (c) => `/api/users?cursor=${c.supporterCursor}`,
  },
  {
    name: 'supporters (staff search, beginning of an e-mail)',
    as: 'staff',
    path: (c) => `/api/users?q=${encodeURIComponent(c.address.split('@')[0]!)}%40`,
  },
  {
    name: 'supporters (staff search, a domain)',
    as: 'staff',
    path: (c) => `/api/users?q=${encodeURIComponent(`@${c.address.split('@')[1]!.split('.')[0]!}`)}`,
  },
  {
    // ADR 0157: a whole address is one account.
    name: 'supporters (staff search, whole e-mail)',
    as: 'staff',
    path: (c) => `/api/users?q=${encodeURIComponent(c.address)}`,
  },
  { name: 'supporter detail (staff)', as: 'staff', path: () => `/api/users/${SCALE_ACCOUNTS.power.id}` },
  {
    name: 'shop supporters (most followed shop)',
    as: 'owner',
    path: (c) => `/api/shops/${c.shop}/supporters`,
  },
  {
    name: 'shop supporters (page in the middle)',
    as: 'owner',
    path: (c) => `/api/shops/${c.shop}/supporters?cursor=${c.shopSupporterCursor}`,
  },
  { name: 'shop search (first page)', as: null, path: () => '/api/shops' },
  {
    name: 'shop search (area + category)',
    as: null,
    path: () => `/api/shops?prefecture=${q('東京都')}&category=${q('カフェ')}`,
  },
  { name: 'shop search (word)', as: null, path: () => `/api/shops?q=${q('こもれび')}` },
  { name: 'shop page (most followed)', as: null, path: (c) => `/api/shops/${c.shop}` },
  { name: 'public profile of the shop (/{name})', as: null, path: (c) => `/api/profiles/shop${c.shop}` },
  { name: 'shops (staff list)', as: 'staff', path: () => '/api/staff/shops' },
  { name: 'companies (staff list)', as: 'staff', path: () => '/api/companies' },
  { name: 'units (supporter)', as: 'supporter', path: () => '/api/units' },
  { name: 'units (power supporter)', as: 'power', path: () => '/api/units' },
  { name: 'units (shop)', as: 'owner', path: (c) => `/api/units?shop_id=${c.shop}` },
  { name: 'units (request)', as: 'owner', path: (c) => `/api/units?advertisement_id=${c.bigAd}` },
  { name: 'requests (shop)', as: 'owner', path: (c) => `/api/advertisements?shop_id=${c.shop}` },
  { name: 'requests (staff, 審査中)', as: 'staff', path: () => `/api/advertisements?status=${q('審査中')}` },
  { name: 'request detail', as: 'owner', path: (c) => `/api/advertisements/${c.bigAd}` },
  { name: 'rewards (supporter)', as: 'supporter', path: () => '/api/rewards' },
  { name: 'rewards + balance (10,000 ledger rows)', as: 'power', path: () => '/api/rewards' },
  { name: 'clicks per day (staff link)', as: 'staff', path: (c) => `/api/shrinkers/${c.shrinker}` },
  { name: 'staff links with clicks', as: 'staff', path: () => '/api/shrinkers' },
  { name: 'recruitments (public, open)', as: null, path: () => '/api/recruitments' },
  { name: 'recruitments (in progress)', as: null, path: () => '/api/recruitments?stage=in-progress' },
  { name: 'recruitments (area)', as: null, path: () => `/api/recruitments?prefecture=${q('東京都')}` },
  { name: 'recruitments (staff list)', as: 'staff', path: () => '/api/recruitments/all' },
  { name: 'recruitment detail', as: 'owner', path: (c) => `/api/recruitments/${c.recruitment}` },
  { name: 'entries (power supporter)', as: 'power', path: () => '/api/entries' },
  {
    name: 'entries (recruitment, shop)',
    as: 'owner',
    path: (c) => `/api/recruitments/${c.recruitment}/entries`,
  },
  { name: 'SNS review queue (staff)', as: 'staff', path: () => '/api/social-accounts/review' },
  { name: 'payments (supporter)', as: 'supporter', path: () => '/api/payments' },
  { name: 'payments + balance (10,000 ledger rows)', as: 'power', path: () => '/api/payments' },
  { name: 'payout batches (staff)', as: 'staff', path: () => '/api/payments/batches' },
  { name: 'payout batch detail (staff)', as: 'staff', path: (c) => `/api/payments/batches/${c.batch}` },
  { name: 'billing (shop owner)', as: 'owner', path: () => '/api/billing' },
  // Issue 27: the results read the click roll-up, never raw clicks; the dashboard groups a year by month.
  {
    name: 'results (shop, last 30 days)',
    as: 'owner',
    path: (c) => {
      const day = (offset: number) =>
        new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
      return `/api/results?shop_id=${c.shop}&from=${day(-29)}&to=${day(0)}`;
    },
  },
  {
    // ADR 0168: a whole month, as the monthly report reads it (last month in Japan time).
    name: 'results (shop, a chosen month)',
    as: 'owner',
    path: (c) => {
      const jst = new Date(Date.now() + 9 * 3_600_000);
      const first = new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() - 1, 1));
      const last = new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth(), 0));
      return `/api/results?shop_id=${c.shop}&from=${first.toISOString().slice(0, 10)}&to=${last.toISOString().slice(0, 10)}`;
    },
  },
  {
    name: 'results (request)',
    as: 'owner',
    path: (c) => `/api/results?shop_id=${c.shop}&advertisement_id=${c.bigAd}`,
  },
  { name: 'operators dashboard (admin)', as: 'admin', path: () => '/api/dashboard' },
];

/** The ledger balance itself (server/platform/ledger.ts balanceOf), timed as SQL: no endpoint answers only it. */
const BALANCE_SQL = {
  name: 'ledger balance, balanceOf (SQL, 10,000 rows)',
  text: 'select coalesce(sum("amount"), 0)::int from "ledger_entries" where "ledger_entries"."user_id" = $1',
  values: [SCALE_ACCOUNTS.power.id],
};

interface Scale {
  users: number;
  label: string;
  url: string;
  /** The APP_SECRET of its server: the tokens are signed with it. */
  appSecret: string;
  created: boolean;
  seeding?: { seconds: number; size: string };
  size: string;
  base: string;
  child: ChildProcess;
  tokens: Map<Role, string>;
  ctx: Context;
  sizes: Map<string, number>;
  db: pg.Client;
}

const label = (n: number) =>
  n >= 1_000_000 && n % 1_000_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1000 && n % 1000 === 0
      ? `${n / 1000}k`
      : String(n);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, HOST, () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 120 s');
}

/**
 * A token of the account as POST /api/login issues it after the password check (which needs reCAPTCHA in
 * production mode): the session is written to the measured database (ADR 0121).
 */
async function issueToken(url: string, appSecret: string, userId: number): Promise<string> {
  const database = await openDatabase({ schema, databaseUrl: url, poolMax: 1 });
  try {
    return await new SessionService(appSecret, database.db).issue(userId, 'bench:scale');
  } finally {
    await database.close();
  }
}

async function one(db: pg.Client, text: string, values: unknown[] = []) {
  const { rows } = await db.query(text, values);
  return rows[0] as Record<string, unknown> | undefined;
}

/** The rows each endpoint reads, found in the data (the same recipe at every size). */
async function contextOf(db: pg.Client, users: number): Promise<Context> {
  const owner = SCALE_ACCOUNTS.owner.id;
  const shop = Number(
    (await one(
      db,
      `select s.id from shops s join company_members m on m.company_id = s.company_id
      where m.user_id = $1 order by s.id limit 1`,
      [owner],
    ))!.id,
  );
  const bigAd = Number(
    (await one(
      db,
      `select a.id from advertisements a where a.shop_id = $1
      order by (select count(*) from units u where u.advertisement_id = a.id) desc, a.id limit 1`,
      [shop],
    ))!.id,
  );
  const recruitment = Number(
    ((await one(
      db,
      `select r.id from recruitments r where r.shop_id = $1 and r.status <> '下書き'
        order by (select count(*) from entries e where e.recruitment_id = r.id) desc, r.id limit 1`,
      [shop],
    )) ?? (await one(db, `select id from recruitments where status <> '下書き' order by id limit 1`)))!.id,
  );
  const shrinker = Number(
    (await one(db, `select id from short_links where purpose = 'shrinker' order by id limit 1`))!.id,
  );
  const batch = Number(
    (await one(db, `select id from payout_batches where status = '支払済' order by month desc limit 1`))!.id,
  );
  const supporterCursor = Buffer.from(JSON.stringify([Math.floor(users / 2)])).toString('base64url');
  const address = String(
    (await one(db, `select email from users where id <= $1 and email is not null order by id desc limit 1`, [
      users - 7,
    ]))!.email,
  );
  const middle = (await one(
    db,
    `select created_at::text as at, user_id from favorites where shop_id = $1
      order by created_at desc, user_id desc offset (select count(*) / 2 from favorites where shop_id = $1) limit 1`,
    [shop],
  ))!;
  const shopSupporterCursor = Buffer.from(`${String(middle.at)}|${Number(middle.user_id)}`).toString(
    'base64url',
  );
  return { users, shop, bigAd, recruitment, shrinker, batch, supporterCursor, shopSupporterCursor, address };
}

async function prepare(users: number, seed: number, appSecret: string): Promise<Scale> {
  const url = `${opts.server.replace(/\/+$/, '')}/${scaleDatabaseName(users)}`;
  let created = false;
  let seeding: Scale['seeding'];
  let ready = false;
  if (opts.reuse) {
    const probe = new pg.Client({ connectionString: url });
    ready = await probe
      .connect()
      .then(() => probe.query('select count(*)::int as n from users'))
      .then((r) => Number(r.rows[0].n) === users)
      .catch(() => false);
    await probe.end().catch(() => {});
  }
  if (!ready) {
    console.log(`seeding ${label(users)} (${scaleDatabaseName(users)}) …`);
    await adminQuery(url, `drop database if exists ${scaleDatabaseName(users)} with (force)`);
    await adminQuery(url, `create database ${scaleDatabaseName(users)}`);
    created = true;
    const r = await createScaleDatabase({ users, seed, url, log: (line) => console.log(`  ${line}`) });
    seeding = { seconds: r.seconds, size: r.size };
    console.log(`  seeded in ${r.seconds.toFixed(0)} s, ${r.size}`);
  } else {
    console.log(`reusing ${scaleDatabaseName(users)}`);
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const size = String((await one(db, 'select pg_size_pretty(pg_database_size(current_database())) as s'))!.s);
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'server/main.ts')], {
    cwd: ROOT_DIR,
    env: serverEnv(url, port, appSecret),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForServer(base, child);
  const tokens = new Map<Role, string>();
  for (const role of Object.keys(SCALE_ACCOUNTS) as Role[]) {
    tokens.set(role, await issueToken(url, appSecret, SCALE_ACCOUNTS[role].id));
  }
  return {
    users,
    label: label(users),
    url,
    appSecret,
    created,
    seeding,
    size,
    base,
    child,
    tokens,
    ctx: await contextOf(db, users),
    sizes: await tableSizes(db),
    db,
  };
}

function serverEnv(url: string, port: number, appSecret: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...modeEnv(),
    HOST,
    PORT: String(port),
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    APP_SECRET: appSecret,
    SEED_DEMO_DATA: 'never',
    // API only: no job mutates the data set while it is measured.
    WORKERS: '0',
  };
}

async function call(s: Scale, e: Endpoint): Promise<number> {
  const path = e.path(s.ctx);
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = e.as ? { authorization: `Bearer ${s.tokens.get(e.as)}` } : {};
    const started = performance.now();
    const res = await fetch(`${s.base}${path}`, { headers });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status === 401 && e.as && attempt === 0) {
      // Access tokens live 15 minutes; a long run logs in again (not timed).
      s.tokens.set(e.as, await issueToken(s.url, s.appSecret, SCALE_ACCOUNTS[e.as].id));
      continue;
    }
    if (res.status !== 200) throw new Error(`${e.name} (${s.label}) ${path}: ${res.status}`);
    return ms;
  }
}

async function sqlCall(s: Scale): Promise<number> {
  const started = performance.now();
  await s.db.query(BALANCE_SQL.text, BALANCE_SQL.values);
  return performance.now() - started;
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Timing {
  n: number;
  p50: number;
  p95: number;
}

/** Alternating rounds on every size; equal counts; stops early when the budget is spent. */
async function time(
  scales: Scale[],
  run: (s: Scale) => Promise<number>,
  requests: number,
): Promise<Timing[]> {
  for (const s of scales) for (let i = 0; i < WARMUP; i++) await run(s);
  const samples = scales.map(() => [] as number[]);
  const spent = scales.map(() => 0);
  while (samples[0]!.length < requests) {
    for (const [i, s] of scales.entries()) {
      for (let k = 0; k < ROUND; k++) {
        const ms = await run(s);
        samples[i]!.push(ms);
        spent[i]! += ms;
      }
    }
    if (spent.some((ms) => ms > BUDGET_MS)) break;
  }
  return samples.map((xs) => ({ n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95) }));
}

interface Queries {
  reads: number;
  writes: number;
  offsets: number;
  rowsScanned: number;
  buffers: number;
  largeSeqScans: string[];
  main: PlanSummary | null;
  /** With --plans: the text plan of the statement that scanned the most rows. */
  plan?: string;
}

async function queriesOf(s: Scale, capture: { base: string }, e: Endpoint): Promise<Queries> {
  const path = e.path(s.ctx);
  const headers: Record<string, string> = e.as ? { authorization: `Bearer ${s.tokens.get(e.as)}` } : {};
  const statements = await record(async () => {
    const res = await fetch(`${capture.base}${path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`capture ${e.name} (${s.label}): ${res.status}`);
  });
  const out: Queries = {
    reads: 0,
    writes: 0,
    offsets: 0,
    rowsScanned: 0,
    buffers: 0,
    largeSeqScans: [],
    main: null,
  };
  let heaviest: Statement | null = null;
  for (const st of statements) {
    if (usesOffset(st)) out.offsets++;
    if (isWrite(st)) out.writes++;
    if (!isRead(st)) continue;
    out.reads++;
    const plan = await explain(s.db, st);
    out.rowsScanned += plan.rowsScanned;
    out.buffers += plan.buffers;
    for (const table of plan.seqScans) {
      if ((s.sizes.get(table) ?? 0) >= LARGE_TABLE) out.largeSeqScans.push(table);
    }
    if (!out.main || plan.rowsScanned > out.main.rowsScanned) {
      out.main = plan;
      heaviest = st;
    }
  }
  if (opts.plans && heaviest) out.plan = `${heaviest.text}\n${await explainText(s.db, heaviest)}`;
  return out;
}

async function balanceQueries(s: Scale): Promise<Queries> {
  const plan = await explain(s.db, { text: BALANCE_SQL.text, values: BALANCE_SQL.values });
  return {
    reads: 1,
    writes: 0,
    offsets: 0,
    rowsScanned: plan.rowsScanned,
    buffers: plan.buffers,
    largeSeqScans: plan.seqScans.filter((t) => (s.sizes.get(t) ?? 0) >= LARGE_TABLE),
    main: plan,
  };
}

/** An in-process copy of the server on the same database, whose statements are recorded. */
async function captureServer(s: Scale, appSecret: string) {
  const { loadEnv } = await import('../server/platform/env.ts');
  const { startServer } = await import('../server/main.ts');
  const port = await freePort();
  const server = await startServer(loadEnv(serverEnv(s.url, port, appSecret)));
  return { base: `http://${HOST}:${port}`, close: () => server.close() };
}

const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const int = (n: number) => Math.round(n).toLocaleString('en');

async function main(): Promise<void> {
  const sizes = opts.scales.split(',').map((x) => Number(x.trim()));
  if (sizes.some((n) => !Number.isSafeInteger(n) || n < 105)) throw new Error('--scales: integers >= 105');
  const requests = Number(opts.requests);
  const seed = Number(opts.seed);
  const appSecret = randomBytes(32).toString('base64url');
  installRecorder();
  const scales: Scale[] = [];
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ');
  const lines: string[] = [];
  const say = (line = '') => {
    console.log(line);
    lines.push(line);
  };
  try {
    for (const n of sizes) scales.push(await prepare(n, seed, appSecret));
    const endpoints = ENDPOINTS.filter(
      (e) => !opts.only || opts.only.split('|').some((part) => e.name.includes(part)),
    );
    say(`# bench:scale — ${new Date().toISOString()}`);
    say();
    say(
      `load average at start: ${load()} (${process.env.BENCH_NOTE ?? 'shared machine, 2 cores'}); server in NODE_ENV=${BENCH_NODE_ENV}`,
    );
    for (const s of scales) {
      const seeded = s.seeding ? `seeded in ${s.seeding.seconds.toFixed(0)} s` : 'reused';
      say(`- ${s.label}: ${s.url.replace(/\/\/[^@]*@/, '//')} — ${s.size}, ${seeded}`);
    }
    say(
      `- ${requests} requests per endpoint and size (fewer when one size spends ${BUDGET_MS / 1000} s), ${WARMUP} warm-up`,
    );
    say();

    // Issue 27 (ADR 0168): in production the job `results.dashboard-months` keeps the dashboard's months (every
    // 5 minutes); the servers here run no job (WORKERS=0), so one read before the capture does its work, as
    // the job would have, and the capture records what a read of kept months costs.
    const dashboard = endpoints.find((e) => e.path(scales[0]!.ctx) === '/api/dashboard');
    if (dashboard) for (const s of scales) await call(s, dashboard);

    const captures: Queries[][] = [];
    for (const s of scales) {
      const capture = await captureServer(s, appSecret);
      try {
        const list: Queries[] = [];
        for (const e of endpoints) list.push(await queriesOf(s, capture, e));
        list.push(await balanceQueries(s));
        captures.push(list);
      } finally {
        await capture.close();
      }
    }

    const head = scales.map((s) => `${s.label} p50 / p95 ms`);
    const last = scales.length - 1;
    say(
      `| endpoint | as | ${head.join(' | ')} | p95 ratio | rows scanned ${scales.map((s) => s.label).join(' → ')} | buffers (${scales[last]!.label}) | seq scans on large tables (${scales[last]!.label}) |`,
    );
    say(`|---|---|${scales.map(() => '---:|').join('')}---:|---:|---:|---|`);
    const rows = [
      ...endpoints.map((e) => ({ name: e.name, as: e.as ?? 'guest', e })),
      { name: BALANCE_SQL.name, as: 'SQL', e: null },
    ];
    let over = 0;
    let seqs = 0;
    let offsets = 0;
    const results: unknown[] = [];
    for (const [i, row] of rows.entries()) {
      const timings = row.e
        ? await time(scales, (s) => call(s, row.e!), requests)
        : await time(scales, sqlCall, requests);
      const qs = captures.map((list) => list[i]!);
      const ratio = timings[last]!.p95 / timings[0]!.p95;
      if (ratio > 2) over++;
      const large = [...new Set(qs[last]!.largeSeqScans)];
      seqs += large.length;
      offsets += qs.reduce((n, x) => n + x.offsets, 0);
      say(
        `| ${row.name} | ${row.as} | ${timings.map((t) => `${fmt(t.p50)} / ${fmt(t.p95)}`).join(' | ')} | ${ratio.toFixed(2)}${ratio > 2 ? ' ⚠' : ''} | ${qs.map((x) => int(x.rowsScanned)).join(' → ')} | ${int(qs[last]!.buffers)} | ${large.join(', ') || '—'} |`,
      );
      results.push({ name: row.name, as: row.as, timings, queries: qs });
    }
    say();
    say(
      `goals: p95 ratio <= 2: ${rows.length - over} of ${rows.length}; seq scans on tables >= ${int(LARGE_TABLE)} rows: ${seqs}; statements with OFFSET: ${offsets}`,
    );
    say(`load average at end: ${load()}`);
    if (opts.plans) {
      say();
      say('## plans (the statement of each endpoint that scanned the most rows)');
      for (const [i, row] of rows.entries()) {
        for (const [k, s] of scales.entries()) {
          const plan = captures[k]![i]!.plan;
          if (plan) say(`\n### ${row.name} — ${s.label}\n\n\`\`\`\n${plan}\n\`\`\``);
        }
      }
    }
    if (opts.out) {
      writeFileSync(opts.out, `${lines.join('\n')}\n`);
      writeFileSync(opts.out.replace(/\.md$/, '') + '.json', JSON.stringify(results, null, 2));
    }
  } finally {
    for (const s of scales) {
      if (s.child.exitCode === null) {
        s.child.kill('SIGTERM');
        await new Promise((r) => s.child.once('exit', r));
      }
      await s.db.end().catch(() => {});
      if (s.created && !opts.keep) {
        await adminQuery(s.url, `drop database if exists ${scaleDatabaseName(s.users)} with (force)`);
      }
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
