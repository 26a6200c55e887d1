import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { sideMenuMachine } from '../../machines/sideMenuMachine.ts';
import { EQUIVALENT_MUTANTS } from './equivalent-mutants.ts';
import { type Mutant, mutantsOf, type Operator } from './mutation.ts';
import { runMutants, tryMutant } from './mutants-run.ts';
import { suitePaths } from './oracle-harness.ts';
import { ORACLE_SUITES } from './oracle-suites.ts';
import { requestSuite } from './oracles/request.ts';
import { sideMenuSuite } from './oracles/sideMenu.ts';

/**
 * The mutation runner itself (scripts/mutants.ts), on samples small enough for every test run: it
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
      const ids = new Set(mutantsOf(suite.machine).map((m) => m.id));
      for (const id of Object.keys(EQUIVALENT_MUTANTS[suite.name] ?? {})) expect(ids.has(id), id).toBe(true);
    }
  });
});
