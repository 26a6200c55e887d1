import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, enterShop, expect, login, openMenu, switchMode, test } from './fixtures.ts';
import { SCREENSHOT_DIR } from './support/paths.ts';

/**
 * Issue 27 "Done when": the demo owner opens 拡散の成果 (/results) from the shop menu at 375 and 1280 px,
 * sees the chart of clicks per day and its table, sorts the posts by clicks, and axe finds nothing serious;
 * an admin sees the operators' dashboard.
 */
async function expectNoSeriousViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious, `${where} のアクセシビリティ違反`).toEqual([]);
}

/**
 * No sideways scroll of the page (issue 25 (7)): wide tables scroll in their own box and charts scale. The
 * tables are opened first, so what they hold is measured too (a hidden text of a cell once widened the page).
 */
async function expectNoSidewaysScroll(page: Page, where: string) {
  const m = await page.evaluate(async () => {
    for (const details of document.querySelectorAll('details')) details.open = true;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return { width: window.innerWidth, scroll: document.documentElement.scrollWidth };
  });
  expect(m.scroll, `${where}: the page is wider than the screen`).toBeLessThanOrEqual(m.width);
}

for (const width of [375, 1280]) {
  test(`issue 27 "For shops": /results at ${width} px shows the daily chart, its table and the posts (axe clean)`, async ({
    page,
  }) => {
    // A long journey (sign-in, mode, shop, two periods, axe, a full-page shot): 49 s and over 60 s in one
    // loaded CI run. A limit, not a measurement.
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    await login(page, DEMO.owner);
    await switchMode(page, 'advertiser');
    await enterShop(page);
    const nav = await openMenu(page);
    await nav.getByRole('link', { name: '拡散の成果' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '拡散の成果' })).toBeVisible();
    await page.getByRole('radio', { name: '過去30日' }).check();
    const chart = page.getByRole('img', { name: /日別のクリック数/ });
    await expect(chart).toBeVisible();
    // The chart has bars (the demo seed has a few weeks of clicks), once the period's answer is drawn (the
    // previous period's chart stays on the page while it loads: counted at once, the count races it).
    await expect.poll(() => chart.locator('rect[stroke]').count()).toBeGreaterThan(5);
    // Its table: one row per day of the period.
    await page.getByText('日別のクリック数（参照元別）を表で見る').click();
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: '日付' }) });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.getByRole('rowheader').first()).toHaveText(
      /^\d{4}年\d{1,2}月\d{1,2}日（[日月火水木金土]）$/,
    );
    // The posts, most clicked first; one press sorts them the other way.
    const posts = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: /クリック数/ }) })
      .filter({ has: page.getByRole('columnheader', { name: 'フォーカスター' }) });
    await expect(posts.getByRole('row')).not.toHaveCount(1);
    const sort = posts.getByRole('button', { name: /クリック数/ });
    await expect(posts.getByRole('columnheader', { name: /クリック数/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await sort.click();
    await expect(posts.getByRole('columnheader', { name: /クリック数/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(page.getByRole('heading', { name: '依頼から承認まで' })).toBeVisible();
    await expect(page.getByText(/^\d[\d,]*円$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'CSVをダウンロード' })).toBeVisible();
    await expectNoSeriousViolations(page, `/results ${width}px`);
    await expectNoSidewaysScroll(page, `/results ${width}px`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `results-${width}.png`), fullPage: true });
  });
}

test('issue 27: the CSV download is UTF-8 with a BOM', async ({ page }) => {
  await login(page, DEMO.owner);
  await switchMode(page, 'advertiser');
  await enterShop(page);
  await page.goto('/results');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVをダウンロード' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^focustar-results-.*\.csv$/);
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.toString('utf8')).toContain('日別のクリック');
});

test('issue 27 "For operators": staff who are not administrators see on /admin-dashboard that it is for administrators, and no refusal', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/') && r.status() === 403) refused.push(r.url());
  });
  await login(page, DEMO.staff);
  await page.goto('/admin-dashboard');
  await expect(page.getByText('運営ダッシュボードは管理者だけが見られます。')).toBeVisible();
  await expect(page.getByText('この操作を行う権限がありません。')).toHaveCount(0);
  expect(refused).toEqual([]);
});

test('issue 27 "For operators": /admin-dashboard shows twelve months per figure with its table (axe clean)', async ({
  page,
}) => {
  await login(page, DEMO.admin);
  await page.goto('/admin-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: '運営ダッシュボード' })).toBeVisible();
  await expect(page.getByRole('img', { name: /ご請求額（税抜）/ })).toBeVisible();
  // ADR 0168: the figures are kept per month; the page says when this month's were computed.
  await expect(page.getByText(/^\d{4}年\d{1,2}月\d{1,2}日（.） \d{2}:\d{2} 時点の集計です/)).toBeVisible();
  await page.getByText('報酬の計上を表で見る').click();
  const table = page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: '月' }) })
    .first();
  await expect(table.getByRole('rowheader').first()).toHaveText(/^\d{4}-\d{2}$/);
  await expect(table.getByRole('row')).toHaveCount(13);
  await expectNoSeriousViolations(page, '/admin-dashboard');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'admin-dashboard-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 375, height: 900 });
  await expectNoSidewaysScroll(page, '/admin-dashboard 375px');
  await page.screenshot({ path: join(SCREENSHOT_DIR, 'admin-dashboard-375.png'), fullPage: true });
});
