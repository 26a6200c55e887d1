import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { SIGNED_IN_PAGES, signIn } from './signed-in.ts';

const base = process.argv[2]!;
const path = process.argv[3] ?? '/';
const which = SIGNED_IN_PAGES.find((p) => p.path === path)!;
const items = await signIn(base, which);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate((entries) => {
    for (const [k, v] of entries) localStorage.setItem(k, v);
  }, Object.entries(items));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${path}`);
  await page.getByText('お店の紹介や営業時間').first().waitFor();
  const lcp = await page.evaluate(() => performance.now());
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(`/tmp/prof/owner-${run}.cpuprofile`, JSON.stringify(profile));
  console.log('visible at', Math.round(lcp), 'ms');
  await context.close();
}
await browser.close();
