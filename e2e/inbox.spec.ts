import { DEMO, expect, login, test } from './fixtures.ts';
import { mailsTo } from './support/mail.ts';
import { E2E_CONTACT_MAIL_TO } from './support/ports.ts';

/**
 * Issue 9: contact messages and shop requests, end to end. A supporter sends one of each; the operators
 * and the sender get their mails; staff find them on their screens and mark them 完了.
 */
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}-${process.pid}`;
const contactBody = `ポイントの反映について教えてください（${stamp}）`;
const shopName = `喫茶テスト ${stamp}`;

test('a supporter sends a contact message and a shop request; both get a receipt (issue 9)', async ({
  page,
}) => {
  await login(page, DEMO.supporter);

  await page.goto('/contact');
  await page.getByLabel('お問い合わせの種類').selectOption('報酬・お振込みについて');
  await page.getByLabel('お問い合わせ内容').fill(contactBody);
  await page.getByRole('button', { name: '送信する' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'お問い合わせを受け付けました' })).toBeVisible();

  await page.goto('/request-shop');
  await page.getByLabel(/^お店の名前/).fill(shopName);
  await page.getByLabel(/^場所/).fill('東京都渋谷区');
  await page.getByLabel(/URL/).fill('https://example.com/kissa');
  await page.getByRole('button', { name: 'リクエストを送る' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'リクエストを受け付けました' })).toBeVisible();

  // The operators' address gets both, with what was sent; the sender gets a receipt of each.
  await expect
    .poll(async () => (await mailsTo(E2E_CONTACT_MAIL_TO)).map((m) => m.text).join('\n'))
    .toContain(contactBody);
  await expect
    .poll(async () => (await mailsTo(E2E_CONTACT_MAIL_TO)).map((m) => m.text).join('\n'))
    .toContain(shopName);
  // Other tests mail the demo supporter too (offers, approvals): wait for the receipt itself.
  await expect
    .poll(async () => (await mailsTo(DEMO.supporter)).map((m) => m.subject).join('\n'), { timeout: 15_000 })
    .toMatch(/受け付けました/);
  const receipt = (await mailsTo(DEMO.supporter)).find((m) => /受け付けました/.test(m.subject));
  expect(receipt?.subject).toMatch(/Focustar/);
});

test('staff find the contact message and the shop request and mark them 完了 (issue 9)', async ({ page }) => {
  await login(page, DEMO.staff);

  await page.goto('/admin-menu');
  await page.getByRole('link', { name: /お問い合わせの対応/ }).click();
  await expect(page).toHaveURL(/\/admin-contact$/);
  const message = page.getByRole('listitem').filter({ hasText: contactBody });
  await expect(message).toBeVisible();
  await message.getByLabel('対応状況').selectOption('完了');
  await message.getByLabel('スタッフメモ').fill('メールで回答済み');
  await message.getByRole('button', { name: '保存する' }).click();
  await expect(message.locator('p').getByText('完了', { exact: true })).toBeVisible();
  // Stored: the 完了 filter lists it, with the note, after a reload.
  await page.reload();
  await page.getByRole('button', { name: '完了', exact: true }).click();
  const done = page.getByRole('listitem').filter({ hasText: contactBody });
  await expect(done.getByLabel('スタッフメモ')).toHaveValue('メールで回答済み');

  await page.goto('/admin-shop-requests');
  const request = page.getByRole('listitem').filter({ hasText: shopName });
  await expect(request).toBeVisible();
  await request.getByLabel('対応状況').selectOption('完了');
  await request.getByRole('button', { name: '保存する' }).click();
  await expect(request.locator('p').getByText('完了', { exact: true })).toBeVisible();
});
