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
