import { expect, login, logout, registerByEmail, test, uniqueEmail } from './fixtures.ts';
import { linkIn, mailsTo, waitForMail } from './support/mail.ts';

test('forgot password: the mail link sets a new password, the old one stops working (seed spec section 2: /forgot-password)', async ({
  page,
}) => {
  const email = uniqueEmail('reset');
  await registerByEmail(page, email, 'e2e-Old-pass-2026');
  await logout(page);
  const before = (await mailsTo(email)).length;

  await page.goto('/forgot-password');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '再設定メールを送る' }).click();
  await expect(page.getByText(/リンクの有効期限は60分/)).toBeVisible();

  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBeGreaterThan(before);
  const mail = await waitForMail(email);
  expect(mail.subject).toContain('パスワード再設定');
  await page.goto(linkIn(mail, '/forgot-password'));
  await page
    .getByLabel(/新しいパスワード/)
    .first()
    .fill('e2e-New-pass-2026');
  const confirm = page.getByLabel(/確認/);
  if (await confirm.count()) await confirm.fill('e2e-New-pass-2026');
  await page.getByRole('button', { name: /再設定|変更/ }).click();
  await expect(page.getByText(/再設定しました|変更しました/).first()).toBeVisible();

  await login(page, email, 'e2e-New-pass-2026');
  await logout(page);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill('e2e-Old-pass-2026');
  await page.getByRole('checkbox', { name: '私はロボットではありません' }).check();
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page.getByText(/メールアドレスまたはパスワード/).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
