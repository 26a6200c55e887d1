import { writeFileSync } from 'node:fs';
import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * A Vitest reporter for `npm test` (scripts/test.ts): writes what made a run fail other than a failing test
 * (an error outside any test, a test file that could not run, a run cut short) to the JSON file named by
 * VITEST_PROBLEMS_FILE, so that the end of the CI log can name it. Vitest's JSON reporter counts tests
 * only: a run that failed for one of these reasons otherwise shows "0 failed" and a non-zero exit.
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
        errors: m.errors().map(brief),
      }))
      // A module that failed only through its tests is already counted as failed tests.
      .filter((m) => m.errors.length > 0);
    writeFileSync(file, JSON.stringify({ reason, unhandled: unhandledErrors.map(brief), modules }, null, 2));
  }
}
