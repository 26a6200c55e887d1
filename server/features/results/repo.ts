import { type SQL, sql } from 'drizzle-orm';
import { PLATFORM_FEE_PERCENT } from '../../../contracts/pricing.ts';
import type { ClickPlatform, DeviceClass, ResultsPost, ResultsRequest } from '../../../contracts/results.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';

/**
 * Issue 27 (ADR 0165): the reads of the results. Everything here reads; the tables of other features (units,
 * requests, bills, the ledger) are read by SQL only, never written. Clicks come from the roll-up
 * `short_link_click_sources`, never from raw visits (there are none).
 */

type Row = Record<string, unknown>;
const day = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The shop, if the caller may see its results: a member of its company, or staff (decided in the WHERE). */
export async function shopFor(db: Db, shopId: number, userId: number, isStaff: boolean) {
  const [row] = rowsOf(
    await db.execute(sql`
      select s.id, s.name from shops s
      where s.id = ${shopId}
        and (${isStaff} or exists (select 1 from company_members cm
               where cm.company_id = s.company_id and cm.user_id = ${userId}))`),
  );
  return row ? { id: Number(row.id), name: String(row.name) } : null;
}

const requestColumns = sql`a.id, a.status, a.text, to_char(a.starts_on, 'YYYY-MM-DD') as starts_on,
  to_char(a.ends_on, 'YYYY-MM-DD') as ends_on`;

const toRequest = (r: Row): ResultsRequest => ({
  id: Number(r.id),
  status: String(r.status),
  starts_on: day(r.starts_on),
  ends_on: day(r.ends_on),
  text: String(r.text ?? ''),
});

export async function requestOf(db: Db, shopId: number, adId: number): Promise<ResultsRequest | null> {
  const [row] = rowsOf(
    await db.execute(
      sql`select ${requestColumns} from advertisements a where a.id = ${adId} and a.shop_id = ${shopId}`,
    ),
  );
  return row ? toRequest(row) : null;
}

/** The shop's latest approved requests (newest first, from the index on shop and id). */
export async function latestRequests(db: Db, shopId: number, limit: number): Promise<ResultsRequest[]> {
  return rowsOf(
    await db.execute(sql`
      select ${requestColumns} from advertisements a
      where a.shop_id = ${shopId} and a.approved_at is not null order by a.id desc limit ${limit}`),
  ).map(toRequest);
}

/**
 * What the figures cover: one request, or the shop's approved requests whose period overlaps [from, to].
 * `month` (`YYYY-MM`) when [from, to] holds every click of that Japan month there is (ADR 0186): the posts
 * then come from the per-month roll-up.
 */
export type Scope = { shopId: number; adId: number | null; from: string; to: string; month?: string | null };

/**
 * The requests of the scope, oldest period first. For a period, a range of the index on the shop's approved
 * requests by end day (migration 0037, ADR 0168), not every request the shop ever made; the other reads
 * take these ids instead of finding them again.
 */
export async function requestsIn(db: Db, s: Scope): Promise<ResultsRequest[]> {
  const where =
    s.adId !== null
      ? sql`a.id = ${s.adId} and a.shop_id = ${s.shopId}`
      : sql`a.shop_id = ${s.shopId} and a.approved_at is not null and a.ends_on >= ${s.from}::date
            and a.starts_on <= ${s.to}::date`;
  return rowsOf(
    await db.execute(
      sql`select ${requestColumns} from advertisements a where ${where} order by a.starts_on, a.id`,
    ),
  ).map(toRequest);
}

