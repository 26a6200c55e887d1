import { test as base, type Browser, expect, type Locator, type Page } from '@playwright/test';
import { appUrl } from './support/ports.ts';
import { installRecaptchaStandIn, RECAPTCHA_CHECKBOX_LABEL } from './support/recaptcha-standin.ts';

/**
 * The e2e tests' one entry: Playwright's `test` with every context cut off from the internet (the
 * product must not need it) except for the reCAPTCHA widget script, answered by the local stand-in,
 * plus helpers that read like what a person does (`login(page, email)`, `openMenu(page)`).
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    // Routes registered later win, so the stand-in (registered after) still answers Google's script.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
      route.abort('internetdisconnected'),
    );
    await installRecaptchaStandIn(context);
    await use(context);
  },
});
export { expect };

export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO = {
  admin: 'admin@example.com',
  staff: 'staff@example.com',
  supporter: 'supporter@example.com',
  owner: 'owner@example.com',
  pendingOwner: 'pending-owner@example.com',
  fan1: 'fan1@example.com',
} as const;
export const DEMO_SHOP = { id: 1, screenName: 'demo-cafe', name: 'デモカフェ 渋谷店' } as const;
export const DEMO_SCREEN_NAMES = {
  supporter: 'demo-supporter',
  owner: 'demo-owner',
  staff: 'demo-staff',
} as const;

/** Seed spec section 8: the toast after a 401. */
export const UNAUTHENTICATED_TOAST = '認証期限が切れました。再ログインが必要です。';
/** Seed spec section 5. */
export const ID_MESSAGE = 'IDは1以上の整数である必要があります';

let counter = 0;
/** A fresh address per call, so tests that change server state never share an account. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export function menu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'メインメニュー' });
}

/** The header's toggle (its name says what it does: メニューを開く / メニューを閉じる). */
export function menuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /メニューを(開く|閉じる)/ });
}

/** Opens the side menu (a drawer at every width) and waits until it is on screen. */
export async function openMenu(page: Page): Promise<Locator> {
  const nav = menu(page);
  if ((await menuButton(page).getAttribute('aria-expanded')) !== 'true') await menuButton(page).click();
  await expect(nav).toBeVisible();
  return nav;
}

export async function closeMenu(page: Page): Promise<void> {
  await menu(page)
    .getByRole('button', { name: /閉じる/ })
    .click();
  await expect(menu(page)).toBeHidden();
}

/** Where each link of the menu goes, as path + query, in the order shown. */
export async function menuTargets(page: Page): Promise<string[]> {
  const nav = await openMenu(page);
  return nav.getByRole('link').evaluateAll((links) =>
    links.map((a) => {
      const url = new URL((a as HTMLAnchorElement).href);
      return `${url.pathname}${url.search}`;
    }),
  );
}

/** Ticks the reCAPTCHA checkbox when the form shows one (the stand-in draws it). */
export async function tickRecaptcha(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: RECAPTCHA_CHECKBOX_LABEL }).check();
}

/**
 * Logs in through the login page, as a person does, and waits until the app leaves it. A login goes back
 * into the shop the person used last (issue 25, ADR 0167); unless `keepMode`, the helper then switches to
 * supporter mode and logs in again, so every spec starts where it did before (supporter mode, no shop
 * entered), whatever another spec left on the server.
 */
export async function login(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  { keepMode = false }: { keepMode?: boolean } = {},
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await tickRecaptcha(page);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await waitUntilSignedIn(page);
  const stored = () =>
    page.evaluate(() => {
      const store = JSON.parse(localStorage.getItem('store') ?? '{}') as {
        role?: string;
        user?: { last_mode?: string | null };
      };
      return { role: store.role, lastMode: store.user?.last_mode ?? null };
    });
  // Done once the remembered shop (if any) is entered.
  await expect
    .poll(async () => {
      const s = await stored();
      return s.lastMode !== 'shop' || s.role === 'shop';
    })
    .toBe(true);
  // Supporter mode is recorded on the server; the next login starts there with no shop entered (switching
  // mode keeps the entered shop in this browser, and some specs expect the advertiser home's shop switch).
  // The server remembers one mode per person: a spec running beside this one as the same person may enter
  // a shop meanwhile, so a login that lands in a shop again is tried again, and checked after its last try
  // (three specs log in as the demo owner at once, each entering the shop once).
  if (keepMode) return;
  for (let attempt = 0; ; attempt += 1) {
    if ((await stored()).role !== 'shop') return;
    if (attempt === 6) throw new Error(`${email}: every login landed in a shop`);
    await switchMode(page, 'supporter');
    await expect
      .poll(async () => (await stored()).lastMode, { timeout: 10_000 })
      .not.toBe('shop')
      .catch(() => undefined);
    await logout(page);
    await login(page, email, password, { keepMode: true });
  }
}

