import { runMutants } from './mutants-run.ts';
import { ORACLE_SUITES } from './oracle-suites.ts';

/**
 * `npm run test:mutants`: every mutant of authMachine, sideMenuMachine, requestMachine and adWizardMachine
 * against that machine's oracle path tests (tests/machines/model.test.ts), in-process: the structure
 * (dropped or retargeted transitions, negated or dropped guards, dropped actions; tests/machines/mutation.ts)
 * and, issue 28 (g), what guards and assigns compute (their conditions and assigned values, edited in the
 * source; tests/machines/source-mutation.ts), which the single-path checks of machine-checks.ts also try.
 * Fails when a mutant survives that tests/machines/equivalent-mutants.ts does not list, or a listed one is
 * killed. Prints the score: killed of the non-equivalent mutants, by operator.
 */

const started = Date.now();
let killed = 0;
let total = 0;
let equivalent = 0;
let failed = false;
const byOperator = new Map<string, { killed: number; total: number }>();

for (const suite of ORACLE_SUITES) {
  const t0 = Date.now();
  const run = await runMutants(suite);
  const k = run.results.filter((r) => r.killed).length;
  killed += k;
  total += run.results.length;
  equivalent += run.equivalent.length;
  for (const r of run.results) {
    const o = byOperator.get(r.mutant.operator) ?? { killed: 0, total: 0 };
    o.total += 1;
    if (r.killed) o.killed += 1;
    byOperator.set(r.mutant.operator, o);
  }
  console.log(
    `${run.name}: ${k} of ${run.results.length} mutants killed, ${run.equivalent.length} equivalent (listed), ` +
      `${run.survivors.length} surviving; ${run.paths} paths; ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  for (const r of run.equivalent) console.log(`  equivalent: ${r.mutant.id}`);
  for (const r of run.survivors) console.log(`  SURVIVED: ${r.mutant.id}`);
  for (const id of run.staleEquivalents) console.log(`  KILLED BUT LISTED AS EQUIVALENT: ${id}`);
  if (run.survivors.length || run.staleEquivalents.length) failed = true;
}

console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s)`);
console.log(`by operator: ${[...byOperator].map(([op, o]) => `${op} ${o.killed}/${o.total}`).join(', ')}`);
const score = total - equivalent > 0 ? (100 * killed) / (total - equivalent) : 100;
console.log(
  `mutation score: ${score.toFixed(1)}% (${killed} killed of ${total - equivalent} non-equivalent)`,
);
console.log(`machines: ${killed} of ${total} mutants killed`);
process.exit(failed ? 1 : 0);
