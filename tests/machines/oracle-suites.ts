import type { OracleSuite } from './oracle-harness.ts';
import { adWizardSuite } from './oracles/adWizard.ts';
import { authSuite } from './oracles/auth.ts';
import { requestSuite } from './oracles/request.ts';
import { sideMenuSuite } from './oracles/sideMenu.ts';

/** The machines' oracle suites (model.test.ts runs them; tests/machines/run-mutants.ts runs them on mutants). */
export const ORACLE_SUITES = [
  authSuite,
  sideMenuSuite,
  requestSuite,
  adWizardSuite,
] as unknown as OracleSuite<unknown, unknown, unknown>[];
