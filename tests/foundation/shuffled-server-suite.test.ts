import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/platform/version.ts';

/** Issue 28 (3), ADR 0174: `npm test` runs the server suite shuffled once, its seed printed for a replay. */
describe('issue 28 (3): the server suite runs shuffled in npm test', () => {
  const script = readFileSync(join(ROOT_DIR, 'scripts/test.ts'), 'utf8');

  it('runs tests/server in a run of its own with --sequence.shuffle and a seed (TEST_SHUFFLE_SEED or drawn)', () => {
    expect(script).toMatch(/const SERVER_SUITE = 'tests\/server'/);
    expect(script).toMatch(/'--sequence\.shuffle', `--sequence\.seed=\$\{shuffleSeed\}`/);
    expect(script).toMatch(/process\.env\.TEST_SHUFFLE_SEED/);
    // The whole suite, shuffled: no file runs in order any more (ADR 0174, second addendum).
    expect(script).toMatch(/files: \[SERVER_SUITE\][\s\S]{0,80}args: \[\.\.\.shuffled, \.\.\.serverPool\],/);
    // Issue 28 (CI time), ADR 0193: its files share worker processes, three of them.
    expect(script).toMatch(/const serverPool = \['--no-isolate', '--maxWorkers=3'\]/);
    expect(script).not.toMatch(/IN_ORDER_FOR_NOW/);
    // Every Vitest run passes its extra arguments on.
    expect(script).toMatch(/\.\.\.\(v\.args \?\? \[\]\)/);
  });

  it('prints the seed and the command that replays the order in the summary', () => {
    expect(script).toMatch(
      /npx vitest run \$\{SERVER_SUITE\} \$\{serverPool\.join\(' '\)\} --sequence\.shuffle --sequence\.seed=\$\{shuffleSeed\}/,
    );
    expect(script).toMatch(
      /console\.log\(`Server suite order: seed \$\{shuffleSeed\} \(replay: \$\{replay\}\)`\)/,
    );
  });

  it('the README says how to replay a shuffled run', () => {
    const readme = readFileSync(join(ROOT_DIR, 'README.md'), 'utf8');
    expect(readme).toContain('npx vitest run tests/server --sequence.shuffle --sequence.seed=N');
  });
});
