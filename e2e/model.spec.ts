import type { Page } from '@playwright/test';
import { DEMO, DEMO_SHOP, expect, login, menu, openMenu, test } from './fixtures.ts';
import { coverageOf, generatedPaths } from './model/paths.ts';

/**
 * Generated path tests (issue 6): every path of the UI model runs in the browser, from a fresh context
 * at `/`. The owner account can be a supporter, an advertiser and enter shop 1, so one account walks
 * the whole model; mode and shop live in the browser's own store, so parallel paths do not meet.
 */
const paths = generatedPaths();
const coverage = coverageOf(paths);

const itemIn = (page: Page, href: string) => menu(page).locator(`a[href="${href}"]`);
const token = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

/** What the person sees in each state of the model (seed spec sections 2 and 4). */
const states: Record<string, (page: Page) => Promise<void>> = {
  guest: async (page) => {
    await expect(menu(page)).toBeHidden();
    expect(await token(page)).toBeNull();
  },
  guestMenuOpen: async (page) => {
    await expect(menu(page)).toBeVisible();
    await expect(itemIn(page, '/login')).toBeVisible();
    await expect(itemIn(page, '/line')).toBeVisible();
  },
  supporter: async (page) => {
    await expect(menu(page)).toBeHidden();
    expect(await token(page)).not.toBeNull();
  },
  supporterMenuOpen: async (page) => {
    await expect(itemIn(page, '/advertisements')).toBeVisible();
    await expect(menu(page).getByRole('button', { name: /広告主モード/ })).toBeVisible();
  },
  advertiser: async (page) => {
    await expect(menu(page)).toBeHidden();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) })).toBeVisible();
  },
  advertiserMenuOpen: async (page) => {
    await expect(menu(page).getByRole('button', { name: /フォーカスターモード/ })).toBeVisible();
    await expect(itemIn(page, '/advertisements')).toHaveCount(0);
    await expect(itemIn(page, '/ad?step=1')).toHaveCount(0);
  },
  shopEntered: async (page) => {
    await expect(menu(page)).toBeHidden();
    expect(await token(page)).not.toBeNull();
  },
  shopMenuOpen: async (page) => {
    await expect(itemIn(page, '/ad?step=1')).toBeVisible();
    await expect(itemIn(page, `/${DEMO_SHOP.screenName}`)).toBeVisible();
  },
};

test.describe('generated UI paths (seed spec sections 2, 4 and 6)', () => {
  test('the generated paths cover every state, event and transition of the UI model (issue 6)', () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.events.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const path of paths) {
    const events = path.steps.map((s) => s.event.type).filter((t) => !t.startsWith('xstate.'));
    test(`path ${events.join(' → ')} (seed spec section 2)`, async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const navigateTarget = { guest: '/faq-focustar', supporter: '/account-info', shop: '/price' };
      let mode: 'guest' | 'supporter' | 'shop' = 'guest';
      await path.test({
        states: Object.fromEntries(Object.entries(states).map(([k, check]) => [k, () => check(page)])),
        events: {
          'auth.login': async () => {
            await login(page, DEMO.owner);
            mode = 'supporter';
          },
          'menu.open': async () => void (await openMenu(page)),
          'menu.close': async () => {
            await menu(page)
              .getByRole('button', { name: /閉じる/ })
              .click();
          },
          'menu.navigate': async () => {
            const target = navigateTarget[mode];
            await itemIn(page, target).click();
            await expect(page).toHaveURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
          },
          'mode.advertiser': async () => {
            await menu(page)
              .getByRole('button', { name: /広告主モード/ })
              .click();
            mode = 'shop';
          },
          'mode.supporter': async () => {
            await menu(page)
              .getByRole('button', { name: /フォーカスターモード/ })
              .click();
            mode = 'supporter';
          },
          'shop.enter': async () => {
            await page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) }).click();
          },
          'shop.switch': async () => {
            await itemIn(page, '/').click();
          },
          'auth.logout': async () => {
            await menu(page).getByRole('button', { name: 'ログアウト' }).click();
            await expect(page).toHaveURL(/\/login$/);
            mode = 'guest';
          },
        },
      });
    });
  }
});
