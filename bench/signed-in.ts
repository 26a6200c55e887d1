import { chromium } from '@playwright/test';

/**
 * Issue 29 ("the screens people live in"): the signed-in pages `npm run bench` measures besides the guest
 * pages, and how Lighthouse gets to load them already signed in.
 *
 * The client keeps its session in localStorage (seed spec section 3: `accessToken` and `store` with login,
 * user, role and shop; no cookies) and on a fresh load refreshes the token, restores the stored role and
 * shop and reads the user (section 4). So before each Lighthouse run the bench logs in through the API as
 * the page's demo account (a fresh login per run: the refresh rotates the token, and a rotated token used
 * again ends the login), enters the shop for the owner's pages (`POST /api/shops/1/login`: shop mode), and
 * writes both keys into the Chromium that Lighthouse drives over the DevTools protocol. Lighthouse then runs
 * with `disableStorageReset` (it would clear localStorage), so the bench clears the HTTP cache, the cache
 * storage and the service worker of the origin itself: every run is a cold load, as the guest pages' are.
 */
export const DEMO_PASSWORD = 'demo-pass-2026';
const DEMO_SHOP_ID = 1;

export interface SignedInPage {
  /** Path and query, as the page is opened and as it must still read once loaded. */
  path: string;
  email: string;
  /** The shop entered (shop mode); without it, supporter mode (or staff). */
  shopId?: number;
  /** Who, in the table. */
  as: string;
}

export const SIGNED_IN_PAGES: SignedInPage[] = [
  { path: '/advertisements', email: 'supporter@example.com', as: 'supporter' },
  { path: '/', email: 'owner@example.com', shopId: DEMO_SHOP_ID, as: 'owner, in shop 1' },
  { path: '/ad?step=1', email: 'owner@example.com', shopId: DEMO_SHOP_ID, as: 'owner, in shop 1' },
  { path: '/history', email: 'supporter@example.com', as: 'supporter' },
  { path: '/admin-advertisements', email: 'staff@example.com', as: 'staff' },
];

/** The CSRF double submit (seed spec section 7): any API answer sets the signed XSRF-TOKEN cookie. */
async function xsrfToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/health`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];
  if (!token) throw new Error('GET /api/health set no XSRF-TOKEN cookie');
  return token;
}

async function api<T>(
  base: string,
  path: string,
  init: { xsrf: string; token?: string; body?: unknown },
): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `XSRF-TOKEN=${init.xsrf}`,
      'x-xsrf-token': init.xsrf,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: JSON.stringify(init.body ?? {}),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The two localStorage items a signed-in browser holds (seed spec section 3). */
export async function signIn(base: string, page: SignedInPage): Promise<Record<string, string>> {
  const xsrf = await xsrfToken(base);
  const { user, access_token: token } = await api<{
    user: { email_verified: unknown };
    access_token: string;
  }>(base, '/api/login', {
    xsrf,
    body: { email: page.email, password: DEMO_PASSWORD, remember: true },
  });
  const shop = page.shopId
    ? await api<unknown>(base, `/api/shops/${page.shopId}/login`, { xsrf, token })
    : null;
  const store = { login: Boolean(user.email_verified), user, role: shop ? 'shop' : 'focustar', shop };
  return { accessToken: token, store: JSON.stringify(store) };
}

/**
 * Leaves the browser (default context, which Lighthouse's tab shares) with a cold cache and exactly the
 * given localStorage items for `base`'s origin, then lets go of it before Lighthouse connects.
 */
export async function prepareBrowser(
  chromePort: number,
  base: string,
  items: Record<string, string>,
): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the browser has no default context');
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(base).origin,
      storageTypes: 'cache_storage,service_workers,local_storage,indexeddb',
    });
    // A same-origin address that is not the app, so no app code runs here and touches the session.
    await tab.goto(`${base}/api/health`);
    await tab.evaluate((entries) => {
      localStorage.clear();
      for (const [key, value] of entries) localStorage.setItem(key, value);
    }, Object.entries(items));
    await tab.close();
  } finally {
    // Connected over CDP, close() only disconnects: the browser goes on for Lighthouse.
    await browser.close();
  }
}

/** Fails loudly when the page Lighthouse measured is not the one asked for (e.g. sent to /login). */
export function assertLanded(requested: string, finalUrl: string | undefined): void {
  const want = new URL(requested);
  const got = finalUrl ? new URL(finalUrl) : null;
  if (!got || got.pathname !== want.pathname || got.search !== want.search) {
    throw new Error(
      `signed-in page ${want.pathname}${want.search} ended at ${got ? `${got.pathname}${got.search}` : 'nothing'}: ` +
        'the session did not reach the page (measured the wrong screen)',
    );
  }
}
