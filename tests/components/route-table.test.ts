import { describe, expect, it } from 'vitest';
import {
  GUEST_PATHS,
  matchRoute,
  pageTitle,
  ROUTES,
  SIGNED_IN_PATHS,
  safeRedirect,
} from '../../src/app/routes/table.ts';
import { RESERVED_SCREEN_NAMES } from '../../contracts/screen-names.ts';
import { headIn } from '../../src/platform/routing.ts';

/** Product design section 7: screens beyond the seed's list, linked from the admin menu. */
const PRODUCT_DESIGN_SIGNED_IN = [
  '/admin-shop-list',
  // ADR 0051 (issue 12): the advertiser's application (company and first shop).
  '/apply-advertiser',
  // ADR 0052 (issue 12): the edit screens of the selected shop and of its company.
  '/shop-profile',
  '/company-profile',
  '/admin-advertisements',
  '/admin-contact',
  '/admin-shop-requests',
  '/admin-pop-orders',
  // Issue 27: the shop's results and the operators' dashboard.
  '/results',
  '/admin-dashboard',
  // Issue 24: the staff audit log (admins).
  '/admin-audit-log',
  '/admin-fraud',
  // Issue 26 "In-app" (product design section 8): the person's notifications, the bell's screen.
  '/notifications',
  // Issue 26 "Done when" (ADR 0178): staff preview every notification template.
  '/admin-notification-templates',
];

/** Seed spec section 2, both tables, as written there ({param} in the spec, :param here). */
const SPEC_SIGNED_IN = [
  '/ad',
  '/advertisements',
  '/admin-menu',
  '/admin-index-picture-list',
  '/admin-focustar-list',
  '/admin-payments',
  '/admin-payments-detail',
  '/admin-recruitment',
  '/admin-recruitment-list',
  '/admin-recruitment-winner-picker/:recruitmentId',
  '/admin-url-shrinker',
  '/admin-sns-examination',
  '/advertising-rules',
  '/bank',
  '/beginner',
  '/contact',
  '/favorites',
  '/first-advertising',
  '/history',
  '/material',
  '/payments',
  '/request-pop',
  '/request-shop',
  '/support',
  '/profile',
  '/account-info',
  '/entries',
  '/entries/:entryId',
];
const SPEC_GUEST = [
  '/',
  '/error',
  '/faq-advertiser',
  '/faq-focustar',
  '/forgot-password',
  '/introduction-advertiser',
  '/login',
  '/period',
  '/price',
  '/privacy-policy',
  '/terms',
  '/register',
  '/email-sign-up',
  '/line',
  '/recruitments',
  '/recruitments/:recruitmentId',
  '/winner-picker',
  '/winner-picker/:recruitmentId',
  '/oauth/:provider',
  '/:screen_name',
];

describe('route table (seed spec section 2)', () => {
  it('has every route of both tables, signed-in and guest (seed spec section 2)', () => {
    for (const p of SPEC_SIGNED_IN) expect(SIGNED_IN_PATHS).toContain(p);
    // Product design section 7: the staff screens beyond the seed's list are the only additions.
    const extra = SIGNED_IN_PATHS.filter((p) => !SPEC_SIGNED_IN.includes(p));
    for (const p of extra) expect(PRODUCT_DESIGN_SIGNED_IN, p).toContain(p);
    for (const p of SPEC_GUEST) expect(GUEST_PATHS).toContain(p);
    expect(ROUTES.filter((r) => SPEC_SIGNED_IN.includes(r.path)).every((r) => r.access !== 'public')).toBe(
      true,
    );
  });

  it('gives each route its own Japanese title `ページ名 | Focustar` and a description (seed spec section 2)', () => {
    const titles = ROUTES.map((r) => r.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const r of ROUTES) {
      expect(r.title, r.path).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      expect(r.description.length, r.path).toBeGreaterThan(10);
      expect(pageTitle(r.title)).toBe(`${r.title} | Focustar`);
    }
  });

  it('matches /{screen_name} last, and ids only where the spec has them (seed spec sections 2 and 5)', () => {
    expect(ROUTES.at(-1)?.path).toBe('/:screen_name');
    expect(matchRoute('/login').route.path).toBe('/login');
    expect(matchRoute('/demo-cafe')).toMatchObject({
      route: { path: '/:screen_name' },
      params: { screen_name: 'demo-cafe' },
    });
    expect(matchRoute('/entries/12')).toMatchObject({
      route: { ids: ['entryId'] },
      params: { entryId: '12' },
    });
    expect(matchRoute('/a/b/c').route.title).toBe('ページが見つかりません');
    expect(matchRoute('/price/').route.path).toBe('/price');
  });

  it('each screen is a lazy module with a default component (seed spec section 2: lazy page router)', async () => {
    const modules = await Promise.all(ROUTES.map((r) => r.load()));
    for (const [i, m] of modules.entries()) expect(typeof m.default, ROUTES[i]?.path).toBe('function');
  }, 60_000);

  it('ADR 0211, 0213: a screen that exports its head names itself as its route does, last in its breadcrumbs', async () => {
    const withHead = [];
    for (const route of ROUTES) {
      const { head } = await route.load();
      if (!head) continue;
      withHead.push(route.path);
      // The tab's title, the h1 of the session frame and of the screen, and the last crumb are one name, in
      // either mode (ADR 0215).
      for (const inMode of [headIn(head, 'focustar'), headIn(head, 'shop')]) {
        expect(inMode?.title, route.path).toBe(route.title);
        if (inMode?.breadcrumbs)
          expect(inMode.breadcrumbs.at(-1), route.path).toEqual({ label: route.title });
      }
      // Only signed-in screens have a session frame of their own; a guest's page is prerendered whole.
      expect(route.access, route.path).not.toBe('guest');
    }
    // The screens whose head is the same for everyone (ADR 0211, 0213); a head that depends on the mode or on
    // data is drawn by the screen alone.
    expect(withHead.sort()).toEqual(
      [
        '/ad',
        '/admin-advertisements',
        '/admin-focustar-list',
        '/advertisements',
        '/admin-index-picture-list',
        '/admin-shop-list',
        '/admin-shop-requests',
        '/admin-sns-examination',
        '/admin-url-shrinker',
        '/company-profile',
        '/history',
        '/request-shop',
        '/results',
        '/shop-profile',
      ].sort(),
    );
  }, 60_000);

  it('follows only same-site paths after login', () => {
    expect(safeRedirect('/account-info?x=1')).toBe('/account-info?x=1');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', '', null, '/login']) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });

  it('reserves the first segment of every screen path, so no screen name can shadow a screen (seed spec section 2: /{screen_name} is matched last)', () => {
    const reserved = new Set<string>(RESERVED_SCREEN_NAMES);
    for (const route of ROUTES) {
      const first = route.path.split('/')[1] ?? '';
      if (first === '' || first.startsWith(':')) continue;
      expect(reserved.has(first), `${route.path} is not in RESERVED_SCREEN_NAMES`).toBe(true);
    }
  });
});
