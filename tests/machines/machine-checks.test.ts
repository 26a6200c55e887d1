import { describe, it } from 'vitest';
import { MACHINE_CHECKS } from './machine-checks.ts';
import { ORACLE_SUITES } from './oracle-suites.ts';

/** Issue 28 (g): the single-path checks that kill source mutants hold on the real machines. */
describe('issue 28 (g): what guards and assigns compute, on the real machines', () => {
  for (const suite of ORACLE_SUITES) {
    for (const check of MACHINE_CHECKS[suite.name] ?? []) {
      it(`issue 28 (g): ${suite.name}: ${check.name}`, () => check.run(suite.machine));
    }
  }
});
