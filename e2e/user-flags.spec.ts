import { expect, registerByEmail, test, uniqueEmail } from './fixtures.ts';

/**
 * Issue 25 (12), ADR 0170: the rules pages raise the watched flags with PUT /api/users/flag-up (seed spec
 * section 7), once: the answer is the user with the flag up, and opening the page again calls nothing.
 */
test('opening the rules raises watchedFocustarRule, then the shop guide watchedAdvertiserRule, each once (issue 25 (12))', async ({
  page,
}) => {
  await registerByEmail(page, uniqueEmail('flags'), 'Kirin-no-hoshi-77');
  const flagCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/users/flag-up')) flagCalls.push(String(r.postDataJSON()?.flag));
  });

  const raised = page.waitForResponse((r) => r.url().endsWith('/api/users/flag-up'));
  await page.goto('/advertising-rules');
  await expect(page.getByRole('heading', { level: 1, name: '拡散のルール' })).toBeVisible();
  const answer = await raised;
  expect(answer.status()).toBe(200);
  const user = (await answer.json()) as { flag_status: Record<string, boolean> };
  expect(user.flag_status.watchedFocustarRule).toBe(true);
  expect(user.flag_status.watchedAdvertiserRule).toBe(false);
  expect(flagCalls).toEqual(['watchedFocustarRule']);

  // Opened again (a fresh load: the user read at start-up has the flag up), nothing is called.
  const meRead = page.waitForResponse((r) => r.url().endsWith('/api/me'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '拡散のルール' })).toBeVisible();
  expect(((await (await meRead).json()) as typeof user).flag_status.watchedFocustarRule).toBe(true);
  await page.waitForTimeout(500);
  expect(flagCalls).toEqual(['watchedFocustarRule']);

  const shopRules = page.waitForResponse((r) => r.url().endsWith('/api/users/flag-up'));
  await page.goto('/beginner?type=shop');
  await expect(page.getByRole('heading', { name: 'お店のみなさんへ' })).toBeVisible();
  expect(((await (await shopRules).json()) as typeof user).flag_status.watchedAdvertiserRule).toBe(true);
  expect(flagCalls).toEqual(['watchedFocustarRule', 'watchedAdvertiserRule']);
});
