import { mkdirSync, rmSync } from 'node:fs';
import { coverageOf, generatedPaths } from '../model/paths.ts';
import { SCREENSHOT_DIR } from './paths.ts';

export default function globalSetup() {
  // Screenshots of a run replace those of the last one, so a person never looks at stale pictures.
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });

  // Printed once per run (the spec files load in every worker): what the generated paths cover.
  const paths = generatedPaths();
  const c = coverageOf(paths);
  const part = (name: string, x: { covered: number; total: number; missing: string[] }) =>
    `${name} ${x.covered}/${x.total}${x.missing.length ? ` (missing: ${x.missing.join(', ')})` : ''}`;
  console.log(
    `UI model coverage by ${paths.length} generated paths: ${part('states', c.states)}, ${part('events', c.events)}, ${part('transitions', c.transitions)}`,
  );
}
