import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MESSAGES } from '../contracts/common.ts';
import * as schema from '../server/features/schema.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { startSnsStandin, type SnsStandin } from '../server/platform/sns-standin.ts';
import { seedDemoData } from '../server/seed/demo.ts';
import {
  type ApiRoute,
  apiRoutes,
  type DbCheck,
  ledgerConsistency,
  type RouteKey,
  selectedRoutes,
  workDone,
} from './api-routes.ts';
import { privateCluster, type PrivateCluster } from './pg-cluster.ts';
import { BENCH_NODE_ENV } from './server-mode.ts';
import {
  adminQuery,
  createPools,
  csrf,
  freePort,
  spawnServer,
  stopServer,
  table,
  waitForServer,
} from './stack.ts';

/**
 * `npm run bench:pg-restart` (issue 29, "degrading instead of stopping"): PostgreSQL restarted under load.
 * A PostgreSQL cluster of the run's own (bench/pg-cluster.ts: initdb in a temporary directory, a free port;
 * the machine's shared server is never touched), the real server in production mode on it, and the load of
 * `bench:api` (bench/api-routes.ts: GET /api/me, proofs, approvals, redirects, every request doing the real
 * thing) on all routes at once. Meanwhile PostgreSQL is restarted (`pg_ctl restart -m fast`) and later
 * crashed (`pg_ctl stop -m immediate`, down BENCH_DOWN seconds, then started: recovery from the WAL).
 *
 * Printed: the answers of each phase by kind (during an outage a request may only answer as expected or
 * 503 with the Japanese message and Retry-After; never another 5xx, never a dropped socket or a timeout),
 * the time from PostgreSQL being back to each route's first expected answer (the pool reconnects by
 * itself), and, after a graceful stop, the database: the work of bench:api's checks (units posted, units
 * approved with their credit, clicks counted: at least the answered, at most the sent) and the ledger's
 * consistency (bench/api-routes.ts ledgerConsistency: one credit per approved unit and none without it,
 * unique idempotency keys, balances = sums, units in a whole state). Exit 1 when any of it fails.
 *
 * BENCH_DURATION: seconds of load (default 24); the restart at a third, the crash at two thirds of it.
 * BENCH_DOWN: seconds the crashed server stays down (default 3). BENCH_CONNECTIONS: connections per route
 * (default 8). BENCH_ROUTES as bench:api (default all four). PG_BIN: initdb's and pg_ctl's directory.
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 24);
const DOWN_S = Number(process.env.BENCH_DOWN ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SELECTED = selectedRoutes();
const POOL = Number(process.env.BENCH_UNITS ?? Math.max(3_000, 300 * DURATION));
/** A request still unanswered after this long counts as hung (autocannon's timeout). */
const TIMEOUT_S = 10;

type Phase = 'before' | 'restart' | 'after restart' | 'crash' | 'after crash';
const PHASES: Phase[] = ['before', 'restart', 'after restart', 'crash', 'after crash'];
type Kind =
  'expected' | '302 to /' | '503 ja + Retry-After' | '503 other' | 'other 5xx' | 'other' | 'socket error';
const KINDS: Kind[] = [
  'expected',
  '302 to /',
  '503 ja + Retry-After',
  '503 other',
  'other 5xx',
  'other',
  'socket error',
];

interface Answer {
  at: number;
  route: RouteKey;
  kind: Kind;
  status: number;
}

const header = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

function kindOf(route: ApiRoute, status: number, body: string, headers: Record<string, string>): Kind {
  // The redirect never answers 5xx: a link it cannot read leads to the top page, and counts nothing.
  if (route.key === 'redirect' && status === 302 && header(headers, 'location') === '/') return '302 to /';
  if (status === route.expect) return 'expected';
  if (status === 503) {
    let message: unknown;
    try {
      message = (JSON.parse(body) as { message?: unknown }).message;
    } catch {
      message = null;
    }
    return message === MESSAGES.databaseUnavailable && Number(header(headers, 'retry-after')) > 0
      ? '503 ja + Retry-After'
      : '503 other';
  }
  return status >= 500 ? 'other 5xx' : 'other';
}

