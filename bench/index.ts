import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, findBrowser } from '../scripts/browser.ts';
import { ROOT_DIR } from '../server/platform/version.ts';
import { assertLanded, prepareBrowser, SIGNED_IN_PAGES, type SignedInPage, signIn } from './signed-in.ts';

/**
 * `npm run bench`: web vitals of the production build's guest pages (the top page, the login page and the
 * recruitment list: issues 6 and 11) and of the signed-in screens people live in (issue 29, bench/signed-in.ts:
 * /advertisements as a supporter, / as the owner in the shop, /ad?step=1, /history, /admin-advertisements
 * as staff, each loaded already signed in through the API). Starts the same stack as the browser tests
 * (production build, real server, fresh seeded database), runs Lighthouse from npm against it with its
 * default mobile settings (Moto G Power screen, simulated slow 4G, 4x CPU slow-down) in the same Chromium
 * the tests use, and prints performance and accessibility scores, LCP, TBT and CLS. Then the bundle sizes
 * per route chunk of that build (bench/bundle.ts).
 * Goals: performance >= 95, accessibility 100, CLS < 0.05 on every page, and /recruitments LCP < 2.0 s
 * (printed; not a pass/fail, as single runs vary). It fails (exit 1) when the first screen is over its
 * brotli budget, and at once when a signed-in page did not load signed in (it ended elsewhere, e.g. /login).
 * Env: BENCH_RUNS (runs per page, 3), BENCH_PAGES (only these paths), BENCH_LHR_DIR (full reports).
 */
const GUEST_PAGES = ['/', '/login', '/recruitments'];
/** Issue 29: the LCP goal of the recruitment list (ms), beside the goals every page has. */
const LCP_GOALS: Record<string, number> = { '/recruitments': 2000 };
/** Runs per page; the median is reported (single Lighthouse runs vary by several points). */
const RUNS = Number(process.env.BENCH_RUNS) || 3;
/** `BENCH_PAGES`: a comma-separated list of paths to measure (e.g. `/recruitments,/history`); all when unset. */
const ONLY_PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(',').map((p) => p.trim()) : null;
/** `BENCH_LHR_DIR`: where each run's full Lighthouse report (JSON) is written, to see what a figure is made of. */
const LHR_DIR = process.env.BENCH_LHR_DIR ? join(ROOT_DIR, process.env.BENCH_LHR_DIR) : '';

/** Whether `port` can be listened on now. */
async function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/**
 * A port for the stack whose next one is free too: the stack's aux server listens on it
 * (e2e/support/ports.ts), and a port the system gave without looking at the next one once collided there.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as { port: number };
        srv.close(() => resolve(port));
      });
    });
    if (port < 65_535 && (await canListen(port + 1))) return port;
  }
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
  /** Who is signed in ('guest' for the guest pages). */
  as: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failedA11y: string[];
}

/** A signed-in page that did not load signed in: not retried, the bench stops. */
class WrongPageError extends Error {}

type Run = Omit<Figures, 'page' | 'as'>;

async function measure(url: string, chromePort: number, signedIn?: SignedInPage): Promise<Run> {
  if (signedIn) {
    const base = new URL(url).origin;
    await prepareBrowser(chromePort, base, await signIn(base, signedIn));
  }
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    locale: 'ja',
    // Signed in: keep the session written into localStorage (prepareBrowser cleared the caches itself).
    ...(signedIn ? { disableStorageReset: true } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (LHR_DIR) {
    mkdirSync(LHR_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    writeFileSync(join(LHR_DIR, `${name}${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (signedIn) {
    try {
      assertLanded(url, lhr.finalDisplayedUrl);
    } catch (err) {
      throw new WrongPageError((err as Error).message);
    }
  }
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
const loadAtStart = loadavg();
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
/**
 * ADR 0198: a guest page that comes with data is drawn with it once the server has rendered it with those
 * answers (the first visit after a change asks for that): measured as visitors then get it.
 */
async function waitForDrawnData(page: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(`http://127.0.0.1:${port}${page}`)).text();
    if (!html.includes('<script id="embedded-answers" type="application/json">')) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  console.warn(`${page}: not drawn with its data within 15 s: measured without it.`);
}
try {
  await waitForPrerender();
  const pages: { page: string; signedIn?: SignedInPage }[] = [
    ...GUEST_PAGES.map((page) => ({ page })),
    ...SIGNED_IN_PAGES.map((signedIn) => ({ page: signedIn.path, signedIn })),
  ].filter(({ page }) => !ONLY_PAGES || ONLY_PAGES.includes(page));
  for (const { page, signedIn } of pages) {
    // One warm-up load, so the first figure is not the server's cold start (JIT, first DB query).
    await fetch(`http://127.0.0.1:${port}${page}`);
    if (!signedIn) await waitForDrawnData(page);
    const runs: Run[] = [];
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 2; attempt++) {
      try {
        runs.push(await measure(`http://127.0.0.1:${port}${page}`, chrome.port, signedIn));
      } catch (err) {
        if (err instanceof WrongPageError) throw err;
        // A run that Lighthouse could not finish (e.g. a protocol timeout on a busy machine) is retried.
        console.warn(`${page}: ${(err as Error).message}; trying again`);
      }
    }
    if (runs.length === 0) throw new Error(`${page}: no Lighthouse run finished`);
    // The run with the median performance score, as Lighthouse's own guidance on variability advises.
    runs.sort((a, b) => a.performance - b.performance);
    const as = signedIn?.as ?? 'guest';
    figures.push({ page, as, ...runs[Math.floor(runs.length / 2)]! });
    console.log(
      `${page} (${as}): performance of ${runs.length} runs ${runs.map((r) => r.performance).join(', ')}`,
    );
  }
} finally {
  chrome.kill();
  stack.kill('SIGTERM');
}

console.log(
  `\nLighthouse (mobile, simulated throttling), production build, median of ${RUNS} runs; ` +
    `load average ${loadAtStart[0]!.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end (1 min; ${cpus().length} cores):`,
);
console.table(
  figures.map((f) => ({
    page: f.page,
    as: f.as,
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
  console.log(
    `${f.page} (${f.as}): ${misses.length ? `goal missed: ${misses.join('; ')}` : 'all goals met'}`,
  );
}
for (const f of figures) {
  const goal = LCP_GOALS[f.page];
  if (goal === undefined) continue;
  const lcp = `LCP ${(f.lcpMs / 1000).toFixed(2)} s`;
  const target = `${(goal / 1000).toFixed(1)} s`;
  console.log(
    `${f.page} (${f.as}): ${f.lcpMs < goal ? `${lcp} < ${target}: goal met` : `goal missed: ${lcp} >= ${target}`}`,
  );
}

const bundle = join(ROOT_DIR, 'bench/bundle.ts');
if (existsSync(bundle)) {
  console.log('\nBundle sizes (bench/bundle.ts) of the build measured above:');
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', bundle, '--dir', resolve(ROOT_DIR, process.env.E2E_CLIENT_DIR ?? 'dist/e2e-client')],
    { cwd: ROOT_DIR, stdio: 'inherit' },
  );
  if (res.status !== 0) process.exitCode = 1;
}
