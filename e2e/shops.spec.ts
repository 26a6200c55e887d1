import sharp from 'sharp';
import {
  DEMO,
  expect,
  login,
  logout,
  registerByEmail,
  switchMode,
  test,
  uniqueEmail,
  enterShop,
} from './fixtures.ts';

/**
 * Issue 12 "Done when", in the browser: a new advertiser applies with a company and a shop, staff approve
 * both, the owner switches to the shop and sees the request button; a supporter finds the shop by
 * prefecture, follows it, and appears in the shop's supporter list.
 *
 * NOTE: the applicant is a freshly registered account, not pending-owner@example.com: other specs run on
 * the same server at the same time and rely on pending-owner's company staying 審査中.
 */
test.describe.configure({ mode: 'serial' });

const stamp = `${Date.now().toString(36)}${process.pid}`;
const ownerEmail = uniqueEmail('shop-owner');
const password = 'Kirin-no-hoshi-77';
const companyName = `株式会社テスト商店${stamp}`;
const shopName = `とっとり珈琲 ${stamp}`;
const shopId = `tottori-${stamp}`.slice(0, 30);

test('a new advertiser applies with a company and a first shop with a cover image (issue 12)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await registerByEmail(page, ownerEmail, password);
  await switchMode(page, 'advertiser');
  await page.getByRole('link', { name: '広告主として申し込む' }).click();
  await expect(page).toHaveURL(/\/apply-advertiser$/);

  await page.getByLabel(/^会社名・屋号$/).fill(companyName);
  // Hiragana and full-width digits, as people type them with the IME on.
  await page.getByLabel(/^会社名・屋号（フリガナ）/).fill('かぶしきがいしゃてすとしょうてん');
  await page.getByLabel(/^代表者名/).fill('鳥取 花子');
  await page.getByLabel(/^郵便番号/).fill('６８０－０８３１');
  await page.getByLabel(/^所在地/).fill('鳥取県鳥取市栄町1-1');
  const company = page.getByRole('region', { name: '会社の情報' });
  await company.getByLabel(/^電話番号/).fill('０８５７－２２－１２３４');

  const shop = page.getByRole('region', { name: 'お店の情報' });
  await shop.getByLabel(/^お店の名前/).fill(shopName);
  await shop.getByLabel(/^お店のID/).fill(shopId);
  await shop.getByLabel(/^カテゴリ/).selectOption('カフェ');
  await shop.getByLabel(/^都道府県/).selectOption('鳥取県');
  await shop.getByLabel(/^住所/).fill('鳥取県鳥取市栄町1-1');
  await shop.getByLabel(/^電話番号/).fill('0857-22-1234');
  await shop.getByLabel(/^お店の紹介/).fill('砂丘を眺めながら自家焙煎のコーヒーを。');
  const cover = await sharp({ create: { width: 1200, height: 675, channels: 3, background: '#8d5b3c' } })
    .png()
    .toBuffer();
  await shop
    .getByLabel(/^カバー画像/)
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover });
  await page.getByRole('button', { name: '審査を申し込む' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'お申し込みを受け付けました' })).toBeVisible();
  await expect(page.getByText('会社: 審査中')).toBeVisible();
  await expect(page.getByText('お店: 審査待ち（審査完了後に拡散依頼が可能になります）')).toBeVisible();

  // The shop switch shows the new shop waiting for the review.
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  // Issue 25 (ADR 0167): each shop of the switch is a card with its status beside 「お店として使う」.
  await expect(
    page.getByRole('listitem').filter({ has: page.getByText(shopName, { exact: true }) }),
  ).toContainText('審査待ち');
});

test('staff approve the company and the shop on /admin-shop-list (issue 12)', async ({ page }) => {
  await login(page, DEMO.staff);
  await page.goto('/admin-menu');
  await page.getByRole('link', { name: /会社・お店の審査/ }).click();
  await expect(page).toHaveURL(/\/admin-shop-list$/);

  const company = page.getByRole('article', { name: companyName });
  await expect(company.getByText('カブシキガイシャテストショウテン')).toBeVisible();
  await expect(company.getByText('0857-22-1234')).toBeVisible();
  await company.getByLabel('ご利用状況', { exact: true }).selectOption('利用可能（取引あり）');
  await company.getByRole('button', { name: 'ご利用状況を保存する' }).click();
  await expect(company.getByRole('definition').filter({ hasText: /^利用可能（取引あり）$/ })).toBeVisible();

  const shop = page.getByRole('article', { name: shopName });
  // The cover went through the storage service (a decorative image: empty alt).
  await expect(shop.locator('img')).toHaveAttribute('src', /^\/media\/cover\/\d{4}\/[0-9a-f]{32}\.webp$/);
  await shop.getByRole('button', { name: '承認して公開する' }).click();
  await expect(shop.getByRole('definition').filter({ hasText: /^公開中$/ })).toBeVisible();
});

