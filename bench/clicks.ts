import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import * as schema from '../server/features/schema.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { type SnsStandin, startSnsStandin } from '../server/platform/sns-standin.ts';
import { seedDemoData } from '../server/seed/demo.ts';
import { BENCH_NODE_ENV } from './server-mode.ts';
import {
  adminQuery,
  BROWSER,
  cpuMeter,
  createPools,
  csrf,
  type Figures,
  freePort,
  loadText,
  median,
  metricValue,
  one,
  type Route,
  run,
  spawnServer,
  stopServer,
  table,
  throwAwayDatabase,
  visitorNetwork,
  waitForServer,
} from './stack.ts';

/**
 * `npm run bench:clicks` (issue 29 "A viral link", ADR 0180): the real server on PostgreSQL (bench/stack.ts,
 * as `bench:api` starts it) takes a spike of clicks on ONE unit link from many visitors while the shop goes on
 * approving posts.
 *
 * 1. The no-op route `GET /api/version` is measured (median of BASELINE_ROUNDS short rounds): R req/s.
 * 2. Approvals alone (`POST /api/units/{id}/approve`, a pool of posted units as bench:api makes) for
 *    APPROVAL_ALONE_S s with BENCH_APPROVAL_CONNECTIONS connections.
 * 3. The spike: for BENCH_CLICKS_SECONDS (default 60) `GET /s/{code}` of one link at a fixed 0.7 × R req/s
 *    (autocannon's overallRate), each request a new visitor (`x-forwarded-for` through the loopback proxy,
 *    another /24 each time), while the approvals run alongside with the same connections.
 * 4. After the spike, with the server still running, the database is polled until the link's counted clicks
 *    reach the 302s answered (the backlog written), for at most 10 s, then the server's /metrics is read.
 *
 * Goals (a table; exit 1 naming each goal not met): every answer a 302; the clicks' p99 < 20 ms; the clicks
 * in the database == the 302s answered (at most the requests sent: a request in flight when the spike
 * stopped is counted by the server but never answered to autocannon); `focustar_clicks_dropped_total` 0;
 * the backlog written within 10 s of the end; approvals during the spike >= 0.5 of approvals alone.
 *
 * The machine's load average is printed: on a shared machine the rates move with everybody's load, so the
 * rates are given as ratios to the no-op route of the same run.
 *
 * Where the clicks go (ADR 0209): BENCH_CLICKS_PROCESS=own (the default) starts a second server process on
 * the same database for the link (as the README's deployment guide routes `/s/` to processes of their own),
 * so that a viral link never shares an event loop with the shop's approvals; `shared` sends the spike to
 * the one process that also takes the approvals.
 *
 * Env: BENCH_DATABASE_URL (see bench/stack.ts), BENCH_CLICKS_SECONDS (60), BENCH_CLICKS_RATIO (0.7),
 * BENCH_CLICKS_CONNECTIONS (100: the clicks' connections), BENCH_APPROVAL_CONNECTIONS (10),
 * BENCH_CONNECTIONS (50: the no-op route's connections, as bench:api).
 */
