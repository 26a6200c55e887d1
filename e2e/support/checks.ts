import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ROOT_DIR } from '../../server/platform/version.ts';

/** Issue 25 "Done when": each step's screenshot of the role journeys, kept in the repository's gallery. */
export const JOURNEY_SHOTS = join(ROOT_DIR, 'docs/screenshots/25');

/** axe-core with the WCAG 2.1 A/AA rules and best practices (as e2e/quality.spec.ts); serious and critical fail. */
export async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[data-testid="recaptcha-standin"]')
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  expect(serious, `${where} のアクセシビリティ違反`).toEqual([]);
}

/** Issue 25 (7): the page is never wider than the window (the elements sticking out are named on failure). */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const m = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')}`);
    return { width: window.innerWidth, scroll: document.documentElement.scrollWidth, wide };
  });
  expect(m.scroll, `${where}: 横にはみ出す要素 ${m.wide.join(', ')}`).toBeLessThanOrEqual(m.width);
}

/**
 * One step of a journey: the page's heading is up, axe finds nothing serious, nothing sticks out sideways,
 * and the full page goes into the gallery as `<name>-<width>.png`.
 */
export async function checkStep(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const width = page.viewportSize()?.width ?? 0;
  await expectNoSeriousViolations(page, `${name} (${width}px)`);
  await expectNoSidewaysScroll(page, `${name} (${width}px)`);
  mkdirSync(JOURNEY_SHOTS, { recursive: true });
  await page.screenshot({ path: join(JOURNEY_SHOTS, `${name}-${width}.png`), fullPage: true });
}
