import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT_DIR } from '../server/platform/version.ts';

/**
 * `npm run dev`: the API in watch mode (tsx watch) on API_PORT (default 3000) and Vite with hot reload
 * on :5173, which proxies /api to it. Ctrl-C stops both.
 */
const apiPort = process.env.API_PORT ?? '3000';
const children = [
  spawn(
    process.execPath,
    [join(ROOT_DIR, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'],
    {
      cwd: ROOT_DIR,
      stdio: 'inherit',
      env: { ...process.env, PORT: apiPort },
    },
  ),
  spawn(process.execPath, [join(ROOT_DIR, 'node_modules/vite/bin/vite.js')], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
