import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { sideMenuMachine } from '../../machines/sideMenuMachine.ts';
import { EQUIVALENT_MUTANTS } from './equivalent-mutants.ts';
import { type Mutant, mutantsOf, type Operator, statesNaming } from './mutation.ts';
import { runMutants, sourceMutantsOf, tryMutant } from './mutants-run.ts';
import { suitePaths } from './oracle-harness.ts';
import { ORACLE_SUITES } from './oracle-suites.ts';
import { requestSuite } from './oracles/request.ts';
import { sideMenuSuite } from './oracles/sideMenu.ts';
import { machineFile, sourceEditsOf } from './source-mutation.ts';

/**
 * The mutation runner itself (tests/machines/run-mutants.ts), on samples small enough for every test run: it
 * must kill a mutant of each operator, leave the real machine alone, and keep the list of
 * equivalent mutants in step with the mutants it generates. The full run is `npm run test:mutants`.
 */

type AnySuite = (typeof ORACLE_SUITES)[number];
const menu = sideMenuSuite as unknown as AnySuite;

describe('mutation runner (tests the seed spec §2/§4 side-menu oracle on mutants)', () => {
  it('the real machines pass their own oracle paths (no false kill)', async () => {
    for (const suite of ORACLE_SUITES) {
      if (suite.name === 'authMachine') continue; // 1000+ paths: model.test.ts runs them
      const result = await tryMutant(suite, suite.machine, suitePaths(suite));
      expect(result, suite.name).toEqual({ killed: false });
    }
  });

  it('kills a hand-made mutant: "menu.navigated" closes at once instead of 100 ms later (seed spec §2, §9)', async () => {
    type Cfg = { states: Record<string, { on: Record<string, unknown> }> };
    const cfg = sideMenuMachine.config as unknown as Cfg;
    const open = cfg.states.open!;
    const mutated = {
      ...cfg,
      states: { ...cfg.states, open: { ...open, on: { ...open.on, 'menu.navigated': 'closed' } } },
    };
    const mutant = createMachine(mutated as never, sideMenuMachine.implementations as never);
    const result = await tryMutant(menu, mutant as never, suitePaths(menu));
    expect(result.killed).toBe(true);
    expect(result.by).toContain('navigated');
  });

  it('generates and kills at least one side-menu mutant of every operator', async () => {
    const byOperator = new Map<Operator, Mutant>();
    for (const m of mutantsOf(sideMenuMachine))
      if (!byOperator.has(m.operator)) byOperator.set(m.operator, m);
    // The menu has no guards; the request machine's first guarded transition stands in for them.
    for (const m of mutantsOf(requestSuite.machine)) {
      if ((m.operator === 'negate-guard' || m.operator === 'drop-guard') && !byOperator.has(m.operator)) {
        byOperator.set(m.operator, m);
      }
    }
    expect([...byOperator.keys()].sort()).toEqual([
      'drop-action',
      'drop-guard',
      'drop-transition',
      'negate-guard',
      'retarget',
    ]);
    for (const mutant of byOperator.values()) {
      const suite =
        mutant.id.startsWith('drop-guard request') || mutant.id.startsWith('negate-guard request')
          ? (requestSuite as unknown as AnySuite)
          : menu;
      const result = await tryMutant(suite, mutant.machine, suitePaths(suite));
      expect(result.killed, mutant.id).toBe(true);
    }
  });

  it('the whole side-menu run: every mutant killed, none listed as equivalent', async () => {
    const run = await runMutants(menu);
    expect(run.results.length).toBeGreaterThan(40);
    expect(run.survivors.map((r) => r.mutant.id)).toEqual([]);
    expect(run.staleEquivalents).toEqual([]);
  });

  it('every listed equivalent mutant is one the generator makes (the list is not stale)', () => {
    for (const suite of ORACLE_SUITES) {
      const file = machineFile(suite.name);
      const ids = new Set([
        ...mutantsOf(suite.machine).map((m) => m.id),
        ...sourceEditsOf(readFileSync(file, 'utf8'), file).map((e) => e.id),
      ]);
      for (const id of Object.keys(EQUIVALENT_MUTANTS[suite.name] ?? {})) expect(ids.has(id), id).toBe(true);
    }
  });

  it('issue 28 (g): source mutants change what guards and assigns compute, and are killed', async () => {
    const request = requestSuite as unknown as AnySuite;
    const guards = await sourceMutantsOf(request, (id) => id.startsWith('guard-condition canRefresh'));
    expect(guards.map((m) => m.id)).toContain('guard-condition canRefresh: r.status === 401 [=== → !==]');
    const assigns = await sourceMutantsOf(menu, (id) => id.startsWith('assign-body'));
    expect(assigns.map((m) => m.id)).toEqual(['assign-body setAppearance: drop appearance']);
    for (const [suite, mutants] of [
      [request, guards],
      [menu, assigns],
    ] as const) {
      for (const mutant of mutants) {
        const result = await tryMutant(suite, mutant.machine, suitePaths(suite));
        expect(result.killed, mutant.id).toBe(true);
      }
    }
  });

  it('ADR 0195: a mutant names the states it changes, so the paths through them are tried first', async () => {
    const auth = ORACLE_SUITES.find((s) => s.name === 'authMachine')!;
    const fetching = mutantsOf(auth.machine).find((m) =>
      m.id.startsWith('drop-transition auth.restoring.fetchingUser onDone(fetchMe)'),
    );
    expect(fetching?.states).toEqual(['auth.restoring.fetchingUser']);
    // restoreStored is named only where the stored token's refresh answers.
    expect(statesNaming(auth.machine, 'restoreStored')).toEqual(['auth.restoring.refreshingToken']);
    // applyToken also answers auth.tokenChanged on the machine's root.
    expect(statesNaming(auth.machine, 'applyToken')).toEqual(
      expect.arrayContaining(['auth', 'auth.restoring.refreshingToken']),
    );
    const [restore] = await sourceMutantsOf(auth, (id) => id.startsWith('assign-body restoreStored'));
    expect(restore?.states).toEqual(['auth.restoring.refreshingToken']);
  });

  it('issue 28 (g): a mutant the oracle paths miss is killed by a single-path check (tests/machines/machine-checks.ts)', async () => {
    const wizard = ORACLE_SUITES.find((s) => s.name === 'adWizardMachine')!;
    const [mutant] = await sourceMutantsOf(wizard, (id) => id.startsWith('assign-body resume: drop isFirst'));
    const result = await tryMutant(wizard, mutant!.machine, suitePaths(wizard));
    expect(result.killed).toBe(true);
    expect(result.by).toMatch(/^check: a loaded request keeps its status/);
  });
});