test('the owner switches to the approved shop and sees the request button (issue 12)', async ({ page }) => {
  await login(page, ownerEmail, password);
  await switchMode(page, 'advertiser');
  // Published now: the shop's card on the switch says so beside 「お店として使う」 (issue 25, ADR 0167).
  await expect(
    page.getByRole('listitem').filter({ has: page.getByText(shopName, { exact: true }) }),
  ).toContainText('公開中');
  await page.getByRole('button', { name: new RegExp(shopName) }).click();
  await expect(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '拡散を依頼する' })).toBeVisible();
});

test("the owner edits the shop's profile and the company's details (issue 12, ADR 0052)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await login(page, ownerEmail, password);
  await switchMode(page, 'advertiser');
  await page.getByRole('button', { name: new RegExp(shopName) }).click();
  await page.getByRole('link', { name: 'お店の情報を編集する' }).click();
  await expect(page).toHaveURL(/\/shop-profile$/);
  await expect(page.getByLabel(/^お店の名前/)).toHaveValue(shopName);
  await page.getByLabel(/^営業時間/).fill('８:００〜１８:００（水曜定休）');
  await page.getByLabel(/^お店の紹介/).fill('砂丘を眺めながら、自家焙煎のコーヒーと手づくりのケーキを。');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('お店の情報を保存しました。')).toBeVisible();
  await page.getByRole('link', { name: 'お店のページを見る' }).click();
  await expect(page.getByText('自家焙煎のコーヒーと手づくりのケーキを。')).toBeVisible();

  await page.goto('/shop-profile');
  await page.getByRole('link', { name: '会社の情報を編集する' }).click();
  await expect(page).toHaveURL(/\/company-profile$/);
  await expect(page.getByLabel(/^会社名・屋号$/)).toHaveValue(companyName);
  await page.getByLabel(/^代表者名/).fill('鳥取 次郎');
  await page.getByLabel(/^電話番号/).fill('０８５７－２２－９９９９');
  await page.getByRole('button', { name: '保存する' }).click();
  await expect(page.getByText('会社の情報を保存しました。')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(/^代表者名/)).toHaveValue('鳥取 次郎');
  await expect(page.getByLabel(/^電話番号/)).toHaveValue('0857-22-9999');
});

test('staff find any shop by its company name on the shop switch and enter it (issue 12)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await login(page, DEMO.staff);
  await switchMode(page, 'advertiser');
  const search = page.getByRole('search', { name: 'すべてのお店の検索' });
  await search.getByLabel('お店の名前・ID・会社名').fill(`テスト商店${stamp}`);
  await search.getByRole('button', { name: '検索する' }).click();
  const found = page.getByRole('list', { name: '見つかったお店' });
  await expect(found.getByRole('button')).toHaveCount(1);
  await found.getByRole('button', { name: new RegExp(shopName) }).click();
  await expect(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '拡散を依頼する' })).toBeVisible();
});

test('a supporter finds the shop by prefecture and follows it; the shop sees the supporter (issue 12)', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await login(page, DEMO.fan1);
  await page.goto('/favorites');
  await page.getByLabel('エリア').selectOption('鳥取県');
  await page.getByRole('button', { name: '検索する' }).click();
  await expect(page).toHaveURL(/prefecture=/);
  const card = page.getByRole('listitem').filter({ hasText: shopName });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `${shopName}をお気に入りに登録する` }).click();
  await expect(card.getByRole('button', { name: `${shopName}をお気に入りから外す` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card.getByText('1人のフォーカスターが応援しています')).toBeVisible();
  // The followed list has it too.
  await page.getByRole('link', { name: 'お気に入りのお店' }).first().click();
  await expect(page.getByRole('listitem').filter({ hasText: shopName })).toBeVisible();
  await logout(page);

  await login(page, ownerEmail, password);
  await switchMode(page, 'advertiser');
  await enterShop(page, shopName);
  await page.goto('/favorites');
  const list = page.getByRole('list', { name: 'フォーカスター一覧' });
  await expect(list.getByRole('listitem').filter({ hasText: '高橋 美咲' })).toBeVisible();
  await expect(list.getByText(/から応援しています/)).toBeVisible();
});

test("a guest opens the shop's page (its QR link), signs up by e-mail and follows the shop after verifying (issue 12, product design section 6)", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`/${shopId}`);
  await expect(page.getByRole('heading', { level: 1, name: shopName })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('referralShopId'))).toMatch(/^\d+$/);
  await page.getByRole('link', { name: '会員登録してこのお店を応援する' }).click();
  await expect(page).toHaveURL(/\/register$/);

  await registerByEmail(page, uniqueEmail('referral'), password);
  // Seed spec sections 3 and 4: the key goes once the address is verified; the flag is raised.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('referralShopId'))).toBeNull();
  const flags = await page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('store') ?? '{}') as {
          user?: { flag_status?: Record<string, boolean> };
        }
      ).user?.flag_status,
  );
  expect(flags?.addedReferralShop).toBe(true);
  await page.goto('/favorites?type=follow');
  const card = page.getByRole('listitem').filter({ hasText: shopName });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: `${shopName}をお気に入りから外す` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card.getByText('2人のフォーカスターが応援しています')).toBeVisible();
});
