import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The build's version: package version plus the git commit when there is one. The SPA bakes the same
 * value in at build time (vite.config.ts), so a server answering with another value means the tab runs
 * an outdated build (seed spec section 4: "A response app-version header differing from the built
 * version flags an incorrect version").
 */
export function computeAppVersion(root = ROOT_DIR): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return sha ? `${pkg.version}+${sha}` : pkg.version;
  } catch {
    return pkg.version;
  }
}

/**
 * The build's files that are not for the public (issue 10 item 10): source maps, the Vite manifest, the
 * build stamp, the route list and the prerender worker go to `<outDir>-meta/`, beside the served folder.
 */
export const metaDirOf = (dir: string) => `${dir.replace(/\/+$/, '')}-meta`;
