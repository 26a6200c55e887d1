import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { loadEnv } from '../../server/platform/env.ts';
import { startServer } from '../../server/main.ts';
import { ROOT_DIR } from '../../server/platform/version.ts';
import { createRunDatabase } from './run-database.ts';
import { startFakes } from './fakes.ts';
import { E2E_APP_SECRET, E2E_APP_VERSION, E2E_CONTACT_MAIL_TO, stackPorts } from './ports.ts';

/**
 * The system under test, started by Playwright's `webServer`: the local outside world (SMTP,
 * reCAPTCHA verify, OAuth provider), the production build of the SPA, then the real server
 * (server/main.ts startServer) on a fresh embedded database in a temporary DATA_DIR, which the server
 * seeds with the demo accounts on its first start. The temporary directory goes when the process ends.
 */
const ports = stackPorts();
// NOTE: a build of its own, not dist/client: `npm start`, `npm run build` or another run's build empty
// dist/client while they work, which would pull the SPA from under a running suite. E2E_CLIENT_DIR gives a
// run a build of its own when several runs share one checkout (each would otherwise rebuild the other's).
const CLIENT_DIR = process.env.E2E_CLIENT_DIR
  ? resolve(ROOT_DIR, process.env.E2E_CLIENT_DIR)
  : join(ROOT_DIR, 'dist/e2e-client');
const dataDir = mkdtempSync(join(tmpdir(), 'focustar-e2e-'));
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));

const fakes = await startFakes(ports.aux);

/*
 * Issue 28 (CI time), ADR 0193: with E2E_DATABASE_URL (an admin URL of a PostgreSQL server; .ci/run passes
 * TEST_DATABASE_URL's) the server runs on a database of its own there, created now and dropped when the
 * stack stops, instead of PGlite. PGlite runs inside the server's process, so every query of two browsers
 * took the server's one core; PostgreSQL works in processes of its own, as in production.
 */
const e2eDatabase = process.env.E2E_DATABASE_URL
  ? await createRunDatabase(process.env.E2E_DATABASE_URL)
  : null;
const recaptchaOff = process.env.E2E_RECAPTCHA === 'off';

// Build and server share one fixed version, so a commit landing between the two cannot make the SPA
// believe it is outdated (the version test rewrites the header on purpose instead).
process.env.APP_VERSION = E2E_APP_VERSION;
if (process.env.E2E_SKIP_BUILD !== '1') {
  execFileSync(
    process.execPath,
    [join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', CLIENT_DIR],
    {
      cwd: ROOT_DIR,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}

// Issue 17 (ADR 0142): under Playwright the server's JSON log lines go to a file at info level (every
// request, job and mail), which `npm run check:logs` searches for personal data after the run.
const serverLog = process.env.E2E_SERVER_LOG ? resolve(ROOT_DIR, process.env.E2E_SERVER_LOG) : '';
if (serverLog) {
  mkdirSync(dirname(serverLog), { recursive: true });
  writeFileSync(serverLog, '');
}

const serverEnv: Record<string, string> = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(ports.app),
  APP_URL: `http://127.0.0.1:${ports.app}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? (serverLog ? 'info' : 'warn'),
  LOG_FILE: serverLog,
  DATA_DIR: dataDir,
  CLIENT_DIR,
  DATABASE_URL: e2eDatabase?.url ?? '',
  SEED_DEMO_DATA: 'always',
  APP_SECRET: E2E_APP_SECRET,
  ...fakes.env,
  // The bench turns reCAPTCHA off: Google's script cannot load here and would only measure the failure.
  ...(recaptchaOff ? { RECAPTCHA_SECRET: '', RECAPTCHA_SITE_KEY: '' } : {}),
  SENTRY_DSN: '',
  CONTACT_MAIL_TO: E2E_CONTACT_MAIL_TO,
  // NOTE: one process keeps its throttles in memory; .ci/run exports REDIS_URL for the Redis suites, whose
  // keys a browser run must not share (a login budget spent by one run would still count in the next).
  REDIS_URL: '',
};
Object.assign(process.env, serverEnv);

const app = await startServer(loadEnv());
const close = async () => {
  await app.close();
  await fakes.close();
  await e2eDatabase?.drop();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
