import type { Browser, Page } from '@playwright/test';
import {
  callApi,
  DEMO,
  DEMO_SHOP,
  enterShop,
  expect,
  login,
  newSupporter,
  registerByEmail,
  signedIn,
  type Someone,
  test,
  uniqueEmail,
} from './fixtures.ts';
import { AD_MESSAGES } from '../contracts/advertisements.ts';
import { checkStep } from './support/checks.ts';
import { postOnSns } from './support/mail.ts';

/**
 * Issue 25 "Done when": one journey per role at 375 and 1280 px, each step checked by axe (nothing serious or
 * critical), for sideways scroll, and photographed into docs/screenshots/25/: (a) a new supporter from sign-up
 * to the first approved reward; (b) an owner from login to judging a post; (c) staff from reviewing a request
 * to a payout batch. Each journey builds its own fixtures (a new supporter with an approved TikTok account who
 * follows the demo shop, a request of the demo shop on TikTok only, which no seeded supporter can take); the
 * steps that are other people's are API calls (e2e/fixtures.ts `callApi`), the role's own are the browser.
 * Product design section 8: every irreversible or money action asks first and reports after.
 */

/** Two busy cores shared by several runs: longer waits than the default 7 s. */
const wait = expect.configure({ timeout: 20_000 });
const TAG = 'focustarjourney';
const tokyoDay = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
const stampOf = (width: number) => `${width}-${Date.now().toString(36)}-${process.pid}`;
const handleOf = (width: number) => `e2e_j${width}_${Date.now().toString(36)}`;
/** A TikTok video id carries the Unix second in its upper 32 bits: a post of now. */
const tiktokPost = (handle: string) =>
  `https://www.tiktok.com/@${handle}/video/${(BigInt(Math.floor(Date.now() / 1000)) << 32n) + BigInt(Math.floor(Math.random() * 1000))}`;

type Me = { id: number };
type Sns = { id: number; handle: string; provider: string };
type Ad = { id: number };
type UnitRow = {
  id: number;
  advertisement_id: number;
  status: string;
  reward: number;
  short_url: string | null;
};

/** Staff approve a supporter's review and their SNS account; the supporter follows the demo shop. */
async function approveSupporter(supporter: Page, staff: Someone, account: Sns): Promise<void> {
  const me = await callApi<Me>(supporter, 'GET', '/api/me');
  await staff.call('POST', `/api/social-accounts/${account.id}/approve`, { follower_count: 800 });
  await staff.call('PUT', `/api/users/${me.id}/status`, { status: '承認' });
  await callApi(supporter, 'POST', `/api/shops/${DEMO_SHOP.id}/favorite`);
}

/** The demo shop's request on TikTok, written and submitted by the owner (API); approved by staff unless asked not to. */
async function tiktokRequest(owner: Someone, staff: Someone | null, stamp: string): Promise<Ad> {
  const ad = await owner.call<Ad>('POST', '/api/advertisements', {
    shop_id: DEMO_SHOP.id,
    text: `#PR 秋の栗パフェ、はじめました（${stamp}）`,
    hashtags: [TAG],
    platforms: ['tiktok'],
    units: 10,
    reward: 150,
    starts_on: tokyoDay(0),
    ends_on: tokyoDay(14),
  });
  await owner.call('POST', `/api/advertisements/${ad.id}/submit`);
  if (staff) await staff.call('POST', `/api/advertisements/${ad.id}/approve`);
  return ad;
}

/** The supporter's post on TikTok, as the SNS stand-in will show it to the server's check. */
async function postOnTiktok(handle: string, stamp: string): Promise<string> {
  const url = tiktokPost(handle);
  await postOnSns({ platform: 'tiktok', url, author: handle, text: `#PR 秋の栗パフェ（${stamp}） #${TAG}` });
  return url;
}

/** Accepts the dialog of the next confirmation and answers its question. */
function answerNextConfirm(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
}

async function withStaff<T>(browser: Browser, run: (staff: Someone) => Promise<T>): Promise<T> {
  const staff = await signedIn(browser, DEMO.staff);
  try {
    return await run(staff);
  } finally {
    await staff.close();
  }
}

