import type { Page, Request } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  DEMO_SHOP,
  expect,
  login,
  menu,
  switchMode,
  test,
  tickRecaptcha,
  UNAUTHENTICATED_TOAST,
} from './fixtures.ts';
import { expiredCopyOf } from './support/tokens.ts';

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));
const setToken = (page: Page, token: string) =>
  page.evaluate((t) => localStorage.setItem('accessToken', t), token);

/** Every /api request the page makes, with the bearer token it carried and its answer status. */
function recordApi(page: Page) {
  const calls: { method: string; path: string; token: string | null; status?: number; req: Request }[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/api/')) return;
    const auth = req.headers().authorization ?? null;
    calls.push({
      method: req.method(),
      path: url.pathname,
      token: auth?.replace(/^Bearer /, '') ?? null,
      req,
    });
  });
  page.on('response', (res) => {
    const call = calls.find((c) => c.req === res.request());
    if (call) call.status = res.status();
  });
  return calls;
}

test.describe('tokens (seed spec sections 4, 7 and 8)', () => {
  test('an expired token is refreshed once and the request retried (seed spec section 8)', async ({
    page,
  }) => {
    await login(page, DEMO.owner);
    const fresh = await storedToken(page);
    expect(fresh).not.toBeNull();
    const expired = await expiredCopyOf(fresh!);
    await setToken(page, expired);

    const calls = recordApi(page);
    // Advertiser mode lists the user's shops (GET /api/myShops through the request layer).
    await switchMode(page, 'advertiser');
    await expect(page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) })).toBeVisible();
    const refreshes = calls.filter((c) => c.method === 'POST' && c.path === '/api/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]!.token).toBe(expired);
    expect(refreshes[0]!.status).toBe(200);
    const renewed = await storedToken(page);
    expect(renewed).not.toBe(expired);
    // A call carried the expired token and got 401 (GET /api/myShops, or a call of the bell that the mode
    // switch starts: which goes first is the browser's timing); GET /api/myShops ended with the new token.
    expect(calls.some((c) => c.token === expired && c.status === 401)).toBe(true);
    const shops = calls.filter((c) => c.path === '/api/myShops');
    expect(shops.at(-1)?.token).toBe(renewed);
    expect(shops.at(-1)?.status).toBe(200);
    await expect(page.getByText(UNAUTHENTICATED_TOAST)).toHaveCount(0);
  });

  test('a load with an expired token refreshes it once for all the calls that follow (seed spec sections 4 and 8)', async ({
    page,
  }) => {
    await login(page, DEMO.owner);
    await switchMode(page, 'advertiser');
    await expect(page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) })).toBeVisible();
    const expired = await expiredCopyOf((await storedToken(page))!);
    await setToken(page, expired);

    // A fresh load with an expired token: start-up refreshes it once (section 4), and the reads of the
    // page and of the user all go out with the new token. (The screens never fire two signed-in calls
    // at once, so "ten 401s, one refresh" is tested on the request layer itself, issue 3.)
    const calls = recordApi(page);
    await page.reload();
    await expect(page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) })).toBeVisible();
    await expect(menu(page)).toBeHidden();

    const refreshes = calls.filter((c) => c.method === 'POST' && c.path === '/api/refresh');
    expect(refreshes).toHaveLength(1);
    const renewed = await storedToken(page);
    expect(renewed).not.toBe(expired);
    const after = calls.filter((c) => c.path !== '/api/refresh' && c.token === renewed);
    expect(after.length).toBeGreaterThanOrEqual(2); // at least GET /api/me and GET /api/myShops
    for (const c of calls.filter((x) => x.token === renewed))
      expect(c.status, `${c.method} ${c.path}`).toBeLessThan(400);
  });

  test('a revoked token gives the 401 toast and the root (seed spec section 8)', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await login(page, DEMO.supporter);
    await page.goto('/account-info');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The screen's later sections (通知設定, push devices: issue 26) load after its heading: their calls are
    // done before the token is revoked, so the 401 below is the one the mode switch makes.
    await expect(page.getByRole('heading', { name: '通知設定' })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'プッシュ通知を受け取る端末', exact: true }),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    const token = (await storedToken(page))!;

    // The same login ends elsewhere (e.g. "log out" on another device): POST /api/logout revokes it.
    const other = await playwright.request.newContext({ baseURL });
    await other.get('/api/csrf-cookie');
    const xsrf = (await other.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const out = await other.post('/api/logout', {
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': decodeURIComponent(xsrf) },
    });
    expect(out.status()).toBe(200);
    await other.dispose();

    // The next signed-in call through the app gets 401.
    await switchMode(page, 'advertiser').catch(() => undefined);
    await expect(page.getByText(UNAUTHENTICATED_TOAST)).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => storedToken(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('store'))).toBeNull();
    await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();
  });

  test('"remember me" on the login form asks for a 14-day login, and says so (issue 10: tokens in the browser)', async ({
    page,
  }) => {
    await page.goto('/login');
    const remember = page.getByRole('checkbox', { name: 'ログインしたままにする' });
    await expect(remember).not.toBeChecked();
    await expect(page.getByText(/最長14日間ログインしたまま/)).toBeVisible();
    await page.getByLabel('メールアドレス').fill(DEMO.supporter);
    await page.getByLabel('パスワード', { exact: true }).fill(DEMO_PASSWORD);
    await remember.check();
    await tickRecaptcha(page);
    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/login',
    );
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({ email: DEMO.supporter, remember: true });
    await expect(page).not.toHaveURL(/\/login(\?|$)/);
  });
});