/** `advertisement_id in (…)` of the scope's requests (none: false). */
function inRequests(col: SQL, ids: readonly number[]): SQL {
  if (!ids.length) return sql`false`;
  return sql`${col} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

const toClickRow = (r: Row) => ({
  day: String(r.day),
  platform: String(r.platform) as ClickPlatform,
  device: String(r.device) as DeviceClass,
  clicks: Number(r.clicks),
});

/**
 * Clicks per day, platform and device within [from, to]. For one request, those of its units' links (the
 * per-link roll-up). For the shop over a period, every click of the shop's posts on those days, from the
 * per-shop roll-up the click writer keeps beside the per-link one (ADR 0168): a row per day, platform and
 * device, whatever the number of posts.
 */
export async function clickRows(db: Db, s: Scope, adIds: readonly number[]) {
  if (s.adId === null) {
    return rowsOf(
      await db.execute(sql`
        select to_char(c.day, 'YYYY-MM-DD') as day, c.platform, c.device, c.clicks
        from shop_click_sources c
        where c.shop_id = ${s.shopId} and c.day >= ${s.from}::date and c.day <= ${s.to}::date and c.clicks <> 0`),
    ).map(toClickRow);
  }
  return rowsOf(
    await db.execute(sql`
      select to_char(c.day, 'YYYY-MM-DD') as day, c.platform, c.device, sum(c.clicks)::int as clicks
      from units u join short_link_click_sources c on c.link_id = u.short_link_id
      where ${inRequests(sql`u.advertisement_id`, adIds)}
        and c.day >= ${s.from}::date and c.day <= ${s.to}::date
      group by c.day, c.platform, c.device`),
  ).map(toClickRow);
}

/**
 * The approved units of the scope, with the supporter's public name and the unit's clicks in [from, to], most
 * clicked first: `limit` of them (null: all, for the CSV). The order is decided on the index of the scope's
 * units (ADR 0168); only the listed ones are joined to their supporters.
 */
export async function approvedPosts(
  db: Db,
  s: Scope,
  adIds: readonly number[],
  limit: number | null,
): Promise<ResultsPost[]> {
  if (s.month) return monthPosts(db, s, s.month, adIds, limit);
  return postsOf(
    db,
    sql`
      select x.id, x.posted_at, coalesce((select sum(c.clicks) from short_link_click_sources c
                where c.link_id = x.short_link_id and c.day >= ${s.from}::date and c.day <= ${s.to}::date), 0)::int as clicks
      from units x
      where ${inRequests(sql`x.advertisement_id`, adIds)} and x.status = 'approved'
      order by clicks desc, x.posted_at, x.id
      limit ${limit}`,
  );
}

/**
 * The posts of a whole month (ADR 0186): first those with clicks that month, then, when fewer than `limit`
 * were clicked, the approved posts without a click that month, oldest first. The same posts in the same
 * order as adding up their days.
 */
async function monthPosts(
  db: Db,
  s: Scope,
  month: string,
  adIds: readonly number[],
  limit: number | null,
): Promise<ResultsPost[]> {
  const clicked = await monthClicked(db, s.shopId, month, adIds, limit);
  const listed = clicked.length
    ? await postsOf(
        db,
        sql`select p.id, u.posted_at, p.clicks
            from json_to_recordset(${JSON.stringify(clicked)}::json) as p(id int, clicks int)
            join units u on u.id = p.id`,
      )
    : [];
  if (limit !== null && listed.length >= limit) return listed;
  const rest = await postsOf(
    db,
    sql`
      select x.id, x.posted_at, 0 as clicks
      from units x
      where ${inRequests(sql`x.advertisement_id`, adIds)} and x.status = 'approved'
        and not exists (select 1 from link_click_months m
                        where m.link_id = x.short_link_id and m.month = ${month} and m.clicks > 0)
      order by x.posted_at, x.id
      limit ${limit === null ? null : limit - listed.length}`,
  );
  return [...listed, ...rest];
}

/** Rows of `link_click_months_shop_idx` read at a time while looking for a month's most clicked posts. */
const MONTH_CHUNK = 64;

/**
 * The month's clicked posts of the scope's requests, the `limit` most clicked (null: all), as unit id and
 * clicks, most clicked first and ties by posting time then id. Read from the shop's range of the index in
 * its own order (clicks, then link), a chunk at a time, so PostgreSQL stops after a chunk instead of sorting
 * every post of the month (its estimate of how many of the shop's links belong to the month's requests is
 * far too low for it to expect that on its own). The reading goes on while the clicks of the last post read
 * still equal those of the `limit`-th: a tie there is decided by posting time.
 */
export async function monthClicked(
  db: Db,
  shopId: number,
  month: string,
  adIds: readonly number[],
  limit: number | null,
  chunkSize = MONTH_CHUNK,
): Promise<{ id: number; clicks: number }[]> {
  if (!adIds.length) return [];
  const found: { id: number; clicks: number; link: number; postedAt: number }[] = [];
  for (;;) {
    const last = found.at(-1);
    const after = last
      ? sql`and (m.clicks < ${last.clicks} or (m.clicks = ${last.clicks} and m.link_id > ${last.link}))`
      : sql``;
    const chunk = rowsOf(
      await db.execute(sql`
        select x.id, m.clicks, m.link_id, x.posted_at
        from link_click_months m join units x on x.short_link_id = m.link_id
        where m.shop_id = ${shopId} and m.month = ${month} and m.clicks > 0 ${after}
          and x.status = 'approved' and ${inRequests(sql`x.advertisement_id`, adIds)}
        order by m.clicks desc, m.link_id
        limit ${chunkSize}`),
    );
    for (const r of chunk)
      found.push({
        id: Number(r.id),
        clicks: Number(r.clicks),
        link: Number(r.link_id),
        postedAt:
          r.posted_at === null || r.posted_at === undefined
            ? Infinity
            : new Date(r.posted_at as string).getTime(),
      });
    if (chunk.length < chunkSize) break;
    if (limit !== null && found.length >= limit && found.at(-1)!.clicks < found[limit - 1]!.clicks) break;
  }
  found.sort((a, b) => b.clicks - a.clicks || a.postedAt - b.postedAt || a.id - b.id);
  return (limit === null ? found : found.slice(0, limit)).map(({ id, clicks }) => ({ id, clicks }));
}

/**
 * The listed posts (`picked`: unit id, posted_at and clicks, already ordered and cut) with their supporter's
 * public name: only the listed ones are joined to their supporters.
 */
async function postsOf(db: Db, picked: SQL): Promise<ResultsPost[]> {
  return rowsOf(
    await db.execute(sql`
      select u.id, u.advertisement_id, us.name, us.screen_name, u.platform, u.post_url,
        to_char(u.posted_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as posted_on,
        to_char(u.judged_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as approved_on, p.clicks
      from (${picked}) p
      join units u on u.id = p.id join users us on us.id = u.user_id
      order by p.clicks desc, p.posted_at, u.id`),
  ).map((r) => ({
    unit_id: Number(r.id),
    advertisement_id: Number(r.advertisement_id),
    supporter_name: String(r.name),
    supporter_screen_name: String(r.screen_name),
    platform: String(r.platform ?? ''),
    posted_on: day(r.posted_on),
    approved_on: day(r.approved_on),
    clicks: Number(r.clicks),
    post_url: r.post_url === null || r.post_url === undefined ? null : String(r.post_url),
  }));
}

/** Offered, accepted, posted and approved units of the scope (each counts every unit that got that far). */
export async function funnel(db: Db, adIds: readonly number[]) {
  const [r] = rowsOf(
    await db.execute(sql`
      select count(*)::int as offered, count(u.accepted_at)::int as accepted, count(u.posted_at)::int as posted,
        (count(*) filter (where u.status = 'approved'))::int as approved
      from units u where ${inRequests(sql`u.advertisement_id`, adIds)}`),
  );
  return {
    offered: Number(r?.offered ?? 0),
    accepted: Number(r?.accepted ?? 0),
    posted: Number(r?.posted ?? 0),
    approved: Number(r?.approved ?? 0),
  };
}

/**
 * What the shop is billed for the scope's requests, tax-exclusive: each bill's subtotal, less the refund of
 * the unused units of an ended request (rewards, and the fee on them unless it was waived), as the invoice
 * computes it (server/features/money/billing.ts).
 */
export async function billed(db: Db, adIds: readonly number[]): Promise<number> {
  const [r] = rowsOf(
    await db.execute(sql`
      select coalesce(sum(b.subtotal - case when a.status = '終了' then
          greatest(b.units - b.approved_units, 0) * b.reward
          + case when b.fee > 0 then floor(greatest(b.units - b.approved_units, 0) * b.reward * ${PLATFORM_FEE_PERCENT} / 100.0) else 0 end
        else 0 end), 0)::int as billed
      from bills b join advertisements a on a.id = b.advertisement_id
      where ${inRequests(sql`b.advertisement_id`, adIds)}`),
  );
  return Number(r?.billed ?? 0);
}

/* ------------------------------------------------------------------ operators' dashboard */

/**
 * The operators' figures of the months [first, last] (`YYYY-MM`, Japan time) from the raw rows: each a grouped
 * read over an indexed time column, bounded on both sides. Only the job and the first read of a month run
 * this (ADR 0168); GET /api/dashboard reads the rows it leaves in `dashboard_months`.
 */
export async function dashboardRows(db: Db, first: string, last: string, today: string) {
  const start = sql`(${`${first}-01`}::date::timestamp at time zone 'Asia/Tokyo')`;
  const end = sql`((${`${last}-01`}::date + interval '1 month')::timestamp at time zone 'Asia/Tokyo')`;
  const month = (col: SQL) => sql`to_char(${col} at time zone 'Asia/Tokyo', 'YYYY-MM')`;
  const read = async (q: SQL) => {
    const out = new Map<string, Row>();
    for (const r of rowsOf(await db.execute(q))) out.set(String(r.month), r);
    return out;
  };
  const [bills, ledger, judged, offers, holds, active, live] = await Promise.all([
    read(sql`select b.month, sum(b.subtotal)::int as billed, sum(b.fee)::int as fee from bills b
             where b.month >= ${first} and b.month <= ${last} group by b.month`),
    read(sql`select ${month(sql`l.created_at`)} as month,
               coalesce(sum(l.amount) filter (where l.kind = 'reward'), 0)::int as credited,
               coalesce(-sum(l.amount) filter (where l.kind = 'payout'), 0)::int as paid,
               (count(*) filter (where l.kind = 'reward_reversal'))::int as reversals
             from ledger_entries l where l.created_at >= ${start} and l.created_at < ${end}
               and l.kind in ('reward', 'payout', 'reward_reversal')
             group by 1`),
    read(sql`select ${month(sql`u.judged_at`)} as month,
               percentile_cont(0.5) within group (order by extract(epoch from (u.judged_at - u.posted_at)) / 3600.0) as median
             from units u where u.judged_at >= ${start} and u.judged_at < ${end} and u.posted_at is not null group by 1`),
    read(sql`select ${month(sql`u.offered_at`)} as month, count(*)::int as offered, count(u.accepted_at)::int as accepted
             from units u where u.offered_at >= ${start} and u.offered_at < ${end} group by 1`),
    read(sql`select ${month(sql`h.created_at`)} as month, count(*)::int as holds
             from payout_holds h where h.created_at >= ${start} and h.created_at < ${end} group by 1`),
    // Supporters who posted in the 30 days up to each month's end (today for this month).
    read(sql`select m.month, (select count(distinct u.user_id) from units u
               where u.posted_at >= m.until - interval '30 days' and u.posted_at < m.until)::int as active
             from (select to_char(d, 'YYYY-MM') as month,
                     least((d + interval '1 month')::timestamp at time zone 'Asia/Tokyo',
                           (${today}::date + 1)::timestamp at time zone 'Asia/Tokyo') as until
                   from generate_series(${`${first}-01`}::date, ${`${last}-01`}::date, interval '1 month') d) m`),
    read(sql`select m.month, (select count(distinct a.shop_id) from advertisements a
               where a.approved_at is not null and a.starts_on <= m.last_day and a.ends_on >= m.first_day)::int as shops
             from (select to_char(d, 'YYYY-MM') as month, d::date as first_day, (d + interval '1 month' - interval '1 day')::date as last_day
                   from generate_series(${`${first}-01`}::date, ${`${last}-01`}::date, interval '1 month') d) m`),
  ]);
  return { bills, ledger, judged, offers, holds, active, live };
}

/** A month of the dashboard as `dashboard_months` keeps it. */
export interface StoredMonth {
  month: string;
  billed: number;
  platform_fee: number;
  rewards_credited: number;
  rewards_paid: number;
  reversals: number;
  active_supporters: number;
  live_shops: number;
  median_judgement_hours: number | null;
  offered: number;
  accepted: number;
  fraud_holds: number;
  computed_at: Date;
}

/** The kept months of [first, last] (the primary key's range: as many rows as months). */
export async function storedMonths(db: Db, first: string, last: string): Promise<Map<string, StoredMonth>> {
  const out = new Map<string, StoredMonth>();
  for (const r of rowsOf(
    await db.execute(
      sql`select * from dashboard_months where month >= ${first} and month <= ${last} order by month`,
    ),
  )) {
    out.set(String(r.month), {
      month: String(r.month),
      billed: Number(r.billed),
      platform_fee: Number(r.platform_fee),
      rewards_credited: Number(r.rewards_credited),
      rewards_paid: Number(r.rewards_paid),
      reversals: Number(r.reversals),
      active_supporters: Number(r.active_supporters),
      live_shops: Number(r.live_shops),
      median_judgement_hours: r.median_judgement_hours === null ? null : Number(r.median_judgement_hours),
      offered: Number(r.offered),
      accepted: Number(r.accepted),
      fraud_holds: Number(r.fraud_holds),
      computed_at: new Date(r.computed_at as string | Date),
    });
  }
  return out;
}

/** Keeps the months computed (a later computation of a month replaces an earlier one). */
export async function storeMonths(db: Db, months: readonly StoredMonth[]): Promise<void> {
  if (!months.length) return;
  const rows = months.map((m) => ({ ...m, computed_at: m.computed_at.toISOString() }));
  await db.execute(sql`
    insert into dashboard_months (month, billed, platform_fee, rewards_credited, rewards_paid, reversals,
      active_supporters, live_shops, median_judgement_hours, offered, accepted, fraud_holds, computed_at)
    select month, billed, platform_fee, rewards_credited, rewards_paid, reversals, active_supporters, live_shops,
      median_judgement_hours, offered, accepted, fraud_holds, computed_at
    from json_to_recordset(${JSON.stringify(rows)}::json) as m(month text, billed int, platform_fee int,
      rewards_credited int, rewards_paid int, reversals int, active_supporters int, live_shops int,
      median_judgement_hours double precision, offered int, accepted int, fraud_holds int, computed_at timestamptz)
    order by month
    on conflict (month) do update set billed = excluded.billed, platform_fee = excluded.platform_fee,
      rewards_credited = excluded.rewards_credited, rewards_paid = excluded.rewards_paid,
      reversals = excluded.reversals, active_supporters = excluded.active_supporters,
      live_shops = excluded.live_shops, median_judgement_hours = excluded.median_judgement_hours,
      offered = excluded.offered, accepted = excluded.accepted, fraud_holds = excluded.fraud_holds,
      computed_at = excluded.computed_at
    where dashboard_months.computed_at <= excluded.computed_at`);
}

/* ------------------------------------------------------------------ the monthly report */

/** The shops with a request live on some day of [from, to] (approved, its period overlapping), by id. */
export async function activeShops(db: Db, from: string, to: string) {
  return rowsOf(
    await db.execute(sql`
      select s.id, s.name from shops s
      where exists (select 1 from advertisements a where a.shop_id = s.id and a.approved_at is not null
                      and a.starts_on <= ${to}::date and a.ends_on >= ${from}::date)
      order by s.id`),
  ).map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

/** The members of the shop's company who can get mail (an address, not left). */
export async function reportRecipients(db: Db, shopId: number) {
  return rowsOf(
    await db.execute(sql`
      select u.id, u.email, u.name from shops s
        join company_members cm on cm.company_id = s.company_id
        join users u on u.id = cm.user_id
      where s.id = ${shopId} and u.email is not null and u.deleted_at is null
      order by u.id`),
  ).map((r) => ({ userId: Number(r.id), email: String(r.email), name: String(r.name ?? '') }));
}
