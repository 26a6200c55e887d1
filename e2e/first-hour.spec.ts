import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  login,
  logout,
  menu,
  openMenu,
  test,
  tickRecaptcha,
  uniqueEmail,
} from './fixtures.ts';
import { linkIn, mailsTo } from './support/mail.ts';

/**
 * Issue 25 points 1 and 6 (ADR 0167), at 375 and 1280 px: an owner lands on the shops first and comes
 * back to the shop used last; a new supporter sees the first steps and sends the verification mail again.
 * Screenshots go to test-results/first-hour/.
 */
const SHOTS = 'test-results/first-hour';
/** Two busy cores shared by several runs: the waits here are longer than the default 7 s. */
const wait = expect.configure({ timeout: 20_000 });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** A demo owner per width, used by no other spec, so the remembered mode is this test's alone. */
const OWNERS = { 375: 'south-owner@example.com', 1280: 'north-owner@example.com' } as const;

for (const width of [375, 1280] as const) {
  test.describe(`the first hour at ${width} px (issue 25)`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Three logins and two logouts on two busy cores: more than the default minute.
    test.describe.configure({ timeout: 180_000 });

    test('an owner sees the shops first, uses one as the shop, and the next login goes back into it', async ({
      page,
    }) => {
      const email = OWNERS[width];
      await login(page, email, DEMO_PASSWORD, { keepMode: true });
      await page.goto('/');
      // Point 1: the shops first, each with お店として使う, and フォーカスターとして使う beside them.
      await wait(page.getByRole('heading', { level: 1, name: /どちらで使いますか/ })).toBeVisible();
      const shops = page.getByRole('list', { name: 'あなたのお店' });
      await wait(shops.getByRole('button', { name: 'お店として使う' }).first()).toBeVisible();
      await wait(page.getByRole('button', { name: 'フォーカスターとして使う' })).toBeVisible();
      await shot(page, `owner-choice-${width}`);

      const first = shops.getByRole('listitem').first();
      const shopName = (await first.locator('strong').first().innerText()).trim();
      await first.getByRole('button', { name: 'お店として使う' }).click();
      await wait(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
      await wait(page.getByText('広告主モードで操作しています。')).toBeVisible();
      await shot(page, `owner-shop-${width}`);

      // Logged out and in again: straight back into that shop.
      await logout(page);
      await login(page, email, DEMO_PASSWORD, { keepMode: true });
      await wait(page).toHaveURL(/\/$/);
      await wait(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
      await shot(page, `owner-back-in-shop-${width}`);

      // フォーカスターとして使う beside the shops: supporter mode, remembered for the next login too.
      await page.getByRole('button', { name: 'フォーカスターとして使う' }).click();
      await wait(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
      await wait(
        page
          .getByRole('list', { name: 'あなたのお店' })
          .getByRole('button', { name: 'お店として使う' })
          .first(),
      ).toBeVisible();
      await shot(page, `owner-supporter-home-${width}`);
      await logout(page);
      await login(page, email, DEMO_PASSWORD, { keepMode: true });
      await wait(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
      const nav = await openMenu(page);
      await wait(nav.getByRole('button', { name: /広告主モード/ })).toBeVisible();
      await wait(menu(page)).toBeVisible();
    });

    test('a new supporter sees the first steps and sends the verification mail again', async ({ page }) => {
      const email = uniqueEmail(`first-hour-${width}`);
      await page.goto('/email-sign-up');
      await page.getByLabel('メールアドレス').fill(email);
      await page.getByLabel('パスワード', { exact: true }).fill('Kirin-no-hoshi-77');
      await page.getByLabel(/^お名前/).fill('はじめて 花子');
      await page.getByLabel(/^ユーザーID/).fill(`fh_${width}_${Date.now().toString(36)}`);
      await page.getByRole('checkbox', { name: /利用規約/ }).check();
      await tickRecaptcha(page);
      await page.getByRole('button', { name: /登録/ }).click();
      await wait(page.getByRole('heading', { name: '確認メールを送信しました' })).toBeVisible();

      // Point 6: the first steps on the home, the e-mail not verified yet, and the mail sent again.
      await page.goto('/');
      const steps = page.getByRole('region', { name: 'はじめの準備' });
      await wait(steps).toBeVisible();
      await wait(steps.getByRole('listitem', { name: 'メールアドレスの確認：未完了' })).toBeVisible();
      for (const step of ['プロフィール', 'SNSアカウント', '審査', '最初の拡散依頼', '振込先口座']) {
        await wait(steps.getByRole('listitem', { name: `${step}：未完了` })).toBeVisible();
      }
      await wait(steps.getByText(/通常2〜3営業日/)).toBeVisible();
      await shot(page, `supporter-steps-unverified-${width}`);
      await steps.getByRole('button', { name: '確認メールを再送信する' }).click();
      await wait(page.getByText('確認メールを再送信しました。メールをご確認ください。')).toBeVisible();
      await wait.poll(async () => (await mailsTo(email)).length).toBe(2);
      // Once a minute: the second press is told to wait.
      await steps.getByRole('button', { name: '確認メールを再送信する' }).click();
      await wait(
        page.getByText(/確認メールは送信済みです。\d+秒ほど待ってから再送信してください。/),
      ).toBeVisible();

      // The link of the newest mail lands on the signed-in home with the steps, the e-mail done.
      await page.goto(linkIn((await mailsTo(email)).at(-1)!, '/'));
      await wait(page.getByText(/メールアドレスの確認が完了しました/)).toBeVisible();
      await wait(page).toHaveURL(/\/$/);
      await wait(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
      await wait(steps.getByRole('listitem', { name: 'メールアドレスの確認：完了' })).toBeVisible();
      await wait(steps.getByRole('link', { name: 'SNSアカウントを登録する' })).toHaveAttribute(
        'href',
        '/account-info#sns',
      );
      await shot(page, `supporter-steps-verified-${width}`);

      await page.goto('/account-info');
      await wait(
        page
          .getByRole('region', { name: 'はじめの準備' })
          .getByRole('listitem', { name: 'プロフィール：未完了' }),
      ).toBeVisible();
      await shot(page, `supporter-account-info-${width}`);
    });
  });
}
