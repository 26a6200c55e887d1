import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO, DEMO_SHOP, expect, GUEST_ROUTES, login, switchMode, test } from './fixtures.ts';
import { SCREENSHOT_DIR } from './support/paths.ts';

const GUEST_PAGES = [...GUEST_ROUTES, `/${DEMO_SHOP.screenName}`, '/no-such-person-e2e'];

/** The fonts Chromium actually drew an element's text with (CDP), not what the CSS asked for. */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => f.familyName);
}

/** axe-core with the WCAG 2.1 A/AA rules and best practices; serious and critical findings fail. */
async function expectNoSeriousViolations(page: Page, where: string) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // NOTE: the stand-in reCAPTCHA widget is test scaffolding, not the product; Google's own widget is
    // an iframe that axe would not judge either.
    .exclude('[data-testid="recaptcha-standin"]')
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  expect(serious, `${where} のアクセシビリティ違反`).toEqual([]);
}

test.describe('accessibility: no serious or critical axe violations (seed spec section 1: Japanese-language users)', () => {
  for (const path of GUEST_PAGES) {
    test(`guest page ${path} (seed spec section 2)`, async ({ page }) => {
      await page.goto(path);
      await expectNoSeriousViolations(page, path);
    });
  }

  test('the signed-in home in supporter mode (seed spec section 2)', async ({ page }) => {
    await login(page, DEMO.supporter);
    await expectNoSeriousViolations(page, 'フォーカスターモードのホーム');
  });

  test('the signed-in home in advertiser mode, shop entered (seed spec section 2)', async ({ page }) => {
    await login(page, DEMO.owner);
    await switchMode(page, 'advertiser');
    await expectNoSeriousViolations(page, '広告主モードのショップ切り替え');
    await page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) }).click();
    await expectNoSeriousViolations(page, 'ショップのホーム');
  });

  test("the shop's and the company's edit screens (issue 12, ADR 0052)", async ({ page }) => {
    await login(page, DEMO.owner);
    await switchMode(page, 'advertiser');
    await page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) }).click();
    await page.getByRole('link', { name: 'お店の情報を編集する' }).click();
    await expect(page.getByLabel(/^お店の名前/)).toHaveValue(DEMO_SHOP.name);
    await expectNoSeriousViolations(page, 'お店の情報');
    await page.getByRole('link', { name: '会社の情報を編集する' }).click();
    await expect(page.getByLabel(/^会社名・屋号$/)).not.toHaveValue('');
    await expectNoSeriousViolations(page, '会社の情報');
  });

  test('the shop switch of staff, with the search of every shop (issue 12)', async ({ page }) => {
    await login(page, DEMO.staff);
    await switchMode(page, 'advertiser');
    await page
      .getByRole('search', { name: 'すべてのお店の検索' })
      .getByRole('button', { name: '検索する' })
      .click();
    await expect(
      page.getByRole('list', { name: '見つかったお店' }).getByRole('button').first(),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'スタッフのショップ切り替え');
  });

  test('the signed-in home of staff (seed spec section 6)', async ({ page }) => {
    await login(page, DEMO.staff);
    await expectNoSeriousViolations(page, 'スタッフのホーム');
  });
});

test.describe('screenshots for people to look at (seed spec section 9)', () => {
  const shots: { name: string; open: (page: Page) => Promise<void> }[] = [
    { name: 'top', open: async (page) => void (await page.goto('/')) },
    { name: 'login', open: async (page) => void (await page.goto('/login')) },
    { name: 'supporter-home', open: (page) => login(page, DEMO.supporter) },
    {
      name: 'shop-home',
      open: async (page) => {
        await login(page, DEMO.owner);
        await switchMode(page, 'advertiser');
        await page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) }).click();
      },
    },
  ];
  for (const shot of shots) {
    for (const width of [375, 1280]) {
      test(`${shot.name} at ${width} px, Japanese text in a Japanese font (seed spec section 9)`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 800 });
        await shot.open(page);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        const fonts = await renderedFonts(page, 'h1');
        expect(fonts.join(', '), '見出しの日本語を描いたフォント').toMatch(/CJK|Noto Sans JP|Noto Serif JP/);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${shot.name}-${width}.png`), fullPage: true });
      });
    }
  }
});
