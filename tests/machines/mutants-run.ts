import { readFileSync } from 'node:fs';
import type { AnyStateMachine } from 'xstate';
import { EQUIVALENT_MUTANTS } from './equivalent-mutants.ts';
import { failedCheck } from './machine-checks.ts';
import { type Mutant, mutantsOf, statesNaming } from './mutation.ts';
import type { GeneratedPath } from './model-harness.ts';
import { type OracleSuite, runSuite, suitePaths } from './oracle-harness.ts';
import { loadSourceMutant, machineFile, sourceEditsOf } from './source-mutation.ts';

/**
 * The mutation run shared by tests/machines/run-mutants.ts (`npm run test:mutants`) and
 * tests/machines/mutants.test.ts: every mutant of a machine (the structural ones of mutation.ts and the
 * source ones of source-mutation.ts) against that machine's oracle path tests, in-process.
 */

/** The source mutants of a suite's machine (machines/<name>.ts), built and loaded. */
export async function sourceMutantsOf(
  suite: OracleSuite<unknown, unknown, unknown>,
  only: (id: string) => boolean = () => true,
): Promise<Mutant[]> {
  const file = machineFile(suite.name);
  const edits = sourceEditsOf(readFileSync(file, 'utf8'), file).filter((e) => only(e.id));
  const out: Mutant[] = [];
  for (const edit of edits) {
    // ADR 0195: the states that name the edited guard or action (`assign-body name: …`); inline ones unknown.
    const name = /^\S+ ([A-Za-z_$][\w$]*):/.exec(edit.id)?.[1];
    const states = name ? statesNaming(suite.machine, name) : [];
    out.push({
      id: edit.id,
      operator: edit.operator,
      machine: await loadSourceMutant(file, suite.name, edit),
      ...(states.length ? { states } : {}),
    });
  }
  return out;
}

/** The ids of the state nodes active after some step of a path (its snapshots; transient states are not seen). */
function activeStates(path: GeneratedPath<unknown>): Set<string> {
  const ids = new Set<string>();
  for (const step of path.steps) {
    for (const node of (step.state as unknown as { _nodes?: { id: string }[] })._nodes ?? [])
      ids.add(node.id);
  }
  return ids;
}

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

/**
 * Kills (or not) one mutant. `paths` is reordered: the path that killed it is tried first next time.
 * `first` (a test on a path) puts the paths it picks before the others, keeping their order; every path is
 * still tried before a mutant counts as surviving.
 */
export async function tryMutant(
  suite: OracleSuite<unknown, unknown, unknown>,
  machine: AnyStateMachine,
  paths: GeneratedPath<unknown>[],
  first?: (path: GeneratedPath<unknown>) => boolean,
): Promise<{ killed: boolean; by?: string }> {
  const order = first ? [...paths.filter(first), ...paths.filter((p) => !first(p))] : paths;
  const result = await runSuite(suite, machine, order);
  if (result.passed) {
    // Issue 28 (g): single-path checks of what guards and assigns compute (tests/machines/machine-checks.ts).
    const failed = await failedCheck(suite.name, machine);
    return failed ? { killed: true, by: `check: ${failed}` } : { killed: false };
  }
  const index = paths.findIndex((p) => p.name === result.failure?.path);
  if (index > 0) paths.unshift(...paths.splice(index, 1));
  return { killed: true, by: `${result.failure?.path} @ ${result.failure?.step}` };
}

export async function runMutants(
  suite: OracleSuite<unknown, unknown, unknown>,
  options: { only?: (m: { id: string; operator: string }) => boolean } = {},
): Promise<MachineRun> {
  const paths = suitePaths(suite);
  const only = options.only ?? (() => true);
  const mutants = [
    ...mutantsOf(suite.machine).filter(only),
    ...(await sourceMutantsOf(suite, (id) => only({ id, operator: id.split(' ')[0]! }))),
  ];
  // ADR 0195: a structural mutant changes what one state does, so only a path on which that state is active
  // can kill it; those paths go first (authMachine's restoring states are on a few of its 4,428 paths, which
  // came last). The order changes how soon a mutant is killed, never whether.
  const statesOf = new Map(paths.map((p) => [p, activeStates(p)]));
  const results: MutantResult[] = [];
  for (const mutant of mutants) {
    const states = mutant.states;
    const first = states
      ? (p: GeneratedPath<unknown>) => states.some((s) => statesOf.get(p)!.has(s))
      : undefined;
    results.push({ mutant, ...(await tryMutant(suite, mutant.machine, paths, first)) });
  }
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
