import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import * as schema from '../../server/features/schema.ts';
import { openDatabase } from '../../server/platform/db/client.ts';
import { SessionService } from '../../server/features/accounts/sessions.ts';
import { type SnsStandin, startSnsStandin } from '../../server/platform/sns-standin.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import {
  adminQuery,
  BROWSER,
  buildClient,
  createPools,
  csrf,
  freePort,
  loadText,
  metricValue,
  one,
  spawnServer,
  stopServer,
  table,
  throwAwayDatabase,
  visitorNetwork,
  waitForServer,
} from '../../bench/stack.ts';

/**
 * `npm run test:soak -- --minutes 10` (issue 29 "Soak", ADR 0180): two server processes of the production
 * build on one throw-away PostgreSQL database and Redis (REDIS_URL, default a database of its own,
 * redis://127.0.0.1:6379/9), under a fixed-rate mixed load spread over both, open loop (a request is sent
 * when it is due, whatever the answers before it):
 *
 * browse (`/`, `/login`, `/recruitments`, `GET /api/recruitments`, public), login (`POST /api/login`, the
 * run's supporters taking turns, each from its own address; reCAPTCHA checked by a local stand-in), offers
 * (`GET /api/units?status=offered` as a supporter), proofs and approvals (a unit each, from the pools
 * bench:api makes), clicks (`GET /s/{code}`, new visitors) and, half-way, one payout batch built by the admin
 * (`POST /api/payments/batches`, last month).
 *
 * Every 5 s each server's /metrics (METRICS_TOKEN) gives process_resident_memory_bytes,
 * nodejs_heap_size_used_bytes and focustar_heap_live_bytes (the heap after the last full collection), and
 * pg_stat_activity the database's connections. After the warm-up (the first fifth of the run, at least 20 s),
 * the median of the first three samples is compared with the median of the last three; the heap by its live
 * size when a full collection ran after the warm-up (ADR 0196), else by its used size. RSS and the live heap
 * are printed minute by minute.
 *
 * Goals (a table; exit 1 naming each not met): no answer 5xx (nor a socket error); each route's p99 within its
 * budget; RSS and heap growth after warm-up < 10 % in each process; PostgreSQL connections flat (the most
 * after warm-up no more than the most during it).
 *
 * Options: --minutes N (10), --rate F (1: a multiplier of every route's rate below). Env: BENCH_DATABASE_URL
 * (bench/stack.ts), REDIS_URL.
 */
const { values: args } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, rate: { type: 'string', default: '1' } },
});
const MINUTES = Number(args.minutes);
const RATE = Number(args.rate);
if (!(MINUTES > 0) || !(RATE > 0)) throw new Error('--minutes and --rate: positive numbers');
const SECONDS = Math.round(MINUTES * 60);
const WARM_UP_S = Math.max(20, Math.round(SECONDS / 5));
const SAMPLE_MS = 5_000;
const GROWTH_GOAL = 0.1;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const SUPPORTERS = 50;

