import { auxUrl } from './support/ports.ts';
import { expect, registerByEmail, test, uniqueEmail } from './fixtures.ts';

/**
 * Issue 26 part 2 "Web Push", "Preferences": the installable app (manifest, icons, a service worker that
 * caches nothing), this browser subscribing to push from /account-info and the device listed and removed,
 * and 通知設定 saved. Each test signs up its own supporter.
 *
 * NOTE: headless Chromium here cannot subscribe for real: with the permission granted, `PushManager.subscribe`
 * still rejects ("AbortError: Registration failed - permission denied"; nor could it reach Google's FCM), so the page's `PushManager.subscribe` is replaced by
 * one that returns a subscription made by the push-service stand-in of the e2e stack: everything else — the
 * permission prompt (granted), the service worker registration, the POST, the listing — is the real thing.
 */
test('the app is installable: a manifest with 192/512 and maskable icons, and /sw.js that caches nothing (issue 26)', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await request.get(href!)).json();
  expect(manifest).toMatchObject({
    name: 'Focustar（フォーカスター）',
    lang: 'ja',
    display: 'standalone',
    start_url: '/',
  });
  const sizes = (manifest.icons as { sizes: string; purpose: string; src: string }[]).map(
    (i) => `${i.sizes} ${i.purpose}`,
  );
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()['content-type']).toContain('image/png');
  }
  const sw = await request.get('/sw.js');
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(await sw.text()).not.toMatch(/addEventListener\(\s*['"]fetch['"]/);
  // Registered a few seconds after load; it controls nothing it could serve stale, and keeps no cache.
  const registered = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { script: reg.active?.scriptURL ?? '', caches: await caches.keys() };
  });
  expect(registered.script).toMatch(/\/sw\.js$/);
  expect(registered.caches).toEqual([]);
});

test('a supporter subscribes this browser to push on /account-info, sees the device and removes it (issue 26)', async ({
  page,
  context,
}) => {
  await registerByEmail(page, uniqueEmail('push'), 'push-pass-2026');
  await context.grantPermissions(['notifications']);
  await page.goto('/account-info');
  // The cards load after the rest of the screen (lazily).
  await expect(page.getByRole('heading', { name: '通知設定' })).toBeVisible({ timeout: 20_000 });
  const card = page.getByRole('region', { name: 'プッシュ通知を受け取る端末' });
  await expect(card.getByText('プッシュ通知を受け取る端末はありません。')).toBeVisible();
  // The subscription the browser would get, made by the push-service stand-in for the server's VAPID key.
  const [apiResponse] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/api/push-subscriptions') && r.request().method() === 'GET',
    ),
    page.reload(),
  ]);
  const applicationServerKey = ((await apiResponse.json()) as { vapid_public_key: string }).vapid_public_key;
  const subscription = await (
    await fetch(`${auxUrl()}/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey }),
    })
  ).json();
  await page.evaluate((sub) => {
    const fake = {
      endpoint: sub.endpoint,
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    };
    PushManager.prototype.getSubscription = async () => null;
    PushManager.prototype.subscribe = async () => fake as unknown as PushSubscription;
  }, subscription);
  const fresh = page.getByRole('region', { name: 'プッシュ通知を受け取る端末' });
  await fresh.getByRole('button', { name: 'この端末でプッシュ通知を受け取る' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'この端末でプッシュ通知を受け取ります。' }),
  ).toBeVisible();
  await expect(fresh.getByText(/パソコン（Chrome）/)).toBeVisible();
  // With a device, 通知設定 offers push for each group.
  const offers = page.getByRole('group', { name: '拡散依頼のオファー' });
  await expect(offers.getByRole('checkbox', { name: /プッシュ通知/ })).toBeChecked();
  await expect(offers.getByRole('checkbox', { name: /プッシュ通知/ })).toBeEnabled();
  await fresh.getByRole('button', { name: 'パソコン（Chrome）を削除' }).click();
  await expect(fresh.getByText('プッシュ通知を受け取る端末はありません。')).toBeVisible();
});

test('通知設定: a supporter turns offers by mail off and quiet hours off, and it is kept (issue 26)', async ({
  page,
}) => {
  await registerByEmail(page, uniqueEmail('prefs'), 'prefs-pass-2026');
  await page.goto('/account-info');
  await expect(page.getByRole('heading', { name: '通知設定' })).toBeVisible({ timeout: 20_000 });
  const offers = page.getByRole('group', { name: '拡散依頼のオファー' });
  await expect(offers.getByRole('checkbox', { name: /お知らせ欄/ })).toBeDisabled();
  await expect(offers.getByRole('checkbox', { name: /メール/ })).toBeChecked();
  await offers.getByRole('checkbox', { name: /メール/ }).uncheck();
  await page.getByRole('checkbox', { name: /夜間（22:00〜8:00）/ }).uncheck();
  await page.getByRole('region', { name: '通知設定' }).getByRole('button', { name: '保存する' }).click();
  await expect(page.getByRole('status').filter({ hasText: '通知設定を保存しました。' })).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: '拡散依頼のオファー' }).getByRole('checkbox', { name: /メール/ }),
  ).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: /夜間（22:00〜8:00）/ })).not.toBeChecked();
});
