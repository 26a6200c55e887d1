import type { Page } from '@playwright/test';
import { RETIRED_WORDS } from '../contracts/vocabulary.ts';
import { ROUTES } from '../src/app/routes/table.ts';
import { DEMO, DEMO_SHOP, expect, login, switchMode, test } from './fixtures.ts';

/**
 * Issue 25 (7): no horizontal overflow at 320, 375 and 1280 px on any route of the route table (seed spec
 * section 2), for a guest, a supporter, an owner (the shop screens with the demo shop entered) and staff:
 * the page's scroll width is at most the window's width. A failure names each route and the elements
 * that stick out, so one run lists everything to fix.
 *
 * Issue 25 "One vocabulary": on the same walk (at 1280 px) the rendered text of every screen is searched for
 * the retired words of contracts/vocabulary.ts and for dates shown as they come (2026-11-26).
 */
const WIDTHS = [320, 375, 1280] as const;

const SAMPLE_PARAMS: Record<string, string> = {
  recruitmentId: '1',
  entryId: '1',
  provider: 'line',
  screen_name: DEMO_SHOP.screenName,
};
/** Screens of shop mode: measured as the owner with the demo shop entered. */
const SHOP_SCREENS = new Set([
  '/ad',
  '/advertisements',
  '/first-advertising',
  '/payments',
  '/material',
  '/request-pop',
]);
const concrete = (path: string) => path.replace(/:(\w+)/g, (_, key: string) => SAMPLE_PARAMS[key] ?? '1');

const PENDING: Record<string, string> = {};

type Group = { who: string; paths: string[]; signIn: (page: Page) => Promise<void> };
const guestPaths = ROUTES.filter((r) => r.access === 'public' || r.access === 'guest').map((r) => r.path);
const memberPaths = ROUTES.filter((r) => r.access === 'member').map((r) => r.path);
const GROUPS: Group[] = [
  { who: 'guest', paths: guestPaths, signIn: async () => {} },
  {
    who: 'supporter',
    paths: ['/', ...memberPaths.filter((p) => !SHOP_SCREENS.has(p))],
    signIn: (page) => login(page, DEMO.supporter),
  },
  {
    who: 'owner',
    paths: ['/', ...memberPaths.filter((p) => SHOP_SCREENS.has(p))],
    signIn: async (page) => {
      await login(page, DEMO.owner);
      await switchMode(page, 'advertiser');
      await page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) }).click();
    },
  },
  {
    who: 'staff',
    paths: ['/', ...ROUTES.filter((r) => r.access === 'staff').map((r) => r.path)],
    signIn: (page) => login(page, DEMO.staff),
  },
];

/** Retired words and ISO dates in what the screen shows (its text, not its inputs' values). */
function wordsToRetire(page: Page) {
  return page.evaluate(
    (retired) => {
      const text = document.body.innerText;
      const words = retired.filter((w) => text.includes(w));
      const iso = text.match(/\b20\d{2}-\d{2}-\d{2}(?:T[\d:.]+Z?)?\b/g) ?? [];
      return [...words, ...iso.slice(0, 3)];
    },
    RETIRED_WORDS.map((r) => r.word),
  );
}

/** The page's scroll width against the window's, and the elements whose right edge passes the window. */
function measure(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scroll = document.documentElement.scrollWidth;
    const wide =
      scroll <= width
        ? []
        : [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .filter(
              (el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5,
            )
            .slice(0, 5)
            .map((el) => {
              const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
              return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''} (${Math.round(el.getBoundingClientRect().right)} px)`;
            });
    return { width, scroll, wide };
  });
}

for (const group of GROUPS) {
  for (const width of WIDTHS) {
    test(`issue 25 (7): ${group.who}, ${group.paths.length} routes at ${width} px: no sideways scroll`, async ({
      page,
    }) => {
      test.setTimeout(60_000 + group.paths.length * 8_000);
      await page.setViewportSize({ width, height: 800 });
      await group.signIn(page);
      const overflowing: string[] = [];
      const unsaid: string[] = [];
      for (const path of group.paths) {
        await page.goto(concrete(path), { waitUntil: 'load' });
        // A screen that only sends the browser on (/oauth/:provider) has no heading: measured as it is.
        await page
          .locator('main h1')
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => {});
        if (width === 1280) {
          const words = await wordsToRetire(page);
          if (words.length) unsaid.push(`${path}: ${words.join(', ')}`);
        }
        const m = await measure(page);
        if (m.scroll <= m.width) continue;
        const found = `${path}: ${m.scroll} > ${m.width} px: ${m.wide.join(', ')}`;
        if (PENDING[path]) test.info().annotations.push({ type: 'pending overflow', description: found });
        else overflowing.push(found);
      }
      expect(overflowing).toEqual([]);
      expect(unsaid, 'retired words or ISO dates on screen').toEqual([]);
    });
  }
}