for (const width of [375, 1280] as const) {
  test.describe(`role journeys at ${width} px (issue 25 "Done when")`, () => {
    test.use({ viewport: { width, height: 800 } });
    // Several people sign in, and every step runs axe: more than the default minute on two busy cores.
    test.describe.configure({ timeout: 240_000 });

    test('(a) a new supporter: sign-up, the first steps, an SNS account, an offer, the post, the first approved reward', async ({
      page,
      browser,
    }) => {
      const stamp = stampOf(width);
      const handle = handleOf(width);
      // Sign-up by e-mail (seed spec sections 1 and 2): the form, then the verification link of the mail.
      await page.goto('/email-sign-up');
      await checkStep(page, 'a1-sign-up');
      await registerByEmail(
        page,
        uniqueEmail(`journey-a-${width}`),
        'Hoshi-no-kirin-25',
        `はじめて 花子${width}`,
      );
      await wait(page.getByRole('heading', { level: 1, name: 'マイページ' })).toBeVisible();
      const steps = page.getByRole('region', { name: 'はじめの準備' });
      await wait(steps.getByRole('listitem', { name: 'メールアドレスの確認：完了' })).toBeVisible();
      await checkStep(page, 'a2-first-steps');

      // The first steps lead to the SNS account (issue 25 point 6); the supporter adds a TikTok account.
      await steps.getByRole('link', { name: 'SNSアカウントを登録する' }).click();
      await wait(page).toHaveURL(/\/account-info#sns$/);
      const section = page.getByRole('region', { name: '投稿に使うSNSアカウント' });
      await section.getByLabel('SNSの種類').selectOption('tiktok');
      await section.getByLabel(/アカウント名/).fill(`@${handle}`);
      await section.getByRole('button', { name: '追加する' }).click();
      const mine = section.getByRole('listitem', { name: `TikTok @${handle}` });
      await wait(mine.getByText('審査中', { exact: true })).toBeVisible();
      await checkStep(page, 'a3-sns-account');

      // Other people's steps: staff approve the supporter and the account; the owner's request is approved.
      const accounts = await callApi<{ items: Sns[] }>(page, 'GET', '/api/social-accounts');
      const account = accounts.items.find((a) => a.handle === handle)!;
      const owner = await signedIn(browser, DEMO.owner);
      try {
        await withStaff(browser, async (staff) => {
          await approveSupporter(page, staff, account);
          await tiktokRequest(owner, staff, stamp);
        });
      } finally {
        await owner.close();
      }

      // The offer: accepted, posted, reported.
      await page.goto('/advertisements');
      const offer = page.getByRole('listitem').filter({ hasText: stamp });
      await wait(offer.getByText(`TikTok（@${handle}）`)).toBeVisible();
      await checkStep(page, 'a4-offer');
      await offer.getByRole('button', { name: '引き受ける' }).click();
      await wait(
        page.getByRole('status').filter({ hasText: '依頼を引き受けました。' }).first(),
      ).toBeVisible();
      const postUrl = await postOnTiktok(handle, stamp);
      await offer.getByLabel('投稿のURL').fill(postUrl);
      await offer.getByRole('button', { name: '投稿を報告する' }).click();
      await wait(offer.getByText('確認待ち')).toBeVisible();
      await checkStep(page, 'a5-post-reported');

      // The owner approves the post (their journey is (b)); the supporter sees the first approved reward.
      const unit = (await callApi<{ items: UnitRow[] }>(page, 'GET', '/api/units')).items.find(
        (u) => u.status === 'posted',
      )!;
      const judge = await signedIn(browser, DEMO.owner);
      try {
        await judge.call('POST', `/api/units/${unit.id}/approve`);
      } finally {
        await judge.close();
      }
      await page.goto('/advertisements');
      await wait(
        page
          .getByRole('listitem')
          .filter({ hasText: stamp })
          .getByText(new RegExp(`承認されました。報酬 ${unit.reward}円 は確定待ちです`)),
      ).toBeVisible();
      await wait(page.getByRole('region', { name: '報酬' })).toContainText('確定待ち');
      await checkStep(page, 'a6-first-reward');
    });

    test('(b) an owner: login, the shops first, the shop, a post to judge, approved after the question', async ({
      page,
      browser,
    }) => {
      const stamp = stampOf(width);
      const handle = handleOf(width);
      const name = `投稿 太郎${width}`;
      // Fixtures: a ready supporter posted on the shop's new request (all by API).
      const supporter = await newSupporter(browser, name);
      let postUrl: string | undefined;
      let ad: Ad | null = null;
      try {
        const account = await supporter.call<Sns>('POST', '/api/social-accounts', {
          provider: 'tiktok',
          handle,
        });
        const owner = await signedIn(browser, DEMO.owner);
        try {
          await withStaff(browser, async (staff) => {
            await approveSupporter(supporter.page, staff, account);
            ad = await tiktokRequest(owner, staff, stamp);
          });
        } finally {
          await owner.close();
        }
        const unit = (await supporter.call<{ items: UnitRow[] }>('GET', '/api/units')).items.find(
          (u) => u.advertisement_id === ad?.id,
        )!;
        await supporter.call('POST', `/api/units/${unit.id}/accept`, { platform: 'tiktok' });
        postUrl = await postOnTiktok(handle, stamp);
        await supporter.call('POST', `/api/units/${unit.id}/proof`, { post_url: postUrl });
      } finally {
        await supporter.close();
      }

      // The owner logs in: the shops come first (issue 25 point 1), or the shop used last.
      await page.goto('/login');
      await checkStep(page, 'b1-login');
      await login(page, DEMO.owner, undefined, { keepMode: true });
      await page.goto('/');
      const shopHeading = page.getByRole('heading', { level: 1, name: DEMO_SHOP.name });
      await wait(page.getByRole('button', { name: 'お店として使う' }).or(shopHeading).first()).toBeVisible();
      await checkStep(page, 'b2-after-login');
      if (!(await shopHeading.isVisible())) await enterShop(page);
      await wait(shopHeading).toBeVisible();
      await checkStep(page, 'b3-shop-home');

      // The post to judge names its request and the account, asks first, then says what happened.
      await page.goto('/advertisements');
      // The card is named by whose post it is (a new supporter of this test).
      const card = page.getByRole('list', { name: '確認待ちの投稿' }).getByLabel(`${name}さんの投稿`);
      await wait(card.locator(`a[href="${postUrl!.replace('://www.', '://')}"]`)).toBeVisible();
      await wait(card).toContainText(stamp);
      await wait(card).toContainText(`@${handle}`);
      await checkStep(page, 'b4-post-to-judge');
      const question = answerNextConfirm(page);
      await card.getByRole('button', { name: '承認する' }).click();
      expect(await question).toMatch(new RegExp(`${name}さんの投稿を承認して、報酬 150円 を支払いますか？`));
      await wait(card.getByRole('status')).toContainText('承認しました。報酬 150円');
      // The judged card still says which request and whose post it was.
      await wait(card).toContainText(stamp);
      await wait(card).toContainText(`@${handle}`);
      // The toast says it too: two statuses with the words, the card's and the toast's.
      await wait(page.getByRole('status').filter({ hasText: '承認しました。報酬 150円' })).toHaveCount(2);
      await checkStep(page, 'b5-judged');
    });

    test('(c) staff (an admin): a request reviewed and approved after the question, then a payout batch built after the question', async ({
      page,
      browser,
    }) => {
      const stamp = stampOf(width);
      const owner = await signedIn(browser, DEMO.owner);
      try {
        await tiktokRequest(owner, null, stamp);
      } finally {
        await owner.close();
      }

      await login(page, DEMO.admin);
      await page.goto('/admin-menu');
      await checkStep(page, 'c1-admin-menu');
      await page.goto('/admin-advertisements');
      const review = page.getByRole('listitem').filter({ hasText: stamp });
      await wait(review).toBeVisible();
      await checkStep(page, 'c2-request-review');
      const approveQuestion = answerNextConfirm(page);
      await review.getByRole('button', { name: '承認して配信する' }).click();
      expect(await approveQuestion).toContain(DEMO_SHOP.name);
      await wait(page.getByRole('status').filter({ hasText: AD_MESSAGES.approved })).toBeVisible();
      await wait(review).toHaveCount(0);
      await checkStep(page, 'c3-request-approved');

      // Payouts (product design section 1: the admins'): the batch of last month, asked first, told after.
      await page.goto('/admin-payments');
      const form = page.getByRole('form', { name: 'お振込みのバッチを作成' });
      await wait(form).toBeVisible();
      await checkStep(page, 'c4-payouts');
      const month = await form.getByLabel('対象月').inputValue();
      const buildQuestion = answerNextConfirm(page);
      await form.getByRole('button', { name: 'バッチを作成する' }).click();
      expect(await buildQuestion).toContain(
        `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月分のお振込みのバッチを作成します。`,
      );
      await wait(
        page
          .getByRole('status')
          .filter({ hasText: /お振込みのバッチを作成しました。|この月のお振込みのバッチは作成済みです。/ }),
      ).toBeVisible();
      await wait(page.getByRole('table', { name: 'お振込みのバッチ' })).toContainText(
        `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月分`,
      );
      await checkStep(page, 'c5-batch-built');
    });
  });
}
