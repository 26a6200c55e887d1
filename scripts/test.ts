import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT_DIR } from '../server/platform/version.ts';

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

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const res = spawnSync(command, args, { cwd: ROOT_DIR, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

function check(label: string, command: string, args: string[]) {
  if (run(label, command, args)) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

check('typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
check('lint (eslint)', bin('eslint'), ['.']);
// Issue 11: the production build's first screen stays within its brotli budget (build + measure, no browser).
check('first-screen bundle budget (npm run bench:bundle)', 'npm', ['run', '--silent', 'bench:bundle']);
// Issue 9: every non-equivalent mutant of every machine must be killed (prints `machines: K of N mutants killed`).
check('machine mutants (npm run test:mutants)', 'npm', ['run', '--silent', 'test:mutants']);

const vitestJson = join(out, 'vitest.json');
rmSync(vitestJson, { force: true });
const vitestOk = run('unit and integration tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    testResults: { assertionResults: { fullName: string; status: string }[] }[];
  };
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTests > 0) failures.push(`vitest: ${r.numFailedTests} failed`);
  // The database suites name their database in brackets: say on which databases they really ran.
  const all = r.testResults.flatMap((f) => f.assertionResults);
  const ran = (kind: string) =>
    all.filter((a) => a.fullName.includes(`[${kind}]`) && a.status === 'passed').length;
  console.log(
    `\nDatabase tests passed: ${ran('pglite')} on PGlite, ${ran('postgres')} on PostgreSQL` +
      (process.env.TEST_DATABASE_URL ? '' : ' (set TEST_DATABASE_URL to run them on PostgreSQL too)'),
  );
}
if (!vitestOk && !failures.some((f) => f.startsWith('vitest'))) {
  failed += 1;
  failures.push('vitest did not complete');
}

if (existsSync(join(ROOT_DIR, 'playwright.config.ts'))) {
  const pwJson = join(out, 'playwright.json');
  rmSync(pwJson, { force: true });
  const ok = run('browser tests (playwright)', bin('playwright'), ['test'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: pwJson,
  });
  if (existsSync(pwJson)) {
    const r = JSON.parse(readFileSync(pwJson, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    if (r.stats.unexpected > 0) failures.push(`playwright: ${r.stats.unexpected} failed`);
  }
  if (!ok && !failures.some((f) => f.startsWith('playwright'))) {
    failed += 1;
    failures.push('playwright did not complete');
  }
}

// ---- Issue 17 (ADR 0142): the e2e server's log names no person -------------------------------------
// The Playwright stack writes its server's JSON log lines to test-results/server.log; this searches them for
// e-mail addresses, tokens, bank account numbers and the demo password (a few seconds).
if (existsSync(join(out, 'server.log'))) {
  check('no personal data in the e2e server log (npm run check:logs)', 'npm', [
    'run',
    '--silent',
    'check:logs',
  ]);
}
// -----------------------------------------------------------------------------------------------------

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
