import { DEMO_PASSWORD, expect, login, test } from './fixtures.ts';

/**
 * Issue 16 "The supporter's own account" (ADR 0095): leaving from /account-info with a clear warning
 * about an unpaid balance. fan3 has seeded rewards and is used by no other browser test.
 */
test('a supporter with unpaid rewards is told the amount and must agree before leaving (issue 16)', async ({
  page,
}) => {
  await login(page, 'fan3@example.com');
  await page.goto('/account-info');
  const card = page.getByRole('region', { name: '退会' });
  await card.getByRole('button', { name: '退会の手続きへ進む' }).click();
  await card.getByLabel('パスワード').fill(DEMO_PASSWORD);
  page.on('dialog', (d) => void d.accept());
  await card.getByRole('button', { name: '退会する' }).click();
  await expect(card.getByRole('alert')).toContainText(
    /お振込み前の報酬が[0-9,]+円あります。退会すると受け取れなくなります。/,
  );
  await expect(card.getByRole('button', { name: '退会する' })).toBeDisabled();
  await card.getByLabel('お振込み前の報酬を受け取らずに退会することに同意します').check();
  await card.getByRole('button', { name: '退会する' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: '退会手続きが完了しました。' })).toBeVisible();
  // Signed out: the account page asks to log in again.
  await page.goto('/account-info');
  await expect(page).toHaveURL(/\/login/);
});
