import { DEMO, expect, login, test } from './fixtures.ts';

/**
 * Issue 14, "Done when" (in the browser): a supporter registers a bank account by choosing the bank and
 * the branch by name; staff (an admin) build last month's batch and download the Zengin file.
 */
test.describe.configure({ mode: 'serial' });

test('a supporter registers a bank account by choosing the bank and branch by name (issue 14)', async ({
  page,
}) => {
  await login(page, 'fan2@example.com');
  await page.goto('/bank');
  await page.getByRole('textbox', { name: /^金融機関/ }).fill('みつびし');
  await page.getByRole('button', { name: '三菱ＵＦＪ（0005）' }).click();
  await page.getByRole('textbox', { name: /^支店/ }).fill('ほんてん');
  await page.getByRole('button', { name: '本店（001）' }).click();
  await page.getByRole('textbox', { name: /^口座番号/ }).fill('７６５４３２１');
  await page.getByRole('textbox', { name: /^口座名義/ }).fill('たなか　しょう');
  await page.getByRole('button', { name: '口座を登録する' }).click();
  const registered = page.getByRole('status', { name: '登録済みの口座' });
  await expect(registered).toContainText('三菱ＵＦＪ（0005）');
  await expect(registered).toContainText('****321');
  await expect(registered).toContainText('タナカ シヨウ');
  await expect(registered).not.toContainText('7654321');
});

test('an admin builds last month’s batch and downloads the Zengin file (issue 14)', async ({ page }) => {
  await login(page, DEMO.admin);
  await page.goto('/admin-payments');
  await page.getByRole('button', { name: 'バッチを作成する' }).click();
  const batches = page.getByRole('table', { name: 'お振込みのバッチ' });
  await expect(batches.getByRole('row')).toHaveCount(3); // header, last month, the month before (支払済)
  const row = batches.getByRole('row').nth(1);
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '振込データ（全銀）' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^focustar-payout-\d{6}\.txt$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(path);
  expect(bytes.length % 122).toBe(0);
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('1210');
  await expect(row).toContainText('出力済');
  await row.getByRole('link').click();
  await expect(page.getByRole('table', { name: 'お振込みの明細' })).toContainText('山田 花子');
});

test('a supporter sees the paid payout, the account’s last digits and the next payment in /history (issue 14)', async ({
  page,
}) => {
  await login(page, DEMO.supporter);
  await page.goto('/history');
  const payouts = page.getByRole('table', { name: 'お振込み' });
  await expect(payouts).toContainText('1,500円');
  await expect(payouts).toContainText('お振込み済み');
  await expect(page.getByRole('heading', { name: '次回のお振込み' })).toBeVisible();
  await expect(page.getByText(/三菱ＵＦＪ 本店 \*\*\*\*567/)).toBeVisible();
  await expect(page.getByRole('table', { name: '報酬' })).toContainText('投稿の報酬');
});
