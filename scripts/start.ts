import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { computeAppVersion, metaDirOf, ROOT_DIR } from '../server/platform/version.ts';

/**
 * `npm start`: builds the SPA when the build is missing or stale, then starts the server
 * (which migrates and seeds the embedded database on first start).
 */
const BUILD_INPUTS = [
  'index.html',
  'vite.config.ts',
  'package.json',
  'src',
  'machines',
  'contracts',
  'public',
  // The build's own plugins (ADR 0154, ADR 0155).
  'scripts/vite-route-preloads.ts',
  'scripts/vite-ssr-worker.ts',
];
// The stamp lives beside the served folder, not in it (issue 10 item 10; vite.config.ts).
const stamp = join(metaDirOf(join(ROOT_DIR, 'dist/client')), 'build.json');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), st.mtimeMs);
}

function buildIsStale(): string | null {
  if (!existsSync(stamp)) return 'no build yet';
  const built = JSON.parse(readFileSync(stamp, 'utf8')) as { version?: string };
  if (built.version !== computeAppVersion()) return 'the version changed';
  const builtAt = statSync(stamp).mtimeMs;
  const changed = BUILD_INPUTS.find((p) => newestMtime(join(ROOT_DIR, p)) > builtAt);
  return changed ? `${changed} changed` : null;
}

const reason = buildIsStale();
if (reason) {
  console.log(`Building the SPA (${reason})…`);
  execFileSync(process.execPath, [join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
}
const { main } = await import('../server/main.ts');
await main();
