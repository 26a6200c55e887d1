import { runMutants } from './mutants-run.ts';
import { ORACLE_SUITES } from './oracle-suites.ts';

/**
 * `npm run test:mutants`: every mutant of authMachine, sideMenuMachine, requestMachine and adWizardMachine (dropped or
 * retargeted transitions, negated or dropped guards, dropped actions; tests/machines/mutation.ts)
 * against that machine's oracle path tests (tests/machines/model.test.ts), in-process. Fails when a
 * mutant survives that tests/machines/equivalent-mutants.ts does not list, or a listed one is killed.
 */

const started = Date.now();
let killed = 0;
let total = 0;
let failed = false;

for (const suite of ORACLE_SUITES) {
  const t0 = Date.now();
  const run = await runMutants(suite);
  const k = run.results.filter((r) => r.killed).length;
  killed += k;
  total += run.results.length;
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
console.log(`machines: ${killed} of ${total} mutants killed`);
process.exit(failed ? 1 : 0);
