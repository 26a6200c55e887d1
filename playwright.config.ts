import { defineConfig } from '@playwright/test';
import { E2E_PORT_DEFAULT } from './e2e/support/port-choice.ts';
import { appUrl, stackPorts } from './e2e/support/ports.ts';
import { CHROMIUM_FLAGS, findBrowser } from './scripts/browser.ts';

/**
 * Browser tests (issue 6): Chromium against the production build served by the real server on a fresh,
 * seeded embedded database, with local SMTP, reCAPTCHA verify and OAuth provider (e2e/support/stack.ts).
 * The browser is found before anything starts, so a machine without one fails at once with a message.
 */
const executablePath = findBrowser(process.env, { headlessShell: true });

// Fixed here once; the web server and the workers inherit it through the environment.
process.env.E2E_PORT ??= String(E2E_PORT_DEFAULT);
const ports = stackPorts();
const debug = Boolean(process.env.E2E_DEBUG);
/** Where the e2e server writes its log (relative to the repository; scripts/check-logs.ts reads it). */
const SERVER_LOG = 'test-results/server.log';

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // ADR 0194: each test mostly waits for its page, so four browsers share the two cores with the server
  // (two used 0.74 of them). E2E_WORKERS=N chooses another number.
  workers: Number(process.env.E2E_WORKERS) || 4,
  retries: 0,
  // A journey visits several pages; on two busy cores one can take more than half a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // scripts/test.ts sets PLAYWRIGHT_JSON_OUTPUT_FILE and reads the stats; alone, the JSON goes beside it.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'test-results/playwright.json' }],
  ],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: appUrl(ports),
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: { width: 1280, height: 800 },
    // ADR 0195: a trace records every action's page (and, with screenshots, a film of it) for every test, a
    // fifth of the run's CPU, to keep only the failures'. It is off; E2E_TRACE=1 records it again (kept on
    // failure), for a failure to be looked into. A failure still leaves its screenshot and page snapshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 15_000,
    launchOptions: { executablePath, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node --import tsx e2e/support/stack.ts',
    url: `${appUrl(ports)}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: debug ? 'pipe' : 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    // Issue 17: the server's JSON log of the run, searched by `npm run check:logs` afterwards.
    env: { E2E_SERVER_LOG: SERVER_LOG },
  },
});
