import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Db } from './db/client.ts';

/**
 * Counted clicks per unit link and Japan month, under the link's shop (issue 27, ADR 0186, migration 0040).
 * A shop's results over a whole month read their posts from `link_click_months_shop_idx` in order of clicks
 * and stop after the first fifty, instead of adding up the days of every post of the month.
 */
export const linkClickMonths = pgTable(
  'link_click_months',
  {
    // References short_links and shops, deleted with them (migration 0040).
    linkId: integer('link_id').notNull(),
    month: text('month').notNull(),
    shopId: integer('shop_id').notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.month] }),
    index('link_click_months_shop_idx').on(t.shopId, t.month, t.clicks.desc(), t.linkId),
  ],
);

/**
 * Adds counted clicks per link and day to the link's month, for unit links (a link of the staff shortener
 * belongs to no shop). Called by `addShopClicks`, in the click writer's transaction: the per-day, per-shop
 * and per-month roll-ups always hold the same clicks. Keys in order: no crosswise waits between writers.
 */
export async function addLinkMonthClicks(
  tx: Db,
  sources: readonly { link_id: number; day: string; clicks: number }[],
): Promise<void> {
  if (!sources.length) return;
  await tx.execute(sql`
    insert into link_click_months (link_id, month, shop_id, clicks)
    select c.link_id, substr(c.day, 1, 7), u.shop_id, sum(c.clicks)::int
    from json_to_recordset(${JSON.stringify(sources.map(({ link_id, day, clicks }) => ({ link_id, day, clicks })))}::json)
      as c(link_id int, day text, clicks int)
      join units u on u.short_link_id = c.link_id
    where u.shop_id is not null
    group by c.link_id, substr(c.day, 1, 7), u.shop_id
    order by c.link_id, substr(c.day, 1, 7)
    on conflict (link_id, month) do update set clicks = link_click_months.clicks + excluded.clicks`);
}
