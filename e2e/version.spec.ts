import { DEMO, DEMO_SHOP, expect, login, switchMode, test } from './fixtures.ts';

test('an answer with a different X-App-Version offers a reload (seed spec section 4)', async ({ page }) => {
  await login(page, DEMO.owner);
  await expect(page.getByRole('button', { name: '再読み込み' })).toHaveCount(0);
  // A new build is deployed: the server keeps answering, only its version header differs.
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': 'e2e-newer-build' } });
  });
  // Advertiser mode reads the user's shops through the request layer, which checks the header.
  await switchMode(page, 'advertiser');
  await expect(page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) })).toBeVisible();
  const offer = page.getByRole('alert').filter({ hasText: '新しいバージョン' });
  await expect(offer).toBeVisible();

  // Reloading (the routes gone: now "the new build") loads the current build without the offer.
  await page.unrouteAll({ behavior: 'wait' });
  await offer.getByRole('button', { name: '再読み込み' }).click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '再読み込み' })).toHaveCount(0);
});

test('answers with the same X-App-Version offer no reload (seed spec section 4)', async ({ page }) => {
  const versions: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) versions.push(r.headers()['x-app-version'] ?? '');
  });
  await login(page, DEMO.owner);
  await switchMode(page, 'advertiser');
  await expect(page.getByRole('button', { name: new RegExp(DEMO_SHOP.name) })).toBeVisible();
  expect(versions.length).toBeGreaterThan(0);
  expect(new Set(versions)).toEqual(new Set(['e2e']));
  await expect(page.getByRole('button', { name: '再読み込み' })).toHaveCount(0);
});
