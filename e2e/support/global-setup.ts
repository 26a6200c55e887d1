import { mkdirSync, rmSync } from 'node:fs';
import { SCREENSHOT_DIR } from './paths.ts';

/** Screenshots of a run replace those of the last one, so a person never looks at stale pictures. */
export default function globalSetup() {
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
}
