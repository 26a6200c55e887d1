import { afterAll, describe, expect, it } from 'vitest';
import { coverageOf, formatCoverage, stepLabel } from './model-harness.ts';
import { pathSteps, replayWithOracle, suitePaths } from './oracle-harness.ts';
import { ORACLE_SUITES } from './oracle-suites.ts';

/**
 * Seed spec sections 2, 3, 4, 7 and 8, as generated paths. The paths come from each machine's graph
 * (xstate/graph); what must be observed after every step (storage keys, navigation, API calls,
 * toasts, the context the UI reads) comes from the hand-written oracles in ./oracles, never from
 * the machine's own snapshots. Every state and transition is reached, and the coverage is printed.
 */

const SECTIONS: Record<string, string> = {
  authMachine: 'seed spec sections 3, 4, 7, 8',
  sideMenuMachine: 'seed spec sections 2, 4, 9',
  requestMachine: 'seed spec sections 4, 7, 8',
  adWizardMachine: 'issue 13, product design section 3',
};

const report: string[] = [];

afterAll(() => {
  console.log(`\nModel-based coverage (xstate/graph):\n${report.map((l) => `  ${l}`).join('\n')}\n`);
});

for (const suite of ORACLE_SUITES) {
  const paths = suitePaths(suite);
  describe(`${suite.name} — generated paths checked by the oracle (${SECTIONS[suite.name]})`, () => {
    for (const path of paths) {
      const probe = suite.probe.map(stepLabel).join(' → ');
      it(`${path.name} ⟶ probe ${probe}`, async () => {
        const mismatch = await replayWithOracle(suite, suite.machine, path);
        const steps = pathSteps(path, suite.probe).map(stepLabel);
        // On failure the diff shows the first step whose observation differs from the oracle.
        expect(mismatch && { step: mismatch.step, observed: mismatch.actual }, steps.join(' → ')).toEqual(
          mismatch && { step: mismatch.step, observed: mismatch.expected },
        );
      });
    }
    it(`${suite.name} reaches every state and every transition (prints coverage)`, () => {
      const coverage = coverageOf(suite.machine, paths);
      report.push(`${formatCoverage(suite.name, coverage)}, ${paths.length} paths`);
      expect(coverage.states.missing).toEqual([]);
      expect(coverage.transitions.missing).toEqual([]);
    });
  });
}
