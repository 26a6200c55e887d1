import type { AnyStateMachine } from 'xstate';
import { EQUIVALENT_MUTANTS } from './equivalent-mutants.ts';
import { type Mutant, mutantsOf } from './mutation.ts';
import type { GeneratedPath } from './model-harness.ts';
import { type OracleSuite, runSuite, suitePaths } from './oracle-harness.ts';

/**
 * The mutation run shared by scripts/mutants.ts and tests/machines/mutants.test.ts: every mutant of a
 * machine against that machine's oracle path tests, in-process.
 */

export interface MutantResult {
  mutant: Mutant;
  killed: boolean;
  /** The path and step that told the mutant apart (for a killed one). */
  by?: string;
}

export interface MachineRun {
  name: string;
  paths: number;
  results: MutantResult[];
  survivors: MutantResult[];
  equivalent: MutantResult[];
  /** Listed as equivalent but killed: the list is out of date. */
  staleEquivalents: string[];
}

/** Kills (or not) one mutant. `paths` is reordered: the path that killed it is tried first next time. */
export async function tryMutant(
  suite: OracleSuite<unknown, unknown, unknown>,
  machine: AnyStateMachine,
  paths: GeneratedPath<unknown>[],
): Promise<{ killed: boolean; by?: string }> {
  const result = await runSuite(suite, machine, paths);
  if (result.passed) return { killed: false };
  const index = paths.findIndex((p) => p.name === result.failure?.path);
  if (index > 0) paths.unshift(...paths.splice(index, 1));
  return { killed: true, by: `${result.failure?.path} @ ${result.failure?.step}` };
}

export async function runMutants(
  suite: OracleSuite<unknown, unknown, unknown>,
  options: { only?: (m: Mutant) => boolean } = {},
): Promise<MachineRun> {
  const paths = suitePaths(suite);
  const mutants = mutantsOf(suite.machine).filter(options.only ?? (() => true));
  const results: MutantResult[] = [];
  for (const mutant of mutants) results.push({ mutant, ...(await tryMutant(suite, mutant.machine, paths)) });
  const listed = EQUIVALENT_MUTANTS[suite.name] ?? {};
  const alive = results.filter((r) => !r.killed);
  return {
    name: suite.name,
    paths: paths.length,
    results,
    survivors: alive.filter((r) => !(r.mutant.id in listed)),
    equivalent: alive.filter((r) => r.mutant.id in listed),
    staleEquivalents: results.filter((r) => r.killed && r.mutant.id in listed).map((r) => r.mutant.id),
  };
}
