import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';
import { type SkippedGroup, skipReason } from './skip-reasons.ts';

/** The skipped tests of a run, by file and reason. */
export function skippedGroups(testModules: ReadonlyArray<TestModule>, root = process.cwd()): SkippedGroup[] {
  const groups = new Map<string, SkippedGroup>();
  for (const m of testModules) {
    for (const test of m.children.allTests()) {
      const result = test.result();
      if (result.state !== 'skipped') continue;
      const reason = skipReason(test.fullName, result.note, test.options.mode);
      const file = relative(root, m.moduleId);
      const key = `${file}\u0000${reason}`;
      const group = groups.get(key) ?? { file, reason, tests: 0, example: test.fullName };
      group.tests += 1;
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/**
 * A Vitest reporter for `npm test` (scripts/test.ts): writes what made a run fail other than a failing test
 * (an error outside any test, a test file that could not run, a run cut short) to the JSON file named by
 * VITEST_PROBLEMS_FILE, so that the end of the CI log can name it. Vitest's JSON reporter counts tests
 * only: a run that failed for one of these reasons otherwise shows "0 failed" and a non-zero exit.
 *
 * Issue 28 (a): it also writes the skipped tests, by file and reason (scripts/skip-reasons.ts), which the
 * summary of `npm test` lists: a suite that skips because PostgreSQL or Redis is missing is not silent.
 */
export default class ProblemsReporter implements Reporter {
  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    reason: TestRunEndReason,
  ): void {
    const file = process.env.VITEST_PROBLEMS_FILE;
    if (!file) return;
    const brief = (e: SerializedError) =>
      `${e.name ?? 'Error'}: ${e.message ?? ''}${e.stack ? `\n${e.stack.split('\n').slice(1, 4).join('\n')}` : ''}`;
    const modules = testModules
      .filter((m) => m.errors().length > 0 || m.state() === 'failed')
      .map((m) => ({
        file: m.moduleId,
        state: m.state(),
        // A failed `beforeAll` or `afterAll` is the suite's error: its tests are skipped, not failed.
        errors: [
          ...m.errors().map(brief),
          ...[...m.children.allSuites()].flatMap((suite) =>
            suite.errors().map((e) => `${suite.fullName}: ${brief(e)}`),
          ),
        ],
      }))
      // A module that failed only through its tests is already counted as failed tests.
      .filter((m) => m.errors.length > 0);
    const skipped = skippedGroups(testModules);
    writeFileSync(
      file,
      JSON.stringify({ reason, unhandled: unhandledErrors.map(brief), modules, skipped }, null, 2),
    );
  }
}
