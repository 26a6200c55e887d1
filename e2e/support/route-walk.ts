import type { Page } from '@playwright/test';
import { RETIRED_WORDS } from '../../contracts/vocabulary.ts';
import { ROUTES } from '../../src/app/routes/table.ts';
import { DEMO, DEMO_SHOP, login, switchMode } from '../fixtures.ts';

/**
 * Every route of the route table (seed spec section 2) in four groups, each signed in as it must be: guest
 * routes as a guest, member routes as the demo supporter (the shop screens as the demo owner with the demo
 * shop entered), staff routes as the demo staff. Walked by the screenshot gallery (issue 11) and the
 * sideways-scroll check (issue 25 (7)); ADR 0194: one walk per width does both.
 */
const SAMPLE_PARAMS: Record<string, string> = {
  recruitmentId: '1',
  entryId: '1',
  provider: 'line',
  screen_name: DEMO_SHOP.screenName,
};
/** Screens of shop mode: walked as the owner with the demo shop entered. */
const SHOP_SCREENS = new Set([
  '/ad',
  '/advertisements',
  '/first-advertising',
  '/payments',
  '/material',
  '/request-pop',
]);

/** A route's path with the demo seed's values for its parameters. */
export const concrete = (path: string) =>
  path.replace(/:(\w+)/g, (_, key: string) => SAMPLE_PARAMS[key] ?? '1');

export type RouteGroup = { who: string; paths: string[]; signIn: (page: Page) => Promise<void> };
const guestPaths = ROUTES.filter((r) => r.access === 'public' || r.access === 'guest').map((r) => r.path);
const memberPaths = ROUTES.filter((r) => r.access === 'member').map((r) => r.path);
export const ROUTE_GROUPS: RouteGroup[] = [
  { who: 'guest', paths: guestPaths, signIn: async () => {} },
  {
    who: 'supporter',
    paths: ['/', ...memberPaths.filter((p) => !SHOP_SCREENS.has(p))],
    signIn: (page) => login(page, DEMO.supporter),
  },
  {
    who: 'shop',
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

/**
 * Opens a route of a walk as the app's own links do (ADR 0195): the walk's first route with a page load, the
 * next ones through the router (`history.pushState`, which wouter follows), so a walk loads the app once
 * instead of once a route. The headings of the screen being left are marked first, so `screenHeading` finds
 * only the new screen's.
 */
export async function openRoute(page: Page, path: string, { first }: { first: boolean }): Promise<void> {
  if (first) {
    await page.goto(concrete(path), { waitUntil: 'load' });
    return;
  }
  await page.locator('main h1').evaluateAll((hs) => hs.forEach((h) => h.setAttribute('data-walk-left', '')));
  await page.evaluate((to) => window.history.pushState(null, '', to), concrete(path));
}

/** The heading of the screen `openRoute` opened last (every screen has one h1; the screen is lazy). */
export const screenHeading = (page: Page) => page.locator('main h1:not([data-walk-left])').first();

/** Issue 25 "One vocabulary": retired words and ISO dates in what the screen shows (not its inputs). */
export function wordsToRetire(page: Page) {
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

/**
 * Issue 25 (7): the page's scroll width against the window's, and the elements whose right edge passes the
 * window; `null` when nothing sticks out.
 */
export async function sidewaysScroll(page: Page, path: string): Promise<string | null> {
  const m = await page.evaluate(() => {
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
  return m.scroll <= m.width ? null : `${path}: ${m.scroll} > ${m.width} px: ${m.wide.join(', ')}`;
}
