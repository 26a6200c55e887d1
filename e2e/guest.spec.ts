import {
  DEMO_SHOP,
  expect,
  GUEST_ROUTES,
  ID_MESSAGE,
  menu,
  menuTargets,
  openMenu,
  test,
} from './fixtures.ts';

test.describe('guest routes (seed spec section 2)', () => {
  for (const path of GUEST_ROUTES) {
    test(`${path} renders its page title and one main heading (seed spec section 2)`, async ({ page }) => {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveCount(1);
      await expect(h1).toBeVisible();
      await expect(h1).not.toHaveText(/^\s*$/);
      // Issue 4: titles read `ページ名 | Focustar`; the top page carries the product's name first.
      await expect(page).toHaveTitle(path === '/' ? /Focustar/ : /^\S.* \| Focustar$/);
      await expect(page.locator('main')).toBeVisible();
    });
  }

  test('each guest route has a title of its own (seed spec section 2)', async ({ page }) => {
    // Sixteen page loads in one test.
    test.setTimeout(90_000);
    const titles = new Map<string, string>();
    for (const path of GUEST_ROUTES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      titles.set(path, await page.title());
    }
    const byTitle = new Map<string, string[]>();
    for (const [path, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), path]);
    const shared = [...byTitle].filter(([, paths]) => paths.length > 1);
    expect(shared, `同じタイトルの画面: ${JSON.stringify(shared)}`).toEqual([]);
  });

  test('the guest menu has exactly its items (seed spec section 2)', async ({ page }) => {
    await page.goto('/');
    // how to use (root), advertiser introduction, account registration (/line), login, supporter FAQ.
    expect(await menuTargets(page)).toEqual([
      '/',
      '/introduction-advertiser',
      '/line',
      '/login',
      '/faq-focustar',
    ]);
    const nav = menu(page);
    await expect(nav.getByRole('button')).toHaveCount(1);
    await expect(nav.getByRole('button', { name: /閉じる/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'ログイン' })).toBeVisible();
    // No signed-in items for a guest.
    await expect(nav.getByRole('button', { name: 'ログアウト' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: /スタッフ|管理/ })).toHaveCount(0);
  });

  test('the guest menu closes with its close control and with Escape (seed spec section 2)', async ({
    page,
  }) => {
    await page.goto('/');
    const nav = await openMenu(page);
    await nav.getByRole('button', { name: /閉じる/ }).click();
    await expect(nav).toBeHidden();
    await openMenu(page);
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
  });

  test('/error says the page had an error and cannot be shown (seed spec sections 2 and 8)', async ({
    page,
  }) => {
    await page.goto('/error');
    await expect(page.getByRole('main')).toContainText('エラー');
    await expect(page.getByRole('main')).toContainText(/表示できません/);
  });

  test('an unknown screen_name shows the not-found view (seed spec section 2)', async ({ page }) => {
    const res = await page.goto('/no-such-person-e2e');
    expect(res?.status()).toBe(200); // the SPA answers; the view says what is wrong
    await expect(page.getByRole('main')).toContainText(/見つかりません/);
    await expect(page).toHaveTitle(/Focustar/);
  });

  test('a known screen_name shows the public profile of the shop (seed spec section 2)', async ({ page }) => {
    await page.goto(`/${DEMO_SHOP.screenName}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(DEMO_SHOP.name);
  });

  test('a known screen_name shows the public profile of the supporter (seed spec section 2)', async ({
    page,
  }) => {
    await page.goto('/demo-supporter');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('山田 花子');
    // A public page: no e-mail address of the person on it.
    await expect(page.getByText('supporter@example.com')).toHaveCount(0);
  });

  test('/recruitments/abc shows the id message and makes no call (seed spec section 5)', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/recruitments')) calls.push(req.url());
    });
    await page.goto('/recruitments/abc');
    await expect(page.getByText(ID_MESSAGE).first()).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('a guest opening a signed-in route is sent to /login (seed spec section 6)', async ({ page }) => {
    await page.goto('/account-info');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