/** Runs every route at once for `seconds`, recording each answer's time and kind. */
function load(routes: ApiRoute[], seconds: number, answers: Answer[]): Promise<unknown>[] {
  return routes.map((route) => {
    const options = route.options();
    const requests = (options.requests ?? []).map((request): autocannon.Request => ({
      ...request,
      onResponse: (status, body, _context, headers) => {
        answers.push({
          at: Date.now(),
          route: route.key as RouteKey,
          kind: kindOf(route, status, body, (headers ?? {}) as Record<string, string>),
          status,
        });
      },
    }));
    const instance = autocannon({
      ...options,
      requests,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: TIMEOUT_S,
    }) as unknown as EventEmitter & Promise<unknown>;
    instance.on('reqError', () =>
      answers.push({ at: Date.now(), route: route.key as RouteKey, kind: 'socket error', status: 0 }),
    );
    return instance as unknown as Promise<unknown>;
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'focustar-bench-'));
  let cluster: PrivateCluster | null = null;
  let child: ChildProcess | null = null;
  let sns: SnsStandin | null = null;
  let database: Awaited<ReturnType<typeof openDatabase<typeof schema>>> | null = null;
  const failures: string[] = [];
  try {
    cluster = await privateCluster();
    await adminQuery('CREATE DATABASE focustar', cluster.adminUrl);
    const dbUrl = cluster.adminUrl.replace(/\/postgres$/, '/focustar');
    const opened = await openDatabase({ schema, databaseUrl: dbUrl, poolMax: 2 });
    database = opened;
    await seedDemoData(opened.db);
    sns = await startSnsStandin();
    const pools = await createPools(opened.db, secret, sns, {
      supporters: 50,
      size: POOL,
      proof: SELECTED.includes('proof') || SELECTED.includes('redirect'),
      approve: SELECTED.includes('approve') || SELECTED.includes('redirect'),
    });
    // The checks' connection is closed across the outages; the pool opens another afterwards.
    await adminQuery('VACUUM ANALYZE', dbUrl);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Errors only: the outages' 503s are warnings, one a request.
    child = spawnServer({
      port,
      databaseUrl: dbUrl,
      dataDir,
      secret,
      snsUrl: sns.url,
      env: { LOG_LEVEL: 'error' },
    });
    const server = child;
    await waitForServer(base, server);
    const browser = await csrf(base);
    const routes = apiRoutes(base, pools, browser, { selected: SELECTED });
    const list = routes.list.filter((r) => r.key !== 'baseline');
    console.log(
      `PostgreSQL restart under load: NODE_ENV=${BENCH_NODE_ENV}, a private PostgreSQL on port ${cluster.port}, ` +
        `${list.map((r) => r.key).join(', ')} at once with ${CONNECTIONS} connections each for ${DURATION} s; ` +
        `${pools.proof.length} + ${pools.approve.length} units; restart (fast) at ${Math.round(DURATION / 3)} s, ` +
        `crash (immediate, down ${DOWN_S} s) at ${Math.round((2 * DURATION) / 3)} s`,
    );

    const answers: Answer[] = [];
    const t0 = Date.now();
    const runs = Promise.all(load(list, DURATION, answers));
    const marks: Record<string, number> = {};
    await sleep(DURATION * 333);
    marks.restartFrom = Date.now();
    await cluster.restart();
    marks.restartTo = Date.now();
    await sleep(Math.max(0, t0 + DURATION * 667 - Date.now()));
    marks.crashFrom = Date.now();
    await cluster.crash();
    await sleep(DOWN_S * 1000);
    await cluster.start();
    marks.crashTo = Date.now();
    await runs;
    if (server.exitCode !== null || server.signalCode !== null)
      failures.push(`the server stopped during the run (${server.exitCode ?? server.signalCode})`);

    const phaseOf = (at: number): Phase =>
      at < marks.restartFrom!
        ? 'before'
        : at <= marks.restartTo!
          ? 'restart'
          : at < marks.crashFrom!
            ? 'after restart'
            : at <= marks.crashTo!
              ? 'crash'
              : 'after crash';
    const count = (phase: Phase, kind: Kind) =>
      answers.filter((a) => phaseOf(a.at) === phase && a.kind === kind).length;
    const s = (ms: number) => (ms / 1000).toFixed(1);
    const spans: Record<Phase, string> = {
      before: `0–${s(marks.restartFrom! - t0)}`,
      restart: `${s(marks.restartFrom! - t0)}–${s(marks.restartTo! - t0)}`,
      'after restart': `${s(marks.restartTo! - t0)}–${s(marks.crashFrom! - t0)}`,
      crash: `${s(marks.crashFrom! - t0)}–${s(marks.crashTo! - t0)}`,
      'after crash': `${s(marks.crashTo! - t0)}–${DURATION}`,
    };
    const rows = [['phase (s)', ...KINDS]];
    for (const phase of PHASES)
      rows.push([`${phase} (${spans[phase]})`, ...KINDS.map((k) => String(count(phase, k)))]);
    console.log(`\n${table(rows)}`);
    console.log(
      'expected: 200 (302 for the redirect); 503 ja + Retry-After: the message 「' +
        `${MESSAGES.databaseUnavailable}」 with Retry-After; 302 to /: the redirect's answer when it cannot read ` +
        "the link (counts nothing); outages: from pg_ctl's call until it returned",
    );
    const statuses = (kind: Kind) =>
      [...new Set(answers.filter((a) => a.kind === kind).map((a) => `${a.route} ${a.status}`))].join(', ');
    for (const kind of ['503 other', 'other 5xx', 'other', 'socket error'] as Kind[]) {
      const n = answers.filter((a) => a.kind === kind).length;
      if (n) failures.push(`${n} answers of kind "${kind}" (${statuses(kind)})`);
    }

    // The pool reconnects: each route's first expected answer after PostgreSQL is back, and its last 503.
    const recovery = [['back after', ...list.map((r) => r.key)]];
    for (const [label, to] of [
      ['restart: first expected', marks.restartTo!],
      ['crash: first expected', marks.crashTo!],
    ] as const) {
      recovery.push([
        label,
        ...list.map((r) => {
          const first = answers.find((a) => a.route === r.key && a.at > to && a.kind === 'expected');
          if (!first) failures.push(`${r.key}: no expected answer after ${label.split(':')[0]}`);
          return first ? `${first.at - to} ms` : 'none';
        }),
      ]);
    }
    for (const [label, from, to] of [
      ['restart: last 503', marks.restartTo!, marks.crashFrom!],
      ['crash: last 503', marks.crashTo!, Infinity],
    ] as const) {
      recovery.push([
        label,
        ...list.map((r) => {
          const last = answers
            .filter((a) => a.route === r.key && a.at > from && a.at < to && a.status === 503)
            .pop();
          return last ? `+${last.at - from} ms` : '-';
        }),
      ]);
    }
    console.log(`\n${table(recovery)}`);

    // Stop gracefully (buffered clicks are written on close), then check what was written.
    await stopServer(server);
    const answered: Partial<Record<RouteKey, number>> = {};
    for (const a of answers) if (a.kind === 'expected') answered[a.route] = (answered[a.route] ?? 0) + 1;
    const checks: DbCheck[] = [
      ...(await workDone(opened.db, pools, SELECTED, answered, routes.issued())),
      ...(await ledgerConsistency(opened.db, pools)),
    ];
    console.log(
      `\n${table([
        ['checked in the database after a graceful stop', 'value', 'expected', ''],
        ...checks.map((c) => [
          c.what,
          String(c.value),
          c.min === c.max ? String(c.min) : `${c.min}–${c.max}`,
          c.value >= c.min && c.value <= c.max ? 'ok' : 'FAILED',
        ]),
      ])}`,
    );
    for (const c of checks) {
      if (c.value < c.min || c.value > c.max)
        failures.push(`${c.what}: ${c.value}, expected ${c.min}–${c.max}`);
    }
  } finally {
    if (child) await stopServer(child);
    await sns?.close();
    await database?.close().catch(() => undefined);
    await cluster?.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`\nFAILED:\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log('\nall checks passed');
}

main().catch((err) => {
  console.error(
    err instanceof Error && 'query' in err ? `${err.message.slice(0, 300)} … ${String(err.cause)}` : err,
  );
  process.exit(1);
});
