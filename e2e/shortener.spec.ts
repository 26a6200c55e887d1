import { DEMO, expect, login, test } from './fixtures.ts';

/**
 * Issue 16, "Done when" in the browser: staff shorten a URL, open it once in the browser and see one
 * click, while a crawler user agent adds none; then switch it off and the short URL shows
 * 「掲載は終了しました」 (ADR 0091).
 */
const PERSON =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('staff shorten a URL; one browser visit is one click, a crawler none; switched off it has ended (issue 16)', async ({
  page,
  browser,
  baseURL,
}) => {
  // A page any visitor may open (/contact asks a guest to log in first, which would move the URL on).
  const target = `${baseURL}/price?from=shortener-${Date.now().toString(36)}`;
  await login(page, DEMO.staff);
  await page.goto('/admin-menu');
  await page.getByRole('link', { name: /短縮URLの作成/ }).click();
  await expect(page).toHaveURL(/\/admin-url-shrinker$/);

  // A loop to this site's /s/ is refused next to the field.
  await page.getByLabel('短縮するURL').fill(`${baseURL}/s/AbCdEfGhIj`);
  await page.getByRole('button', { name: '短縮URLを作成する' }).click();
  await expect(
    page.getByText('このサイトの短縮URL（/s/…）はさらに短縮できません。元のURLを入力してください。'),
  ).toBeVisible();

  await page.getByLabel('短縮するURL').fill(target);
  await page.getByRole('button', { name: '短縮URLを作成する' }).click();
  const shortUrl =
    (await page.getByRole('region', { name: '新しい短縮URL' }).locator('output').textContent()) ?? '';
  expect(shortUrl).toMatch(/\/s\/[A-Za-z0-9]{10}$/);

  // Issue 4 (keyboard): the row's name that opens its detail is a button that keeps the focus ring when
  // reached by Tab (an inline `all: unset` used to take the outline away).
  const rowButton = page
    .getByRole('table', { name: '短縮URLの一覧' })
    .getByRole('button', { name: `${shortUrl} の詳細` });
  await rowButton.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(rowButton).toBeFocused();
  expect(
    await rowButton.evaluate((el) => [getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth]),
  ).toEqual(['solid', '3px']);

  // A person's browser (headless Chromium's own user agent is rightly a bot) opens it twice within the hour.
  const person = await browser.newContext({ userAgent: PERSON });
  const visit = await person.newPage();
  await visit.goto(shortUrl);
  await expect(visit).toHaveURL(target);
  await visit.goto(shortUrl);
  // A link previewer: redirected, never counted.
  const crawler = await page.request.get(shortUrl, {
    headers: { 'user-agent': 'facebookexternalhit/1.1;line-poker/1.0' },
    maxRedirects: 0,
  });
  expect(crawler.status()).toBe(302);

  const detail = page.getByRole('region', { name: '短縮URLの詳細' });
  await detail.getByRole('button', { name: '最新の数値に更新' }).click();
  await expect(detail.getByTestId('shrinker-clicks')).toHaveText('1');
  await expect(detail.getByRole('img', { name: /直近30日間のクリック数のグラフ（合計1回/ })).toBeVisible();

  // Switched off, the short URL shows 「掲載は終了しました」 and counts nothing more.
  page.once('dialog', (d) => void d.accept());
  await detail.getByRole('button', { name: 'この短縮URLを停止する' }).click();
  await expect(detail.getByText('停止中')).toBeVisible();
  await visit.goto(shortUrl);
  await expect(visit.getByRole('heading', { name: '掲載は終了しました' })).toBeVisible();
  await person.close();
  await detail.getByRole('button', { name: '最新の数値に更新' }).click();
  await expect(detail.getByTestId('shrinker-clicks')).toHaveText('1');
  await expect(
    page.getByRole('table', { name: '短縮URLの一覧' }).getByRole('row').filter({ hasText: target }),
  ).toContainText('停止中');
});
