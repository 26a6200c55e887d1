import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { SIGNED_IN_PAGES, signIn } from './signed-in.ts';

const base = process.argv[2]!;
const path = process.argv[3] ?? '/';
const which = SIGNED_IN_PAGES.find((p) => p.path === path)!;
const items = await signIn(base, which);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate((entries) => { for (const [k, v] of entries) localStorage.setItem(k, v); }, Object.entries(items));
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing'] });
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(2500);
  const buf = await browser.stopTracing();
  const trace = JSON.parse(buf.toString()) as { traceEvents: any[] };
  const ev = trace.traceEvents;
  const nav = ev.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith(base + path));
  const lcps = ev.filter((e) => e.name === 'largestContentfulPaint::Candidate');
  const lcp = lcps.at(-1);
  const t0 = nav?.ts ?? ev[0].ts;
  const lcpT = lcp ? (lcp.ts - t0) / 1000 : NaN;
  // top-level main thread tasks of the renderer main thread
  const mainPid = lcp?.pid; const mainTid = lcp?.tid;
  const tasks = ev.filter((e) => e.pid === mainPid && e.tid === mainTid && e.ph === 'X' && e.name === 'RunTask' && e.ts >= t0 && e.ts <= (lcp?.ts ?? Infinity));
  const total = tasks.reduce((s, e) => s + e.dur, 0) / 1000;
  // children by name
  const byName = new Map<string, number>();
  for (const e of ev) {
    if (e.pid !== mainPid || e.tid !== mainTid || e.ph !== 'X' || e.ts < t0 || e.ts > (lcp?.ts ?? Infinity)) continue;
    if (['RunTask', 'ThreadControllerImpl::RunTask'].includes(e.name)) continue;
    const key = e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule' ? `${e.name} ${String(e.args?.data?.url ?? '').replace(base, '')}` : e.name;
    byName.set(key, (byName.get(key) ?? 0) + e.dur / 1000);
  }
  console.log(`run ${run}: LCP ${lcpT.toFixed(0)} ms, main-thread tasks before it ${total.toFixed(0)} ms (${tasks.length} tasks; > 50 ms: ${tasks.filter((t) => t.dur > 50000).map((t) => (t.dur / 1000).toFixed(0)).join(',')})`);
  if (run === 2) {
    for (const [k, v] of [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${v.toFixed(1).padStart(7)} ${k}`);
    writeFileSync('/tmp/prof/trace.json', buf);
  }
  await context.close();
}
await browser.close();
