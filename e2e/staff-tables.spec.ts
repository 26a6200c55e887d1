import { DEMO, expect, login, test } from './fixtures.ts';

/**
 * Seed spec section 9 (phones) and the guide's "line breaks that do not split words": on a staff list at
 * 375 px the table scrolls sideways, and a date or an action's label is never broken over lines
 * (「2026年11月18日（水）」 in four lines, 「当選者の / 選定」 in a button) — the staff recruitment list,
 * whose 操作 cell holds up to three buttons.
 */
test('at 375 px the staff recruitment list keeps each deadline and each action on one line (seed spec section 9)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, DEMO.staff);
  await page.goto('/admin-recruitment-list');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: '操作' })).toBeVisible();

  /** How many lines the texts of each matched element take (distinct tops of their text boxes). */
  const linesOf = (selector: string) =>
    table.locator(selector).evaluateAll((els) =>
      els.map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        return { text: el.textContent ?? '', lines: tops.size };
      }),
    );
  const deadlines = (await linesOf('tbody td:nth-child(5)')).filter((c) => /年.+月.+日/.test(c.text));
  expect(deadlines.length).toBeGreaterThan(0);
  for (const cell of deadlines) expect(cell, cell.text).toMatchObject({ lines: 1 });
  const actions = await linesOf('tbody td:last-child a, tbody td:last-child button');
  expect(actions.map((a) => a.text)).toContain('当選者の選定');
  for (const action of actions) expect(action, action.text).toMatchObject({ lines: 1 });
  // The page itself does not scroll sideways: the table does, inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});

test('at 375 px a supporter’s reward history breaks a date and time between them, never inside the date (product design section 8)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await login(page, DEMO.supporter);
  await page.goto('/history');
  const moments = page.locator('table time');
  await expect(moments.first()).toBeVisible();
  const parts = await moments.evaluateAll((els) =>
    els.map((el) => {
      const [day, time] = [...el.children].map((part) => {
        const range = document.createRange();
        range.selectNodeContents(part);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      return { text: el.textContent ?? '', attr: el.getAttribute('datetime') ?? '', day, time };
    }),
  );
  expect(parts.length).toBeGreaterThan(0);
  for (const p of parts) {
    expect(p.text).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日（[日月火水木金土]） \d{2}:\d{2}$/);
    expect(Number.isNaN(Date.parse(p.attr)), p.attr).toBe(false);
    expect(p, p.text).toMatchObject({ day: 1, time: 1 });
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});
