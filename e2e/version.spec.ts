import { expect, test } from './fixtures.ts';

test('an answer with a different X-App-Version offers a reload (seed spec section 4)', async ({ page }) => {
  // The server keeps answering; only the header says a newer build is deployed.
  await page.route('**/api/**', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'x-app-version': 'e2e-newer-build' } });
  });
  await page.goto('/login');
  const offer = page.getByRole('button', { name: /再読み込み/ });
  await expect(offer).toBeVisible();
  await expect(page.getByText(/新しいバージョン/).first()).toBeVisible();

  // Reloading with the routes gone loads the current build and the offer is gone.
  await page.unrouteAll({ behavior: 'wait' });
  await offer.click();
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /再読み込み/ })).toHaveCount(0);
});

test('answers with the same X-App-Version offer no reload (seed spec section 4)', async ({ page }) => {
  const versions: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) versions.push(r.headers()['x-app-version'] ?? '');
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => versions.length).toBeGreaterThan(0);
  expect(new Set(versions)).toEqual(new Set(['e2e']));
  await expect(page.getByRole('button', { name: /再読み込み/ })).toHaveCount(0);
});
