import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, findBrowser } from '../scripts/browser.ts';
import { ROOT_DIR } from '../server/platform/version.ts';

/**
 * `npm run bench`: web vitals of the top page, the login page and the recruitment list of the production build (issues 6 and 11).
 * Starts the same stack as the browser tests (production build, real server, fresh seeded database),
 * runs Lighthouse from npm against it with its default mobile settings (Moto G Power screen, simulated
 * slow 4G, 4x CPU slow-down) in the same Chromium the tests use, and prints performance and
 * accessibility scores, LCP, TBT and CLS. Then the bundle sizes per route chunk of that build (bench/bundle.ts).
 * Goals: performance >= 95, accessibility 100, CLS < 0.05 on /, /login and /recruitments (printed; not a
 * pass/fail, as single runs vary). It fails (exit 1) when the first screen is over its brotli budget.
 */
const PAGES = ['/', '/login', '/recruitments'];
/** Runs per page; the median is reported (single Lighthouse runs vary by several points). */
const RUNS = Number(process.env.BENCH_RUNS) || 3;
/** `BENCH_LHR_DIR`: where each run's full Lighthouse report (JSON) is written, to see what a figure is made of. */
const LHR_DIR = process.env.BENCH_LHR_DIR ? join(ROOT_DIR, process.env.BENCH_LHR_DIR) : '';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function startStack(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'e2e/support/stack.ts')], {
    cwd: ROOT_DIR,
    env: { ...process.env, E2E_PORT: String(port), E2E_RECAPTCHA: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start within 240 s');
}

interface Figures {
  page: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedA11y: string[];
}

async function measure(url: string, chromePort: number): Promise<Omit<Figures, 'page'>> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    locale: 'ja',
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (LHR_DIR) {
    mkdirSync(LHR_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    writeFileSync(join(LHR_DIR, `${name}${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const a11y = lhr.categories.accessibility;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((a11y?.score ?? 0) * 100),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    failedA11y: (a11y?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id),
  };
}

const chromePath = findBrowser();
const port = Number(process.env.BENCH_PORT) || (await freePort());
console.log(`Starting the production build on http://127.0.0.1:${port} …`);
const stack = await startStack(port);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  logLevel: 'silent',
});
const figures: Figures[] = [];
/** The server prerenders the guest pages once it listens (ADR 0155): measured once they are in. */
async function waitForPrerender(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(`http://127.0.0.1:${port}/login`)).text();
    if (html.includes('data-prerendered')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.warn('The guest pages were not prerendered within 60 s: measured without it.');
}
try {
  await waitForPrerender();
  for (const page of PAGES) {
    // One warm-up load, so the first figure is not the server's cold start (JIT, first DB query).
    await fetch(`http://127.0.0.1:${port}${page}`);
    const runs: Omit<Figures, 'page'>[] = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
      try {
        runs.push(await measure(`http://127.0.0.1:${port}${page}`, chrome.port));
      } catch (err) {
        // A run that Lighthouse could not finish (e.g. a protocol timeout on a busy machine) is retried.
        console.warn(`${page}: ${(err as Error).message}; trying again`);
      }
    }
    if (runs.length === 0) throw new Error(`${page}: no Lighthouse run finished`);
    // The run with the median performance score, as Lighthouse's own guidance on variability advises.
    runs.sort((a, b) => a.performance - b.performance);
    figures.push({ page, ...runs[Math.floor(runs.length / 2)]! });
    console.log(`${page}: performance of ${runs.length} runs ${runs.map((r) => r.performance).join(', ')}`);
  }
} finally {
  chrome.kill();
  stack.kill('SIGTERM');
}

console.log(`\nLighthouse (mobile, simulated throttling), production build, median of ${RUNS} runs:`);
console.table(
  figures.map((f) => ({
    page: f.page,
    performance: f.performance,
    accessibility: f.accessibility,
    'LCP (ms)': Math.round(f.lcpMs),
    'TBT (ms)': Math.round(f.tbtMs),
    CLS: Number(f.cls.toFixed(3)),
  })),
);
for (const f of figures) {
  const misses = [
    f.performance < 95 ? `performance ${f.performance} < 95` : null,
    f.accessibility < 100 ? `accessibility ${f.accessibility} < 100 (${f.failedA11y.join(', ')})` : null,
    f.cls >= 0.05 ? `CLS ${f.cls.toFixed(3)} >= 0.05` : null,
  ].filter(Boolean);
  console.log(`${f.page}: ${misses.length ? `goal missed: ${misses.join('; ')}` : 'all goals met'}`);
}

const bundle = join(ROOT_DIR, 'bench/bundle.ts');
if (existsSync(bundle)) {
  console.log('\nBundle sizes (bench/bundle.ts) of the build measured above:');
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', bundle, '--dir', join(ROOT_DIR, 'dist/e2e-client')],
    { cwd: ROOT_DIR, stdio: 'inherit' },
  );
  if (res.status !== 0) process.exitCode = 1;
}
