/**
 * Issue 28 (a), ADR 0163: why a test was skipped, for the summary of `npm test`. A test skipped with
 * `ctx.skip(note)` gives its note. A suite skipped by `describe.skipIf/runIf` has no note in Vitest, so it
 * names what it needs, as the suites already do: `[postgres]` or "TEST_DATABASE_URL", `[redis]` or "Redis",
 * and a PostgreSQL-only test inside a `[pglite]` suite. Every reason that matches the names is given.
 */
export interface SkipRule {
  /** Matched against the test's full name (its suites' names and its own). */
  names: RegExp;
  /** Whether the requirement is missing in this environment (the rule only applies then). */
  missing: (env: NodeJS.ProcessEnv) => boolean;
  reason: string;
}

export const SKIP_RULES: readonly SkipRule[] = [
  {
    names: /\[postgres\]|TEST_DATABASE_URL|needs PostgreSQL/,
    missing: (env) => !env.TEST_DATABASE_URL,
    reason: 'needs PostgreSQL: TEST_DATABASE_URL is not set (.ci/run sets it)',
  },
  {
    names: /\[redis\]|\bRedis\b/,
    missing: () => true,
    reason: 'needs Redis: nothing answers at REDIS_URL, else 127.0.0.1:6379 (.ci/run starts it)',
  },
  {
    names: /\[pglite\]/,
    missing: () => true,
    reason: 'PostgreSQL only: skipped in the PGlite run of its suite',
  },
];

export const NO_REASON = 'skipped in code without a reason in its name (skipIf/runIf, .skip or .todo)';

/** The reasons for one skipped test: its note, else every rule its names match, else NO_REASON. */
export function skipReason(
  fullName: string,
  note: string | undefined,
  mode: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string {
  if (note) return note;
  if (mode === 'todo') return 'todo';
  const reasons = SKIP_RULES.filter((r) => r.names.test(fullName) && r.missing(env)).map((r) => r.reason);
  return reasons.length > 0 ? reasons.join('; ') : NO_REASON;
}

export interface SkippedGroup {
  file: string;
  reason: string;
  tests: number;
  /** The first skipped test's full name, as an example. */
  example: string;
}

/** The lines `npm test` prints: one per file and reason, with the count. */
export function skippedLines(groups: readonly SkippedGroup[], label: string): string[] {
  return groups.map((g) => `  ${label}: ${g.file}: ${g.tests} skipped — ${g.reason} (e.g. "${g.example}")`);
}
