import { DEMO, expect, login, logout, test } from './fixtures.ts';
import { mailsTo } from './support/mail.ts';

/**
 * Issue 16, "Done when" in the browser: a supporter adds an Instagram handle, staff approve it, the
 * supporter sees 承認 (and gets the mail). Three steps in order, one person each.
 */
test.describe.configure({ mode: 'serial' });

const handle = `e2e_${Date.now().toString(36)}_${process.pid}`;
let code = '';

test('a supporter adds an Instagram handle; it shows 審査中 and the code for the bio (issue 16)', async ({
  page,
}) => {
  await login(page, DEMO.fan1);
  await page.goto('/account-info');
  const section = page.getByRole('region', { name: '投稿に使うSNSアカウント' });
  await section.getByLabel('SNSの種類').selectOption('instagram');
  await section.getByLabel(/アカウント名/).fill(`@${handle}`);
  await section.getByRole('button', { name: '追加する' }).click();
  const mine = section.getByRole('listitem', { name: `Instagram @${handle}` });
  await expect(mine.getByText('審査中', { exact: true })).toBeVisible();
  code = (await mine.locator('code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^FOCUS-[A-Z2-9]{6}$/);
});

test('staff find it in the SNS review queue and approve it with the follower count (issue 16)', async ({
  page,
}) => {
  await login(page, DEMO.staff);
  await page.goto('/admin-menu');
  await page.getByRole('link', { name: /SNSアカウントの審査/ }).click();
  await expect(page).toHaveURL(/\/admin-sns-examination$/);
  const card = page.getByRole('listitem').filter({ hasText: `@${handle}` });
  await expect(card.getByText(code)).toBeVisible();
  await expect(card.getByRole('link', { name: `https://www.instagram.com/${handle}/` })).toBeVisible();
  await card.getByLabel(/フォロワー数/).fill('１２００');
  await card.getByRole('button', { name: '承認する' }).click();
  await expect(page.getByRole('status').filter({ hasText: `「@${handle}」を承認しました` })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: `@${handle}` })).toHaveCount(0);
});

test('the supporter gets the mail and sees 承認 on the account screen (issue 16)', async ({ page }) => {
  await expect
    .poll(async () => (await mailsTo(DEMO.fan1)).map((m) => m.subject))
    .toContain('【Focustar】SNSアカウントが承認されました');
  await login(page, DEMO.fan1);
  await page.goto('/account-info');
  const approved = page
    .getByRole('region', { name: '投稿に使うSNSアカウント' })
    .getByRole('listitem', { name: `Instagram @${handle}` });
  await expect(approved.getByText('承認', { exact: true })).toBeVisible();
  await expect(approved.getByText('フォロワー 1,200人')).toBeVisible();
});

test('staff upload an index picture and the top page shows it (issue 16)', async ({ page }) => {
  const sharp = (await import('sharp')).default;
  const alt = `e2eの写真 ${handle}`;
  const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#e75480' } })
    .jpeg()
    .toBuffer();
  await login(page, DEMO.staff);
  await page.goto('/admin-menu');
  await page.getByRole('link', { name: /トップ画像の設定/ }).click();
  await expect(page).toHaveURL(/\/admin-index-picture-list$/);
  await page
    .getByLabel(/画像ファイル/)
    .setInputFiles({ name: 'shop.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await page.getByLabel(/画像の説明/).fill(alt);
  await page.getByRole('button', { name: '登録する', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'トップ画像を登録しました。' })).toBeVisible();
  await expect(page.getByRole('img', { name: alt })).toBeVisible();
  await logout(page);

  await page.goto('/');
  const picture = page.getByRole('region', { name: 'こんなお店で使えます' }).getByRole('img', { name: alt });
  await expect(picture).toBeVisible();
  // The browser really loaded the stored image (a broken one has no natural width).
  await expect
    .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
});