/**
 * Signs up by e-mail through the sign-up page and opens the verification link of the mail, as a
 * person does (seed spec sections 1 and 2). Leaves the page signed in as the new supporter.
 */
export async function registerByEmail(
  page: Page,
  email: string,
  password: string,
  name = 'テスト 太郎',
): Promise<string> {
  const screenName = `e2e_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/email-sign-up');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByLabel(/^お名前/).fill(name);
  await page.getByLabel(/^ユーザーID/).fill(screenName);
  await page.getByRole('checkbox', { name: /利用規約/ }).check();
  await tickRecaptcha(page);
  await page.getByRole('button', { name: /登録/ }).click();
  await expect(page.getByText(/確認メール|メールを送信/).first()).toBeVisible();
  const { linkIn, waitForMail } = await import('./support/mail.ts');
  await page.goto(linkIn(await waitForMail(email), '/'));
  await expect(page).not.toHaveURL(/\/login/);
  await waitUntilSignedIn(page);
  return screenName;
}

/**
 * A fresh load starts as a guest until start-up has refreshed the token and read the user (seed spec
 * section 4); the header's guest links go when it is done.
 */
export async function waitUntilSignedIn(page: Page): Promise<void> {
  await expect(menuButton(page)).toBeVisible();
  // Section 3: the stored session says `login` (from the user's email_verified) once start-up is done.
  await expect
    .poll(() =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('store') ?? '{}') as { login?: boolean }).login),
    )
    .toBe(true);
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン', exact: true })).toHaveCount(0);
  await expect(page.getByRole('banner').getByRole('link', { name: '新規登録', exact: true })).toHaveCount(0);
}

/** Logs out through the menu; the app lands on /login (seed spec section 2). */
export async function logout(page: Page): Promise<void> {
  const nav = await openMenu(page);
  await nav.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Switches mode through the menu; the app returns to the root and the menu closes (seed spec section 2). */
export async function switchMode(page: Page, to: 'advertiser' | 'supporter'): Promise<void> {
  const nav = await openMenu(page);
  await nav
    .getByRole('button', { name: to === 'advertiser' ? /広告主モード/ : /フォーカスターモード/ })
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(menu(page)).toBeHidden();
}

/**
 * Enters a shop from the advertiser home's shop switch (seed spec section 2). Done once the shop's home
 * shows: the choice is stored then, and a navigation before that loses it.
 */
export async function enterShop(page: Page, name: string = DEMO_SHOP.name): Promise<void> {
  // Issue 25: each shop of the switch has its own 「お店として使う」 (described by the shop's name).
  await page
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole('button', { name: 'お店として使う' })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

/** Seed spec section 2: the guest-accessible screens (those that need no data of their own). */
export const GUEST_ROUTES = [
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
  '/winner-picker',
] as const;

/**
 * Calls the API from a signed-in page, as the app does (its bearer token, the XSRF cookie echoed): the steps
 * of a journey that are other people's (staff approving, an owner writing a request) stay short. Throws with
 * the answer when it is not 2xx, so a broken fixture says why.
 */
export async function callApi<T = unknown>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const token = localStorage.getItem('accessToken');
      const xsrf = document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const headers: Record<string, string> = {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
      };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (xsrf) headers['X-XSRF-TOKEN'] = decodeURIComponent(xsrf);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(path, {
        method,
        headers,
        credentials: 'include',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  }
  return (answer.text ? JSON.parse(answer.text) : null) as T;
}

/** Another person signed in, in a browser context of their own, for `callApi`. Close it when done. */
export interface Someone {
  page: Page;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

async function someoneIn(browser: Browser, signIn: (page: Page) => Promise<unknown>): Promise<Someone> {
  const context = await browser.newContext({ baseURL: appUrl(), locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) =>
    route.abort('internetdisconnected'),
  );
  const { installRecaptchaStandIn } = await import('./support/recaptcha-standin.ts');
  await installRecaptchaStandIn(context);
  const page = await context.newPage();
  await signIn(page);
  return {
    page,
    call: (method, path, body) => callApi(page, method, path, body),
    close: () => context.close(),
  };
}

/** A demo account signed in beside the test's own page (its remembered mode is left as it is). */
export function signedIn(browser: Browser, email: string): Promise<Someone> {
  return someoneIn(browser, (page) => login(page, email, DEMO_PASSWORD, { keepMode: true }));
}

/** A new supporter signed up by e-mail (verified) beside the test's own page. */
export function newSupporter(browser: Browser, name: string): Promise<Someone> {
  return someoneIn(browser, (page) =>
    registerByEmail(page, uniqueEmail('journey'), 'Hoshi-no-kirin-25', name),
  );
}
