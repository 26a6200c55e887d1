import { DEMO, expect, login, logout, switchMode, enterShop, test } from './fixtures.ts';

/**
 * Issue 16 "Shop materials" (ADR 0092): the shop orders printed POP stands on /request-pop, staff mark
 * the order 発送済 on the screen linked from the admin menu, and the shop sees it. Also in the browser:
 * the top page's figures (/api/achievements, ADR 0094) and the signed-in devices on /account-info (ADR 0093).
 */
test.describe.configure({ mode: 'serial' });

const stamp = `e2e-${Date.now().toString(36)}-${process.pid}`;

async function asShop(page: import('@playwright/test').Page) {
  await login(page, DEMO.owner);
  await switchMode(page, 'advertiser');
  await enterShop(page);
}

test('the shop orders POP stands: full-width digits accepted, 受付 in the history (issue 16)', async ({
  page,
}) => {
  await asShop(page);
  await page.goto('/request-pop');
  const form = page.getByRole('region', { name: 'POPスタンドを申し込む' });
  await form.getByRole('button', { name: '申し込む' }).click();
  await expect(form.getByText('お届け先のお名前を入力してください。')).toBeVisible();
  await form.getByLabel('部数').selectOption('3');
  await form.getByLabel(/お届け先のお名前/).fill('デモカフェ 佐藤');
  await form.getByLabel(/郵便番号/).fill('１５０００４１');
  await form.getByLabel('都道府県').selectOption('東京都');
  await form.getByLabel(/市区町村・番地/).fill('渋谷区神南1-2-3');
  await form.getByLabel(/電話番号/).fill('03-1234-5678');
  await form.getByLabel(/備考/).fill(stamp);
  await form.getByRole('button', { name: '申し込む' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'POPのお申し込みを受け付けました。発送までしばらくお待ちください。',
  );
  const history = page.getByRole('region', { name: 'お申し込み履歴' });
  await expect(history.getByRole('listitem').first()).toContainText('受付');
  await expect(history.getByRole('listitem').first()).toContainText('〒150-0041 東京都渋谷区神南1-2-3');
});

test('staff find the order from the admin menu and mark it 発送済; the shop sees it (issue 16)', async ({
  page,
}) => {
  await login(page, DEMO.staff);
  await page.goto('/admin-menu');
  await page.getByRole('link', { name: /店頭POPの申し込み/ }).click();
  await expect(page).toHaveURL(/\/admin-pop-orders$/);
  const order = page.getByRole('listitem').filter({ hasText: stamp });
  await expect(order).toContainText('3部');
  await order.getByRole('button', { name: '発送済みにする' }).click();
  await expect(page.getByRole('status').filter({ hasText: '発送済みにしました。' })).toBeVisible();
  // The list shows 受付 by default: the shipped order leaves it.
  await expect(page.getByRole('listitem').filter({ hasText: stamp })).toHaveCount(0);
  await logout(page);

  await asShop(page);
  await page.goto('/request-pop');
  const history = page.getByRole('region', { name: 'お申し込み履歴' });
  await expect(history.getByRole('listitem').first()).toContainText('発送済');
});

test('the top page shows the real figures; /account-info lists this device (issue 16)', async ({ page }) => {
  await page.goto('/');
  const figures = page.getByRole('region', { name: 'Focustarの実績' });
  await expect(figures.getByText('掲載中のお店')).toBeVisible();
  await login(page, DEMO.fan1);
  await page.goto('/account-info');
  const devices = page.getByRole('region', { name: 'ログイン中の端末' });
  await expect(devices.getByText('この端末')).toBeVisible();
  await expect(page.getByRole('region', { name: 'メールアドレスの変更' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'パスワードの変更' })).toBeVisible();
});