interface Target {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface LoadRoute {
  label: string;
  /** Requests a second (before --rate); 0: sent once, half-way. */
  rate: number;
  /** The p99 budget (ms). */
  budget: number;
  expect: number[];
  target(n: number): Target;
}

interface Tally {
  latencies: number[];
  statuses: Map<string, number>;
  errors: number;
  sent: number;
  /** The body of the first answer of an unexpected status (printed under the table). */
  firstUnexpected?: string;
}

/** reCAPTCHA's siteverify, answering success to any token (the production check runs, against this). */
async function recaptchaStandin(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}/siteverify`, server };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : 0;
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'focustar-soak-')));
  const throwAway = await throwAwayDatabase('focustar_soak');
  const database = await openDatabase({ schema, databaseUrl: throwAway.url, poolMax: 2 });
  const children: ChildProcess[] = [];
  let sns: SnsStandin | null = null;
  let recaptcha: Server | null = null;
  try {
    await seedDemoData(database.db);
    sns = await startSnsStandin();
    const captcha = await recaptchaStandin();
    recaptcha = captcha.server;
    // Enough units for the proofs and approvals of the whole run (5/s each at --rate 1), and a margin.
    const pools = await createPools(database.db, secret, sns, {
      supporters: SUPPORTERS,
      size: Math.max(1_000, Math.ceil(5 * RATE * SECONDS * 1.2)),
      proof: true,
      approve: true,
    });
    const admin = await one<{ id: number }>(
      database.db,
      sql`select id from users where email = 'admin@example.com'`,
    );
    const adminToken = await new SessionService(secret, database.db).issue(Number(admin.id), 'soak');
    const supporterTokens = pools.signedIn.slice(1);
    await adminQuery('VACUUM ANALYZE', throwAway.url);
    // The browse route loads the SPA's pages: the servers serve a build of their own.
    const clientDir = buildClient('soak-client');

    const bases: string[] = [];
    for (const dataDir of dataDirs) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      children.push(
        spawnServer({
          port,
          databaseUrl: throwAway.url,
          dataDir,
          secret,
          snsUrl: sns.url,
          env: {
            METRICS_TOKEN: metricsToken,
            REDIS_URL,
            RECAPTCHA_VERIFY_URL: captcha.url,
            CLIENT_DIR: clientDir,
          },
        }),
      );
    }
    for (const [i, base] of bases.entries()) await waitForServer(base, children[i]!);
    const browser = await csrf(bases[0]!);
    const json = { ...browser, 'content-type': 'application/json' };
    const lastMonth = (() => {
      const d = new Date(Date.now() + 9 * 3_600_000);
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() - 1);
      return d.toISOString().slice(0, 7);
    })();

    const browsePaths = ['/', '/login', '/recruitments', '/api/recruitments'];
    const routes: LoadRoute[] = [
      {
        label: 'browse (/, /login, /recruitments, GET /api/recruitments)',
        rate: 20,
        budget: 100,
        expect: [200],
        target: (n) => ({ method: 'GET', path: browsePaths[n % browsePaths.length]!, headers: browser }),
      },
      {
        label: 'POST /api/login',
        rate: 0.5,
        budget: 1_000,
        expect: [200],
        target: (n) => ({
          method: 'POST',
          path: '/api/login',
          headers: { ...json, 'user-agent': BROWSER, 'x-forwarded-for': visitorNetwork(1_000_000 + n) },
          body: JSON.stringify({
            email: `bench${1 + (n % SUPPORTERS)}@example.com`,
            password: DEMO_PASSWORD,
            'g-recaptcha-response': 'soak',
          }),
        }),
      },
      {
        label: 'GET /api/units?status=offered (offers)',
        rate: 10,
        budget: 100,
        expect: [200],
        target: (n) => ({
          method: 'GET',
          path: '/api/units?status=offered',
          headers: { ...browser, authorization: `Bearer ${supporterTokens[n % supporterTokens.length]}` },
        }),
      },
      {
        label: 'POST /api/units/{id}/proof',
        rate: 5,
        budget: 250,
        expect: [200],
        target: (n) => {
          const unit = pools.proof[n];
          if (!unit)
            return { method: 'POST', path: '/api/units/2147483647/proof', headers: json, body: '{}' };
          return {
            method: 'POST',
            path: `/api/units/${unit.id}/proof`,
            headers: { ...json, authorization: `Bearer ${unit.token}` },
            body: JSON.stringify({ post_url: unit.postUrl }),
          };
        },
      },
      {
        label: 'POST /api/units/{id}/approve',
        rate: 5,
        budget: 250,
        expect: [200],
        target: (n) => ({
          method: 'POST',
          path: `/api/units/${pools.approve[n] ?? 2147483647}/approve`,
          headers: { ...browser, authorization: `Bearer ${pools.owner}` },
        }),
      },
      {
        label: 'GET /s/{code} (clicks)',
        rate: 30,
        budget: 50,
        expect: [302],
        target: (n) => ({
          method: 'GET',
          path: `/s/${pools.codes[n % pools.codes.length]}`,
          headers: { 'user-agent': BROWSER, 'x-forwarded-for': visitorNetwork(n) },
        }),
      },
      {
        label: 'POST /api/payments/batches (once, half-way)',
        rate: 0,
        budget: 5_000,
        expect: [200, 201],
        target: () => ({
          method: 'POST',
          path: '/api/payments/batches',
          headers: { ...json, authorization: `Bearer ${adminToken}` },
          body: JSON.stringify({ month: lastMonth }),
        }),
      },
    ];
    const tallies = new Map<LoadRoute, Tally>(
      routes.map((r) => [r, { latencies: [], statuses: new Map(), errors: 0, sent: 0 }]),
    );
    let requestNo = 0;
    const inFlight = new Set<Promise<void>>();
    const send = (route: LoadRoute) => {
      const tally = tallies.get(route)!;
      const t = route.target(tally.sent++);
      const base = bases[requestNo++ % bases.length]!;
      const started = performance.now();
      const p = (async () => {
        try {
          const res = await fetch(`${base}${t.path}`, {
            method: t.method,
            headers: t.headers,
            ...(t.body !== undefined ? { body: t.body } : {}),
            redirect: 'manual',
          });
          const body = await res.text();
          tally.latencies.push(performance.now() - started);
          if (!route.expect.includes(res.status) && tally.firstUnexpected === undefined)
            tally.firstUnexpected = `${res.status} ${body.slice(0, 300)}`;
          const code = String(res.status);
          tally.statuses.set(code, (tally.statuses.get(code) ?? 0) + 1);
        } catch {
          tally.errors += 1;
        }
      })();
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    };

    // Samples: each process's memory (after warm-up only), and the database's connections (all along).
    interface Sample {
      at: number;
      rss: number[];
      heap: number[];
      /** ADR 0196: the heap after the last full collection (0 before the first). */
      live: number[];
      connections: number;
    }
    const samples: Sample[] = [];
    const sample = async (at: number) => {
      const texts = await Promise.all(
        bases.map((base) =>
          fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((r) =>
            r.text(),
          ),
        ),
      );
      const connections = Number(
        (
          await one<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`,
          )
        ).n,
      );
      samples.push({
        at,
        rss: texts.map((t) => metricValue(t, 'process_resident_memory_bytes') ?? 0),
        heap: texts.map((t) => metricValue(t, 'nodejs_heap_size_used_bytes') ?? 0),
        live: texts.map((t) => metricValue(t, 'focustar_heap_live_bytes') ?? 0),
        connections,
      });
    };

    const loadBefore = loadavg();
    console.log(
      `Soak: 2 processes (NODE_ENV=production, WORKERS=0), PostgreSQL (${throwAway.name}), Redis ${REDIS_URL}; ` +
        `${MINUTES} min at ${routes.reduce((n, r) => n + r.rate * RATE, 0).toFixed(1)} req/s, warm-up ${WARM_UP_S} s; ` +
        `load average ${loadText(loadBefore)} on ${cpus().length} CPUs`,
    );
    const start = performance.now();
    let batchSent = false;
    let nextSample = 0;
    while (performance.now() - start < SECONDS * 1_000) {
      const elapsed = (performance.now() - start) / 1_000;
      for (const route of routes) {
        if (route.rate === 0) {
          if (!batchSent && elapsed >= SECONDS / 2) {
            batchSent = true;
            send(route);
          }
          continue;
        }
        const due = Math.floor(elapsed * route.rate * RATE);
        while (tallies.get(route)!.sent < due) send(route);
      }
      if (elapsed * 1_000 >= nextSample) {
        nextSample += SAMPLE_MS;
        void sample(elapsed).catch((err) => console.error('sample failed:', err));
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(inFlight);
    await sample(SECONDS);
    const loadAfter = loadavg();

    // --- the table ---------------------------------------------------------------------------------------
    const failures: string[] = [];
    const rows = [['route', 'sent', 'answered', 'p50 ms', 'p99 ms', 'budget', '', '5xx', 'other statuses']];
    let fivexx = 0;
    for (const route of routes) {
      const t = tallies.get(route)!;
      const sorted = [...t.latencies].sort((a, b) => a - b);
      const p99 = pct(sorted, 99);
      const errors5xx = [...t.statuses]
        .filter(([code]) => code.startsWith('5'))
        .reduce((n, [, c]) => n + c, 0);
      fivexx += errors5xx + t.errors;
      const other = [...t.statuses]
        .filter(([code]) => !route.expect.includes(Number(code)))
        .map(([code, n]) => `${n} x ${code}`)
        .concat(t.errors ? [`${t.errors} socket errors`] : [])
        .join(', ');
      const ok = p99 <= route.budget;
      if (!ok) failures.push(`${route.label}: p99 ${p99.toFixed(0)} ms over its budget ${route.budget} ms`);
      // An answer of another status is a failure too (the SPA's pages once answered 404 unnoticed).
      if (other) failures.push(`${route.label}: unexpected answers ${other}`);
      rows.push([
        route.label,
        String(t.sent),
        String(t.latencies.length),
        pct(sorted, 50).toFixed(0),
        p99.toFixed(0),
        `<= ${route.budget}`,
        ok ? 'met' : 'NOT met',
        String(errors5xx + t.errors),
        other || '-',
      ]);
    }
    for (const route of routes) {
      const first = tallies.get(route)!.firstUnexpected;
      if (first) console.log(`first unexpected answer of ${route.label}: ${first}`);
    }
    if (fivexx) failures.push(`${fivexx} answers 5xx or socket errors (goal 0)`);
    console.log(table(rows));

    const after = samples.filter((s) => s.at >= WARM_UP_S).sort((a, b) => a.at - b.at);
    const during = samples.filter((s) => s.at < WARM_UP_S);
    const memRows = [
      ['process', 'RSS MB after warm-up → end', 'growth', 'heap MB after warm-up → end', 'growth', ''],
    ];
    const mb = (b: number) => (b / 1_048_576).toFixed(1);
    const trends: string[] = [];
    for (const i of bases.keys()) {
      const first = after.slice(0, 3);
      const last = after.slice(-3);
      const rss0 = medianOf(first.map((s) => s.rss[i]!));
      const rss1 = medianOf(last.map((s) => s.rss[i]!));
      // ADR 0196: the heap is judged by what survived a full collection, when one ran after the warm-up (the
      // used heap also counts garbage not collected yet: it climbs between two full collections); else by the
      // used heap, as before, and the table says which.
      const live0 = after[0]?.live[i] ?? 0;
      const live1 = after.at(-1)?.live[i] ?? 0;
      const fullAfterWarmUp = new Set(after.map((s) => s.live[i])).size > 1;
      const byLive = live0 > 0 && fullAfterWarmUp;
      const heap0 = byLive ? live0 : medianOf(first.map((s) => s.heap[i]!));
      const heap1 = byLive ? live1 : medianOf(last.map((s) => s.heap[i]!));
      const used0 = medianOf(first.map((s) => s.heap[i]!));
      const used1 = medianOf(last.map((s) => s.heap[i]!));
      const rssGrowth = rss0 ? rss1 / rss0 - 1 : 0;
      const heapGrowth = heap0 ? heap1 / heap0 - 1 : 0;
      const ok = rssGrowth < GROWTH_GOAL && heapGrowth < GROWTH_GOAL;
      if (!ok)
        failures.push(
          `server ${i + 1}: RSS ${(rssGrowth * 100).toFixed(1)} %, heap ${(heapGrowth * 100).toFixed(1)} % after warm-up (goal < 10 %)`,
        );
      memRows.push([
        `server ${i + 1}`,
        `${mb(rss0)} → ${mb(rss1)}`,
        `${(rssGrowth * 100).toFixed(1)} %`,
        `${mb(heap0)} → ${mb(heap1)} (${byLive ? 'after a full collection' : 'used, no full collection after warm-up'}; used ${mb(used0)} → ${mb(used1)})`,
        `${(heapGrowth * 100).toFixed(1)} %`,
        ok ? 'met (< 10 %)' : 'NOT met (< 10 %)',
      ]);
      // Minute by minute (the last sample of each), to tell a leak (a climb) from memory settling (a plateau).
      const byMinute = new Map<number, Sample>();
      for (const s of after) byMinute.set(Math.floor(s.at / 60), s);
      trends.push(
        `server ${i + 1} by minute, RSS / live heap MB: ${[...byMinute.values()]
          .map((s) => `${mb(s.rss[i]!)}/${mb(s.live[i]!)}`)
          .join(' ')}`,
      );
    }
    console.log(table(memRows));
    console.log(trends.join('\n'));
    const maxDuring = Math.max(0, ...during.map((s) => s.connections));
    const afterConnections = after.map((s) => s.connections);
    const maxAfter = Math.max(0, ...afterConnections);
    const flat = maxAfter <= maxDuring;
    if (!flat) failures.push(`PostgreSQL connections grew after warm-up: ${maxDuring} → ${maxAfter}`);
    console.log(
      `PostgreSQL connections (pg_stat_activity of the database, every ${SAMPLE_MS / 1000} s): at most ${maxDuring} ` +
        `during warm-up, ${Math.min(...afterConnections)} to ${maxAfter} after (${afterConnections.join(' ')}): ` +
        `${flat ? 'flat' : 'NOT flat'}; load average ${loadText(loadAfter)} at the end`,
    );
    if (failures.length) {
      console.error(`goals not met:\n${failures.map((f) => `- ${f}`).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    for (const child of children) await stopServer(child);
    await sns?.close();
    recaptcha?.close();
    await database.close();
    await throwAway.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
