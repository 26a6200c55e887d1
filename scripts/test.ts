import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT_DIR } from '../server/platform/version.ts';
import { type SkippedGroup, skippedLines } from './skip-reasons.ts';

/**
 * `npm test`: typecheck, lint, the first screen's bundle budget, unit + integration tests (Vitest), then
 * the browser tests (Playwright).
 * Every step runs even when an earlier one failed, and the last line is `N passed, N failed`
 * (tests plus the typecheck and lint checks), which CI reads.
 */
const bin = (name: string) => join(ROOT_DIR, 'node_modules/.bin', name);
const out = join(ROOT_DIR, 'test-results');
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

/** Issue 28: how long each step took, printed at the end, so that CI's minutes have names. */
const timings: string[] = [];

/*
 * Issue 28 (CI time), ADR 0193: two lanes run at once on the two cores (types and lint, then the server
 * suite; the machine mutants, the OpenAPI document and the bundle, then the client suites; ADR 0195), then
 * the browser tests alone. A step's output is kept
 * and printed whole when it ends, so the two lanes' lines never mix; the browser tests stream theirs.
 */
function run(
  label: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  options: { stream?: boolean } = {},
): Promise<boolean> {
  const started = performance.now();
  if (options.stream) console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT_DIR,
      env: { ...process.env, ...env },
      stdio: options.stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (c: Buffer) => chunks.push(c));
    child.stderr?.on('data', (c: Buffer) => chunks.push(c));
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      timings.push(`  ${seconds.padStart(5)} s  ${label}`);
      if (!options.stream) {
        process.stdout.write(`\n▶ ${label} (${seconds} s)\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      resolve(ok);
    };
    child.on('error', (e) => {
      chunks.push(Buffer.from(`${e.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

async function check(label: string, command: string, args: string[]) {
  if (await run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

/** The static checks: types and lint. */
async function staticChecks() {
  await check('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  await check('lint (eslint)', bin('eslint'), ['.']);
}

/**
 * The OpenAPI document and the first screen's bundle. ADR 0195: in the mutants' lane, which the server suite's
 * lane outlasted by about a minute.
 */
async function documentAndBundleChecks() {
  // Issue 28 (d), ADR 0163: the OpenAPI document passes Redocly's recommended rules with 0 errors (offline).
  await check('OpenAPI under Redocly recommended rules (npm run lint:openapi)', 'npm', [
    'run',
    '--silent',
    'lint:openapi',
  ]);
  // ADR 0216: every file as Prettier writes it (a file nobody formatted is a diff for the next person).
  await check('formatting (npm run format:check)', 'npm', ['run', '--silent', 'format:check']);
  // Issue 11: the production build's first screen stays within its brotli budget (build + measure, no browser).
  await check('first-screen bundle budget (npm run bench:bundle)', 'npm', [
    'run',
    '--silent',
    'bench:bundle',
  ]);
}

/** Issue 9: every non-equivalent mutant of every machine must be killed (prints `machines: K of N mutants killed`). */
const machineMutants = () =>
  check('machine mutants (npm run test:mutants)', 'npm', ['run', '--silent', 'test:mutants']);

// ---- Vitest on Node 24 LTS and Node 20 (issue 17, ADR 0144) ------------------------------------------
// The server suite runs on Node 24 LTS (fetched from the npm registry by scripts/test-node24.sh), what
// production runs, with the database tests on PGlite and, with TEST_DATABASE_URL (as .ci/run sets), on
// PostgreSQL too. This Node (20) runs the client, machine and foundation suites, once (ADR 0144 addendum of
// 2026-11-26: they need no database and ran the same on both Nodes for a quarter of CI's time); the server on
// Node 20 is exercised by the browser tests below (their stack runs on this Node). When Node 24 cannot be
// fetched outside CI (offline), one run on this Node does everything.
interface VitestRun {
  label: string;
  node: string;
  files: string[];
  tag: string;
  /** More vitest arguments (the server suite's shuffle). */
  args?: string[];
}
const thisNode = `Node ${process.versions.node.split('.')[0]}`;
/** Every suite except the server's (tests/server): nothing in them needs a database. */
const CLIENT_SUITES = [
  'tests/app',
  'tests/components',
  'tests/e2e-support',
  'tests/foundation',
  'tests/machines',
  'machines/',
];
/*
 * ADR 0195: the client suites in worker threads, not processes: nothing in them needs a process of its own
 * (jsdom and the machines), and a thread is cheaper to start and to feed (168 s against 184 s, 217 s of CPU
 * against 240 s, all tests passing).
 */
const clientPool = ['--pool=threads'];
/**
 * Issue 28 (3), ADR 0174: the server suite runs in a shuffled order, once per CI run, so a test that leans on
 * another's rows fails. The seed is TEST_SHUFFLE_SEED or drawn here; it is printed before the run and in the
 * summary, and `npx vitest run tests/server --sequence.shuffle --sequence.seed=N` replays the order.
 */
const SERVER_SUITE = 'tests/server';
const shuffleSeed = Number(process.env.TEST_SHUFFLE_SEED) || 1 + Math.floor(Math.random() * 1_000_000_000);
const shuffled = ['--sequence.shuffle', `--sequence.seed=${shuffleSeed}`];
/*
 * Issue 28 (CI time), ADR 0193: the server suite's files share their worker processes (`--no-isolate`): each
 * file built its own process and imported the whole server again (4 s a file, 350 s a run), while every file
 * already builds its own app and databases. Three workers on two cores: the files wait on PostgreSQL.
 */
const serverPool = ['--no-isolate', '--maxWorkers=3'];
const replay = `npx vitest run ${SERVER_SUITE} ${serverPool.join(' ')} --sequence.shuffle --sequence.seed=${shuffleSeed}`;
/*
 * Every server file builds its own fixtures (issue 28 (3)): the files the first shuffled runs found leaning
 * on each other's rows were rewritten, the last four (recruitments, shops, operations, supporters) on
 * 2026-11-26, so the whole server suite runs shuffled, no file in a run of its own.
 */
/** The whole suite on one Node: everything but the server suite in order, the server suite shuffled. */
const wholeSuite = (node: string, name: string, tag: string): VitestRun[] => [
  {
    label: `${name}, the client, machine and foundation suites`,
    node,
    files: CLIENT_SUITES,
    tag,
    args: clientPool,
  },
  {
    label: `${name}, the server suite shuffled (seed ${shuffleSeed})`,
    node,
    files: [SERVER_SUITE],
    tag: `${tag}-server`,
    args: [...shuffled, ...serverPool],
  },
];
const vitestRuns: VitestRun[] = [];
if (process.env.TEST_NODE24 !== '0') {
  const fetched = spawnSync('bash', [join(ROOT_DIR, 'scripts/test-node24.sh'), '--print-path'], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const node24 = fetched.status === 0 ? fetched.stdout.trim() : '';
  if (node24) {
    vitestRuns.push(
      {
        label: `${thisNode}, the client, machine and foundation suites`,
        node: process.execPath,
        files: CLIENT_SUITES,
        tag: 'node20',
        args: clientPool,
      },
      // Issue 28 (CI time): the client, machine and foundation suites once, on this Node (they need no
      // database and run the same on both); the server suite on Node 24 LTS, what production runs.
      ...wholeSuite(node24, 'Node 24 LTS', 'node24').slice(1),
    );
  } else if (process.env.CI) {
    failed += 1;
    failures.push('Node 24 could not be fetched from the npm registry (scripts/test-node24.sh)');
  }
}
if (vitestRuns.length === 0) vitestRuns.push(...wholeSuite(process.execPath, thisNode, 'vitest'));

const ranOn: string[] = [];
/** Issue 28 (a): the skipped tests of every run, by file and reason, listed in the summary. */
const skipped: string[] = [];
async function vitestRun(v: VitestRun) {
  const json = join(out, `${v.tag}.json`);
  const problemsFile = join(out, `${v.tag}-problems.json`);
  rmSync(json, { force: true });
  rmSync(problemsFile, { force: true });
  const ok = await run(
    `unit and integration tests (vitest on ${v.label})`,
    v.node,
    [
      join(ROOT_DIR, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${json}`,
      `--reporter=${join(ROOT_DIR, 'scripts/vitest-problems-reporter.ts')}`,
      ...(v.args ?? []),
      ...v.files,
    ],
    { VITEST_PROBLEMS_FILE: problemsFile },
  );
  let counted = false;
  if (existsSync(problemsFile)) {
    const p = JSON.parse(readFileSync(problemsFile, 'utf8')) as { skipped?: SkippedGroup[] };
    skipped.push(...skippedLines(p.skipped ?? [], `vitest on ${v.label}`));
  }
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      testResults: {
        name: string;
        assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    if (r.numFailedTests > 0) {
      // Name the failed tests here, at the end of the log, where CI's excerpt shows them.
      const named = r.testResults.flatMap((f) =>
        f.assertionResults
          .filter((a) => a.status === 'failed')
          .map((a) => failedLine(f.name, a.fullName, a.failureMessages?.[0])),
      );
      failures.push(`vitest on ${v.label}: ${r.numFailedTests} failed${named.join('')}`);
    }
    counted = r.numFailedTests > 0;
    // The database suites name their database in brackets: say on which databases they really ran.
    const all = r.testResults.flatMap((f) => f.assertionResults);
    const ran = (kind: string) =>
      all.filter((a) => a.fullName.includes(`[${kind}]`) && a.status === 'passed').length;
    ranOn.push(
      `${v.label}: ${r.numPassedTests} passed (database tests: ${ran('pglite')} on PGlite, ${ran('postgres')} on PostgreSQL)`,
    );
  }
  if (!ok && !counted) {
    failed += 1;
    // Name what failed outside the tests, here at the end of the log where CI's excerpt shows it.
    let why = 'did not complete';
    if (existsSync(problemsFile)) {
      const p = JSON.parse(readFileSync(problemsFile, 'utf8')) as {
        reason: string;
        unhandled: string[];
        modules: { file: string; errors: string[] }[];
      };
      const lines = [
        ...p.unhandled.map((e) => `unhandled: ${e}`),
        ...p.modules.flatMap((m) => m.errors.map((e) => `${m.file.replace(`${ROOT_DIR}/`, '')}: ${e}`)),
      ];
      why = `ended ${p.reason}${lines.length ? `:\n  ${lines.join('\n  ')}` : ''}`;
    }
    failures.push(`vitest on ${v.label} ${why}`);
  }
}

/** One failed test for the summary: its file, its name and the first line of its error. */
function failedLine(file: string, title: string, error?: string) {
  const first =
    stripVTControlCharacters(error ?? '')
      .split('\n')[0]
      ?.slice(0, 300) ?? '';
  return `\n  ✗ ${file.replace(`${ROOT_DIR}/`, '')} › ${title}${first ? `\n      ${first}` : ''}`;
}
interface PlaywrightSuite {
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    file: string;
    tests: { status: string; results: { error?: { message?: string } }[] }[];
  }[];
}
/** The tests Playwright counted as unexpected, from its JSON report's nested suites. */
function playwrightFailures(suite: PlaywrightSuite): { file: string; title: string; error?: string }[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((t) => t.status === 'unexpected')
      .map((t) => ({ file: spec.file, title: spec.title, error: t.results.at(-1)?.error?.message })),
  );
  return [...own, ...(suite.suites ?? []).flatMap(playwrightFailures)];
}

const serverRuns = vitestRuns.filter((v) => v.files.includes(SERVER_SUITE));
const clientRuns = vitestRuns.filter((v) => !v.files.includes(SERVER_SUITE));

/**
 * The browser tests (Playwright), then the search of their server's log, after the Vitest lanes. ADR 0194:
 * as a third lane beside them the run took longer (25 min against about 20), the lanes starving each other
 * (the mutants 911 s instead of 166 s, two server files' set-up past its 60 s limit).
 */
async function browserTests() {
  if (!existsSync(join(ROOT_DIR, 'playwright.config.ts'))) return;
  const pwJson = join(out, 'playwright.json');
  rmSync(pwJson, { force: true });
  const ok = await run(
    'browser tests (playwright)',
    bin('playwright'),
    ['test'],
    {
      PLAYWRIGHT_JSON_OUTPUT_FILE: pwJson,
      // ADR 0193: E2E_DATABASE_URL (opt-in) puts the browser tests' server on PostgreSQL; CI keeps PGlite.
    },
    { stream: true },
  );
  if (existsSync(pwJson)) {
    const r = JSON.parse(readFileSync(pwJson, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped?: number };
    } & PlaywrightSuite;
    if (r.stats.skipped) skipped.push(`  playwright: ${r.stats.skipped} skipped (test.skip in e2e/)`);
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    if (r.stats.unexpected > 0) {
      const named = playwrightFailures(r).map((t) => failedLine(t.file, t.title, t.error));
      failures.push(`playwright: ${r.stats.unexpected} failed${named.join('')}`);
    }
  }
  if (!ok && !failures.some((f) => f.startsWith('playwright'))) {
    failed += 1;
    failures.push('playwright did not complete');
  }
  // Issue 17 (ADR 0142): the Playwright stack writes its server's JSON log lines to test-results/server.log;
  // this searches them for e-mail addresses, tokens, bank account numbers and the demo password (seconds).
  if (existsSync(join(out, 'server.log'))) {
    await check('no personal data in the e2e server log (npm run check:logs)', 'npm', [
      'run',
      '--silent',
      'check:logs',
    ]);
  }
}

await Promise.all([
  (async () => {
    await staticChecks();
    for (const v of serverRuns) await vitestRun(v);
  })(),
  (async () => {
    await machineMutants();
    await documentAndBundleChecks();
    for (const v of clientRuns) await vitestRun(v);
  })(),
]);
console.log(`\nVitest: ${ranOn.join('; ')}`);
console.log(`Server suite shuffled with seed ${shuffleSeed}; replay its order with: ${replay}`);
if (!process.env.TEST_DATABASE_URL)
  console.log('(set TEST_DATABASE_URL to run the database tests on PostgreSQL too)');
await browserTests();

console.log(`\nSteps:\n${timings.join('\n')}`);
if (skipped.length) console.log(`\nSkipped:\n${skipped.join('\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`Server suite order: seed ${shuffleSeed} (replay: ${replay})`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
