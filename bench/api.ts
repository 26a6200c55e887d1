import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as schema from '../server/features/schema.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { seedDemoData } from '../server/seed/demo.ts';
import { type SnsStandin, startSnsStandin } from '../server/platform/sns-standin.ts';
import { ROOT_DIR } from '../server/platform/version.ts';
import { type Profile, summarise } from './cpu-profile.ts';
import { type ApiRoute, apiRoutes, type RouteKey, selectedRoutes, workDone } from './api-routes.ts';
import { PGBENCH_GOAL, runPgbench } from './pgbench.ts';
import { BENCH_NODE_ENV } from './server-mode.ts';
import {
  type CpuMeter,
  adminQuery,
  cpuMeter,
  createPools,
  csrf,
  type Figures,
  freePort,
  median,
  run as runRoute,
  spawnServer,
  table,
  throwAwayDatabase,
  waitForServer,
} from './stack.ts';

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
 * Before the routes, with proof or approval selected, pgbench's TPC-B (prepared) runs on the same server for
 * BENCH_DURATION s and proof and approval are printed as a share of its tps (issue 29, goal >= 0.15;
 * bench/pgbench.ts; BENCH_PGBENCH=0 skips it).
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) must allow CREATE DATABASE: a
 * throw-away database is created and dropped at the end. BENCH_DURATION: seconds per route (default 10),
 * BENCH_ROUTES: a comma list of me,proof,approve,redirect (default all), BENCH_CONNECTIONS (default 50),
 * BENCH_CPU_PROF=1 (or a directory): after the measured rounds, each route is profiled on its own for
 * DURATION/2 s (V8's CPU profiler, started and stopped by a signal, bench/profile-hook.ts) and its top
 * functions by self time are printed per answer (`node --import tsx bench/cpu-profile.ts <file>` reads a
 * profile again; the files stay under data/cpu-profiles/). BENCH_LINKS=N (issue 29): the redirect clicks
 * only the first N links of the pools, in turn (default: all of them, 2 × the pool size). Every link of
 * the pools, in turn, outruns a process's memory of links (ADR 0152: 10,000, for 60 s on PostgreSQL), so
 * each click also reads its link from the database; a few hundred links clicked in turn are what a viral
 * link looks like to the redirect (read once per process a minute, or when a link changes: ADR 0152).
 */
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROUNDS = 10;
const WARM_UP_S = 2;
const SELECTED = selectedRoutes();
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** The server's mode (bench/server-mode.ts): production unless BENCH_NODE_ENV says development. */
const NODE_ENV = BENCH_NODE_ENV;
/** Supporters created for the run: each owns units of many requests (one unit per request each). */
const BENCH_SUPPORTERS = 50;
/** Units per pool: more than the fastest route can use in DURATION + warm-up (checked: an empty pool shows as 404s). */
const POOL = Number(process.env.BENCH_UNITS ?? Math.max(5_000, 2_500 * (DURATION + WARM_UP_S)));
/** Links the redirect clicks in turn (issue 29); by default every link of the pools. */
const LINKS = process.env.BENCH_LINKS ? Number(process.env.BENCH_LINKS) : null;
if (LINKS !== null && !(Number.isInteger(LINKS) && LINKS > 0))
  throw new Error('BENCH_LINKS: a positive integer');

type Route = ApiRoute;
const run = (route: Route, base: string, duration: number, meter?: CpuMeter): Promise<Figures> =>
  runRoute(route, base, duration, CONNECTIONS, meter);

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'focustar-bench-'));
  const profileDir = CPU_PROF
    ? CPU_PROF === '1'
      ? join(ROOT_DIR, 'data', 'cpu-profiles', new Date().toISOString().replace(/[:.]/g, '-'))
      : CPU_PROF
    : null;
  const throwAway = await throwAwayDatabase();
  const dbName = throwAway.name;
  const dbUrl = new URL(throwAway.url);
  let child: ChildProcess | null = null;
  let sns: SnsStandin | null = null;
  const database = await openDatabase({ schema, databaseUrl: dbUrl.toString(), poolMax: 2 });
  try {
    await seedDemoData(database.db);
    const startedSetup = Date.now();
    // The proofs' posts are asked of the SNS stand-in, as the real oEmbed client asks X (ADR 0162).
    sns = await startSnsStandin();
    // The redirect uses the links of both pools.
    const wants = (key: RouteKey) => SELECTED.includes(key) || SELECTED.includes('redirect');
    const pools = await createPools(database.db, secret, sns, {
      supporters: BENCH_SUPPORTERS,
      size: POOL,
      proof: SELECTED.some((key) => key !== 'me') && wants('proof'),
      approve: SELECTED.some((key) => key !== 'me') && wants('approve'),
    });
    // Statistics as a database in service has them, and no autovacuum of the fresh rows during the run.
    await adminQuery(`VACUUM ANALYZE`, dbUrl.toString());
    const setupS = ((Date.now() - startedSetup) / 1000).toFixed(1);

    // Issue 29: pgbench's TPC-B on the same server first, the yardstick of the writes (BENCH_PGBENCH=0: none).
    const writes = SELECTED.includes('proof') || SELECTED.includes('approve');
    const pgbench = writes && process.env.BENCH_PGBENCH !== '0' ? await runPgbench(DURATION) : null;
    if (pgbench)
      console.log(
        `pgbench TPC-B (prepared, scale ${pgbench.scale}, ${pgbench.clients} clients, ${pgbench.seconds} s): ${pgbench.tps.toFixed(0)} tps`,
      );

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    // The profiler hook is loaded only here: SIGUSR2 starts and stops a profile of one route (bench/profile-hook.ts).
    const hook = profileDir ? ['--import', join(ROOT_DIR, 'bench/profile-hook.ts')] : [];
    child = spawnServer({
      port,
      databaseUrl: dbUrl.toString(),
      dataDir,
      secret,
      snsUrl: sns.url,
      flags: hook,
      ...(profileDir ? { env: { BENCH_CPU_PROF_DIR: profileDir } } : {}),
    });
    const server = child;
    await waitForServer(base, server);
    const browser = await csrf(base);
    const owner = pools.owner;
    const check = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${owner}` } });
    if (!check.ok) throw new Error(`GET /api/me answered ${check.status}`);
    const meter = cpuMeter(server.pid!, database.db);

    const apiRoutesOf = apiRoutes(base, pools, browser, { selected: SELECTED, links: LINKS });
    const list = apiRoutesOf.list;
    const baselineRoute = list[0]!;
    console.log(
      `API benchmark: NODE_ENV=${NODE_ENV}, PostgreSQL (${dbName}), ${CONNECTIONS} connections, ${DURATION} s per route in ${ROUNDS} ` +
        `alternating rounds; ${pools.proof.length} + ${pools.approve.length} units and ${pools.codes.length} ` +
        `links set up in ${setupS} s${LINKS ? ` (the redirect clicks ${Math.min(LINKS, pools.codes.length)} of them)` : ''}; load average ${loadavg()
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
    // ADR 0196: the statistics of the tables the warm-up filled, as autovacuum's ANALYZE keeps them in service
    // (it is off on some machines, this one's included). Without it the per-day clicks (11 rows when the setup
    // was analysed, 30,000 after one redirect round) kept a prepared plan that reads the whole table for
    // every unit: a proof cost 5 ms of PostgreSQL instead of 1, and 0.04 of pgbench instead of 0.1.
    await adminQuery('ANALYZE', dbUrl.toString());
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
    if (pgbench) {
      // Proof and approval against pgbench's transactions per second, measured in this run.
      for (const route of list.filter((r) => r.key === 'proof' || r.key === 'approve')) {
        const share = median(figures.get(route)!).rps / pgbench.tps;
        console.log(
          `${route.label}: ${share.toFixed(3)} of pgbench's TPC-B tps (goal >= ${PGBENCH_GOAL}: ${share >= PGBENCH_GOAL ? 'met' : 'NOT met'})`,
        );
      }
    }
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
    const answered = Object.fromEntries(done) as Partial<Record<RouteKey, number>>;
    const checks = await workDone(database.db, pools, SELECTED, answered, apiRoutesOf.issued());
    if (checks.length) {
      console.log(
        `checked in the database after a graceful stop: ${checks
          .map((c) => `${c.what} ${c.value} (answered ${c.min}, sent ${c.max})`)
          .join('; ')}`,
      );
    }
    for (const c of checks) {
      if (c.value < c.min || c.value > c.max)
        failures.push(`${c.what}: ${c.value} in the database, expected ${c.min} to ${c.max}`);
    }
    if (failures.length) throw new Error(`some requests did not do their work:\n${failures.join('\n')}`);
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    await sns?.close();
    await database.close();
    await throwAway.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
