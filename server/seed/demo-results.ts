import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../platform/db/client.ts';
import { addShopClicks, tokyoDay } from '../platform/short-links.ts';

/**
 * Issue 27 "Demo data": a few weeks of clicks on demo-cafe's posts, by referrer platform and device class, so
 * that /results shows a chart on the first start. Each posted or approved unit's link gets clicks from the
 * day of its post to today, fewest as the post ages, mostly from the platform it was posted on and from
 * phones. The counts go to the three tables the click writer keeps (per link and day; per link, day, platform
 * and device; per shop, day, platform and device), and the clicks the demo requests already have are rolled up as `unknown`, as migration 0029 does.
 */
const DAY = 86_400_000;

/** A small deterministic generator (the demo is the same on every start). */
function generator(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

/** Of 20 clicks from a post on X: where they come from (the post's own platform first). */
const SHARES: Record<string, [string, number][]> = {
  x: [
    ['x', 12],
    ['line', 3],
    ['none', 3],
    ['other', 1],
    ['instagram', 1],
  ],
  instagram: [
    ['instagram', 13],
    ['none', 4],
    ['line', 2],
    ['other', 1],
  ],
  tiktok: [
    ['tiktok', 13],
    ['none', 4],
    ['line', 2],
    ['other', 1],
  ],
  line_voom: [
    ['line', 14],
    ['none', 4],
    ['other', 2],
  ],
};

export async function seedDemoResults(tx: Db, shopId: number, now: Date): Promise<void> {
  // The clicks already counted (demo-advertisements.ts) are rolled up without a breakdown.
  // Both roll-ups, as the click writer keeps them: per link, and per shop (ADR 0168).
  const unknown = rowsOf<{ link_id: number; day: string; platform: string; device: string; clicks: number }>(
    await tx.execute(sql`
      insert into short_link_click_sources (link_id, day, platform, device, clicks)
      select c.link_id, c.day, 'unknown', 'unknown', c.clicks from short_link_clicks c
      where c.clicks > 0 and not exists (select 1 from short_link_click_sources s where s.link_id = c.link_id and s.day = c.day)
      on conflict do nothing
      returning link_id, to_char(day, 'YYYY-MM-DD') as day, platform, device, clicks`),
  );
  await addShopClicks(tx, unknown);
  const posted = rowsOf<{ id: number; link_id: number; platform: string | null; posted_at: string | Date }>(
    await tx.execute(sql`
      select u.id, u.short_link_id as link_id, u.platform, u.posted_at from units u
      join advertisements a on a.id = u.advertisement_id
      where a.shop_id = ${shopId} and u.short_link_id is not null and u.posted_at is not null
        and u.status in ('posted', 'approved')
      order by u.id`),
  );
  const today = tokyoDay(now);
  const rows: { link_id: number; day: string; platform: string; device: string; clicks: number }[] = [];
  for (const unit of posted) {
    const random = generator(unit.id * 7919);
    const shares = SHARES[unit.platform ?? 'x'] ?? SHARES.x!;
    const start = new Date(unit.posted_at).getTime();
    for (let at = start, age = 0; tokyoDay(new Date(at)) <= today; at += DAY, age += 1) {
      // Most clicks come in the first days after a post, then a long tail.
      const clicks = Math.round(18 * Math.exp(-age / 6) + random() * 4);
      for (let i = 0; i < clicks; i += 1) {
        let pick = random() * 20;
        const platform = shares.find(([, w]) => (pick -= w) < 0)?.[0] ?? 'none';
        const device = random() < 0.8 ? 'mobile' : 'pc';
        const day = tokyoDay(new Date(at));
        const row = rows.find(
          (r) =>
            r.link_id === unit.link_id && r.day === day && r.platform === platform && r.device === device,
        );
        if (row) row.clicks += 1;
        else rows.push({ link_id: unit.link_id, day, platform, device, clicks: 1 });
      }
    }
  }
  if (!rows.length) return;
  const json = JSON.stringify(rows);
  await tx.execute(sql`
    insert into short_link_click_sources (link_id, day, platform, device, clicks)
    select link_id, day, platform, device, clicks
    from json_to_recordset(${json}::json) as c(link_id int, day date, platform text, device text, clicks int)
    on conflict (link_id, day, platform, device) do update set clicks = short_link_click_sources.clicks + excluded.clicks`);
  await addShopClicks(tx, rows);
  await tx.execute(sql`
    insert into short_link_clicks (link_id, day, clicks)
    select link_id, day, sum(clicks)::int
    from json_to_recordset(${json}::json) as c(link_id int, day date, platform text, device text, clicks int)
    group by link_id, day
    on conflict (link_id, day) do update set clicks = short_link_clicks.clicks + excluded.clicks`);
}
