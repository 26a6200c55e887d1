import { join } from 'node:path';
import { ROOT_DIR } from '../../server/platform/version.ts';

/** Screenshots for people to look at (not committed; test-results/ is ignored). */
export const SCREENSHOT_DIR = join(ROOT_DIR, 'test-results/screenshots');