const SECONDS = Number(process.env.BENCH_CLICKS_SECONDS ?? 60);
const RATIO = Number(process.env.BENCH_CLICKS_RATIO ?? 0.7);
const CLICK_CONNECTIONS = Number(process.env.BENCH_CLICKS_CONNECTIONS ?? 100);
const APPROVAL_CONNECTIONS = Number(process.env.BENCH_APPROVAL_CONNECTIONS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PROCESS = process.env.BENCH_CLICKS_PROCESS ?? 'own';
if (PROCESS !== 'own' && PROCESS !== 'shared') throw new Error('BENCH_CLICKS_PROCESS: own or shared');
const BASELINE_ROUNDS = 5;
const BASELINE_S = 2;
const WARM_UP_S = 2;
const APPROVAL_ALONE_S = Math.min(10, SECONDS);
const P99_GOAL_MS = 20;
const BACKLOG_GOAL_S = 10;
const APPROVAL_GOAL = 0.5;
/** Posted units: more than the approvals can take in warm-up, alone and during the spike. */
const POOL = Number(
  process.env.BENCH_UNITS ?? Math.max(5_000, 500 * (WARM_UP_S + APPROVAL_ALONE_S + SECONDS)),
);

async function main(): Promise<void> {
  const secret = randomBytes(32).toString('base64url');
  const metricsToken = randomBytes(24).toString('base64url');
  const dataDir = mkdtempSync(join(tmpdir(), 'focustar-clicks-'));
  const throwAway = await throwAwayDatabase('focustar_clicks');
  const database = await openDatabase({ schema, databaseUrl: throwAway.url, poolMax: 2 });
  let child: ChildProcess | null = null;
  let linksChild: ChildProcess | null = null;
  let sns: SnsStandin | null = null;
  try {
    await seedDemoData(database.db);
    sns = await startSnsStandin();
    const pools = await createPools(database.db, secret, sns, {
      supporters: 50,
      size: POOL,
      proof: false,
      approve: true,
    });
    // The viral link: the last unit's (the approvals, in order, do not reach it); warm-up clicks use the first.
    const viral = pools.codes[pools.codes.length - 1]!;
    const warmLink = pools.codes[0]!;
    const linkId = Number(
      (await one<{ id: number }>(database.db, sql`select id from short_links where code = ${viral}`)).id,
    );
    await adminQuery('VACUUM ANALYZE', throwAway.url);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawnServer({
      port,
      databaseUrl: throwAway.url,
      dataDir,
      secret,
      snsUrl: sns.url,
      env: { METRICS_TOKEN: metricsToken },
    });
    const server = child;
    await waitForServer(base, server);
    // ADR 0209: the link's own process (the same server on the same database), or the app's.
    let linksBase = base;
    let linksServer = server;
    if (PROCESS === 'own') {
      const linksPort = await freePort();
      linksBase = `http://127.0.0.1:${linksPort}`;
      linksChild = spawnServer({
        port: linksPort,
        databaseUrl: throwAway.url,
        dataDir: join(dataDir, 'links'),
        secret,
        snsUrl: sns.url,
        env: { METRICS_TOKEN: metricsToken },
      });
      linksServer = linksChild;
      await waitForServer(linksBase, linksServer);
    }
    const browser = await csrf(base);
    const owner = { ...browser, authorization: `Bearer ${pools.owner}` };
    const metrics = async () => {
      const res = await fetch(`${linksBase}/metrics`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      });
      if (!res.ok) throw new Error(`GET /metrics answered ${res.status}`);
      return res.text();
    };

    let nextApproval = 0;
    let nextVisitor = 0;
    const approvals: Route = {
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
              const id = pools.approve[nextApproval++] ?? 2147483647;
              return { ...request, path: `/api/units/${id}/approve`, headers: owner };
            },
          },
        ],
      }),
    };
    const clicksOn = (code: string, rate?: number): Route => ({
      key: 'click',
      label: `GET /s/{code} (one link, new visitors${rate ? `, ${rate.toFixed(0)}/s` : ''})`,
      expect: 302,
      goal: null,
      options: () => ({
        url: linksBase,
        ...(rate ? { overallRate: Math.max(1, Math.round(rate)) } : {}),
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              path: `/s/${code}`,
              headers: { 'user-agent': BROWSER, 'x-forwarded-for': visitorNetwork(nextVisitor++) },
            }),
          },
        ],
      }),
    });
    const baselineRoute: Route = {
      key: 'baseline',
      label: 'GET /api/version (no-op)',
      expect: 200,
      goal: null,
      options: () => ({ url: base, requests: [{ method: 'GET', path: '/api/version', headers: browser }] }),
    };

    const loadBefore = loadavg();
    // Warm-up: JIT, the pool, prepared plans (the warm-up clicks go to another link).
    await run(baselineRoute, base, WARM_UP_S, CONNECTIONS);
    await run(approvals, base, WARM_UP_S, APPROVAL_CONNECTIONS);
    await run(clicksOn(warmLink), linksBase, WARM_UP_S, CLICK_CONNECTIONS);

    const rounds: Figures[] = [];
    for (let i = 0; i < BASELINE_ROUNDS; i++)
      rounds.push(await run(baselineRoute, base, BASELINE_S, CONNECTIONS));
    const baseline = median(rounds);
    const rate = RATIO * baseline.rps;
    const alone = await run(approvals, base, APPROVAL_ALONE_S, APPROVAL_CONNECTIONS);
    const approvedBefore = nextApproval;

    console.log(
      `Click spike: NODE_ENV=${BENCH_NODE_ENV}, PostgreSQL (${throwAway.name}); no-op route ${baseline.rps.toFixed(0)} req/s ` +
        `(${CONNECTIONS} connections, median of ${BASELINE_ROUNDS} × ${BASELINE_S} s); spike ${SECONDS} s at ${RATIO} × that = ` +
        `${rate.toFixed(0)} clicks/s on one link (${CLICK_CONNECTIONS} connections, ${PROCESS === 'own' ? 'a process of their own' : 'the same process as the approvals'}), approvals with ${APPROVAL_CONNECTIONS} ` +
        `connections; load average ${loadText(loadBefore)} on ${cpus().length} CPUs`,
    );

    // The spike, the approvals alongside, and the click buffer's depth once a second.
    let maxDepth = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const depth = metricValue(await metrics().catch(() => ''), 'focustar_click_buffer_depth');
        if (depth !== null) maxDepth = Math.max(maxDepth, depth);
        await new Promise((r) => setTimeout(r, 1_000));
      }
    })();
    const sentBefore = nextVisitor;
    const stopMeter = await cpuMeter(server.pid!, database.db).start();
    const stopLinksMeter = PROCESS === 'own' ? await cpuMeter(linksServer.pid!, database.db).start() : null;
    const [spike, during] = await Promise.all([
      run(clicksOn(viral, rate), linksBase, SECONDS, CLICK_CONNECTIONS),
      run(approvals, base, SECONDS, APPROVAL_CONNECTIONS),
    ]);
    const ended = Date.now();
    const cpu = await stopMeter();
    const linksCpu = await stopLinksMeter?.();
    const sent = nextVisitor - sentBefore;
    const loadAfter = loadavg();
    sampling = false;
    await sampler;

    // The backlog: poll the link's counted clicks until they reach the answered 302s (server still running).
    const answered = spike.statuses['302'] ?? 0;
    const counted = async () =>
      Number(
        (
          await one<{ n: number }>(
            database.db,
            sql`select coalesce(sum(clicks), 0)::int as n from short_link_clicks where link_id = ${linkId}`,
          )
        ).n,
      );
    let written = await counted();
    while (written < answered && Date.now() - ended < BACKLOG_GOAL_S * 1_000 + 5_000) {
      await new Promise((r) => setTimeout(r, 100));
      written = await counted();
    }
    const backlogS = (Date.now() - ended) / 1_000;
    const text = await metrics();
    const dropped = metricValue(text, 'focustar_clicks_dropped_total') ?? 0;
    const writtenTotal = metricValue(text, 'focustar_clicks_written_total');
    // The approvals really done: units approved with their credit (each answered 200 did one).
    const approvedDuring = nextApproval - approvedBefore;

    const approvalRatio = during.rps / alone.rps;
    const failures: string[] = [];
    const goal = (ok: boolean, what: string) => {
      if (!ok) failures.push(what);
      return ok ? 'met' : 'NOT met';
    };
    const okStatuses = spike.unexpected === 0;
    const other = Object.entries(spike.statuses)
      .filter(([code]) => code !== '302')
      .map(([code, n]) => `${n} x ${code}`)
      .join(', ');
    const rows = [
      ['measure', 'figure', 'goal', ''],
      ['no-op GET /api/version req/s (baseline)', baseline.rps.toFixed(0), '-', ''],
      [
        'clicks req/s (ratio to baseline)',
        `${spike.rps.toFixed(0)} (${(spike.rps / baseline.rps).toFixed(2)})`,
        `${RATIO} target`,
        '',
      ],
      [
        'clicks answered 302 / other',
        `${answered} / ${spike.unexpected}`,
        'all 302',
        goal(okStatuses, `every answer a 302: ${spike.unexpected} were not (${other || 'socket errors'})`),
      ],
      [
        'clicks p50 / p99 ms',
        `${spike.p50} / ${spike.p99}`,
        `p99 < ${P99_GOAL_MS}`,
        goal(spike.p99 < P99_GOAL_MS, `p99 ${spike.p99} ms, goal < ${P99_GOAL_MS} ms`),
      ],
      [
        'clicks in the database (answered, sent)',
        `${written} (${answered}, ${sent})`,
        '= answered',
        goal(
          written >= answered && written <= sent,
          `clicks written ${written}, answered ${answered}, sent ${sent}`,
        ),
      ],
      [
        'clicks dropped (focustar_clicks_dropped_total)',
        String(dropped),
        '0',
        goal(dropped === 0, `${dropped} clicks dropped`),
      ],
      [
        'backlog written after the end, s (buffer max)',
        `${backlogS.toFixed(1)} (${maxDepth})`,
        `<= ${BACKLOG_GOAL_S}`,
        goal(
          written >= answered && backlogS <= BACKLOG_GOAL_S,
          `backlog written in ${backlogS.toFixed(1)} s, goal ${BACKLOG_GOAL_S} s`,
        ),
      ],
      ['approvals alone req/s (p99 ms)', `${alone.rps.toFixed(1)} (${alone.p99})`, '-', ''],
      [
        'approvals during the spike req/s (p99 ms)',
        `${during.rps.toFixed(1)} (${during.p99})`,
        `>= ${APPROVAL_GOAL} × alone`,
        goal(
          approvalRatio >= APPROVAL_GOAL,
          `approvals during the spike ${approvalRatio.toFixed(2)} of alone, goal >= ${APPROVAL_GOAL}`,
        ),
      ],
      ['  ratio during / alone', approvalRatio.toFixed(2), '', ''],
      [
        'approvals unexpected answers (alone + during)',
        String(alone.unexpected + during.unexpected),
        '0',
        '',
      ],
    ];
    if (alone.unexpected + during.unexpected)
      failures.push(`approvals: ${alone.unexpected + during.unexpected} answers other than 200`);
    console.log(table(rows));
    console.log(
      `load average after the spike ${loadText(loadAfter)}; approvals handed out during the spike ${approvedDuring}; ` +
        `clicks written by the process (focustar_clicks_written_total) ${writtenTotal ?? '-'}; CPU during the spike: ` +
        `server ${cpu.server === null ? '-' : (cpu.server / 1e6 / SECONDS).toFixed(2)} cores` +
        (linksCpu
          ? `, the links' server ${linksCpu.server === null ? '-' : (linksCpu.server / 1e6 / SECONDS).toFixed(2)} cores`
          : '') +
        `, the PostgreSQL backends ` +
        `${cpu.db === null ? '-' : (cpu.db / 1e6 / SECONDS).toFixed(2)} cores, autocannon ${(cpu.client / 1e6 / SECONDS).toFixed(2)} cores`,
    );
    await stopServer(server);
    if (linksChild) await stopServer(linksChild);
    if (failures.length) {
      console.error(`goals not met:\n${failures.map((f) => `- ${f}`).join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    if (child) await stopServer(child);
    if (linksChild) await stopServer(linksChild);
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
