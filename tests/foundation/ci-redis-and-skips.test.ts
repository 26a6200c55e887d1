import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/platform/version.ts';
import { NO_REASON, skippedLines, skipReason } from '../../scripts/skip-reasons.ts';

/**
 * Issue 28 (a), ADR 0163: CI runs the Redis suites (.ci/run installs and starts Redis), and where they
 * still skip, the summary of `npm test` says which tests and why.
 */
describe('issue 28 (a): skipped tests are listed with their reason', () => {
  it('issue 28 (a): a skipped suite gets the reason its names state, for what this environment lacks', () => {
    const noDatabase = {};
    expect(
      skipReason(
        'database client [postgres] (needs TEST_DATABASE_URL) > ends idle',
        undefined,
        'skip',
        noDatabase,
      ),
    ).toMatch(/needs PostgreSQL: TEST_DATABASE_URL is not set/);
    expect(skipReason('throttle store [redis] > counts', undefined, 'skip', noDatabase)).toMatch(
      /needs Redis/,
    );
    // Both, when the journey needs both and neither is there.
    const both = skipReason(
      'the main journey (issue 17) [postgres] [redis] > signs up',
      undefined,
      'skip',
      noDatabase,
    );
    expect(both).toMatch(/PostgreSQL.*; needs Redis/);
    // With PostgreSQL configured, only Redis is missing.
    expect(
      skipReason('the main journey (issue 17) [postgres] [redis] > signs up', undefined, 'skip', {
        TEST_DATABASE_URL: 'postgres://x',
      }),
    ).not.toMatch(/PostgreSQL/);
    expect(skipReason('money [pglite] > approvals do not wait', undefined, 'skip', noDatabase)).toMatch(
      /PostgreSQL only/,
    );
  });

  it('issue 28 (a): a note given to ctx.skip wins, todo says so, and a bare skip says it has no reason', () => {
    expect(skipReason('x > y', 'Stripe is not configured', 'skip')).toBe('Stripe is not configured');
    expect(skipReason('x > y', undefined, 'todo')).toBe('todo');
    expect(skipReason('x > y', undefined, 'skip')).toBe(NO_REASON);
    expect(
      skippedLines(
        [{ file: 'tests/server/a.test.ts', reason: 'needs Redis', tests: 3, example: 'a > b' }],
        'vitest',
      ),
    ).toEqual(['  vitest: tests/server/a.test.ts: 3 skipped — needs Redis (e.g. "a > b")']);
  });

  it('issue 28 (a): `npm test` prints the skipped tests in its summary, from the reporter of every Vitest run', () => {
    const testScript = readFileSync(join(ROOT_DIR, 'scripts/test.ts'), 'utf8');
    expect(testScript).toMatch(/Skipped:/);
    expect(testScript).toMatch(/skippedLines\(/);
    const reporter = readFileSync(join(ROOT_DIR, 'scripts/vitest-problems-reporter.ts'), 'utf8');
    expect(reporter).toMatch(/skipReason\(test\.fullName, result\.note/);
  });
});

describe('issue 28 (a): .ci/run provides Redis', () => {
  const ci = readFileSync(join(ROOT_DIR, '.ci/run'), 'utf8');

  it('issue 28 (a): installs redis-server from Debian where it is missing', () => {
    expect(ci).toMatch(/command -v redis-server >\/dev\/null; then need_apt\+=\(redis-server\)/);
  });

  it('issue 28 (a): starts it on 127.0.0.1:6379 without persistence when it is installed but stopped, and exports REDIS_URL', () => {
    expect(ci).toContain(
      'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
    );
    expect(ci).toContain('export REDIS_URL="redis://127.0.0.1:6379"');
    // The tests find Redis the same way (tests/support/processes.ts).
    const support = readFileSync(join(ROOT_DIR, 'tests/support/processes.ts'), 'utf8');
    expect(support).toContain("process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'");
    // The browser stack stays on memory: its throttles must not outlive a run.
    expect(readFileSync(join(ROOT_DIR, 'e2e/support/stack.ts'), 'utf8')).toMatch(/REDIS_URL: ''/);
  });
});
