import { type SQL, sql } from 'drizzle-orm';
import {
  AD_STATUS,
  EDITABLE_AD_STATUSES,
  type AdPeriod,
  type Advertisement,
  type AdStatus,
  type Platform,
  type PostCheckResult,
  REWARD_HOLD_DAYS,
  type RewardState,
  MAX_PROOF_SUBMISSIONS,
  AUTO_APPROVE_DAYS,
  PAGE_SIZE,
  type Unit,
  type UnitStatus,
} from '../../../contracts/advertisements.ts';
import { SUPPORTER_APPROVED } from '../../../contracts/first-steps.ts';
import { quote } from '../../../contracts/pricing.ts';
import { type Db, hotSql, rowsOf } from '../../platform/db/client.ts';

/**
 * The queries of support requests and units. Object-level checks are part of each query (product design
 * section 1): `visibleTo` limits requests to the shops of the user's companies (or everything for staff),
 * so a row the caller may not see is never read.
 */

type Row = Record<string, unknown>;

/**
 * A status constant of contracts/ written into the SQL as a quoted literal, not a parameter (issue 28: the
 * words live in contracts/ only): the statement keeps the text it had, so the partial indexes on a status
 * still match and the prepared statements' plans stay as they were.
 */
export const literal = (value: string): SQL => {
  if (value.includes("'")) throw new Error(`a status with a quote cannot be a literal: ${value}`);
  return sql.raw(`'${value}'`);
};

/** The statuses in which the owner may still change a request (EDITABLE_AD_STATUSES), as an SQL list. */
const EDITABLE = sql`(${sql.join(EDITABLE_AD_STATUSES.map(literal), sql`, `)})`;
/** A supporter's review, and an SNS account's, that lets offers come. */
const APPROVED = literal(SUPPORTER_APPROVED);

/** Who asks: the user and whether staff (role priority <= 5). */
export interface Actor {
  userId: number;
  staff: boolean;
}

const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const intOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The shops a user acts for: those of every company the user belongs to. */
export const memberShops = (userId: number) =>
  sql`(select s2.id from shops s2 join company_members cm on cm.company_id = s2.company_id where cm.user_id = ${userId})`;

/** Requests of the actor's shops (staff: all). */
export const adVisibleTo = (actor: Actor, alias = sql.raw('a')): SQL =>
  actor.staff ? sql`true` : sql`${alias}.shop_id in ${memberShops(actor.userId)}`;

const AD_SELECT = sql`
  select a.id, a.shop_id, a.status, a.text, a.hashtags, a.image_urls, a.landing_url, a.platforms, a.units,
    a.reward, a.starts_on::text as starts_on, a.ends_on::text as ends_on, a.is_first, a.fee_waived,
    a.reject_reason, a.created_at, a.updated_at, a.submitted_at, a.approved_at, a.created_by,
    s.name as shop_name, s.screen_name as shop_screen_name, s.status as shop_status, c.paid_status,
    coalesce(n.offered, 0) as offered, coalesce(n.accepted, 0) as accepted, coalesce(n.posted, 0) as posted,
    coalesce(n.approved, 0) as approved, coalesce(k.clicks, 0) as clicks
  from advertisements a
  join shops s on s.id = a.shop_id
  join companies c on c.id = s.company_id
  left join lateral (
    select count(*)::int as offered,
      count(*) filter (where u.status in ('accepted', 'posted', 'approved', 'rejected'))::int as accepted,
      count(*) filter (where u.status in ('posted', 'approved', 'rejected'))::int as posted,
      count(*) filter (where u.status = 'approved')::int as approved
    from units u where u.advertisement_id = a.id) n on true
  left join lateral (
    select sum(sc.clicks)::int as clicks from units u join short_link_clicks sc on sc.link_id = u.short_link_id
    where u.advertisement_id = a.id) k on true`;

export interface AdRecord {
  ad: Advertisement;
  shopStatus: string;
  paidStatus: string;
  createdBy: number | null;
}

function presentAd(row: Row, appUrl: string): AdRecord {
  const units = intOrNull(row.units);
  const reward = intOrNull(row.reward);
  const feeWaived = row.fee_waived === true;
  const landing = strOrNull(row.landing_url);
  return {
    shopStatus: String(row.shop_status),
    paidStatus: String(row.paid_status),
    createdBy: intOrNull(row.created_by),
    ad: {
      id: Number(row.id),
      shop: {
        id: Number(row.shop_id),
        name: String(row.shop_name),
        screen_name: String(row.shop_screen_name),
      },
      status: String(row.status) as AdStatus,
      text: String(row.text),
      hashtags: json<string[]>(row.hashtags),
      image_urls: json<string[]>(row.image_urls),
      landing_url: landing,
      effective_landing_url: landing ?? shopPageUrl(appUrl, String(row.shop_screen_name)),
      platforms: json<Platform[]>(row.platforms),
      units,
      reward,
      starts_on: strOrNull(row.starts_on),
      ends_on: strOrNull(row.ends_on),
      is_first: row.is_first === true,
      fee_waived: feeWaived,
      reject_reason: strOrNull(row.reject_reason),
      price: units !== null && reward !== null ? quote(units, reward, feeWaived) : null,
      counts: {
        offered: Number(row.offered),
        accepted: Number(row.accepted),
        posted: Number(row.posted),
        approved: Number(row.approved),
        clicks: Number(row.clicks),
      },
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      submitted_at: isoOrNull(row.submitted_at),
      approved_at: isoOrNull(row.approved_at),
    },
  };
}

/** The shop's public page (seed spec section 2: `/{screen_name}`), the default landing URL. */
export const shopPageUrl = (appUrl: string, screenName: string) =>
  new URL(`/${encodeURIComponent(screenName)}`, appUrl).toString();

export async function findAd(
  db: Db,
  id: number,
  actor: Actor,
  appUrl: string,
  lock = false,
): Promise<AdRecord | null> {
  const rows = rowsOf(
    await db.execute(
      sql`${AD_SELECT} where a.id = ${id} and ${adVisibleTo(actor)}${lock ? sql` for update of a` : sql``}`,
    ),
  );
  return rows[0] ? presentAd(rows[0], appUrl) : null;
}

/** A request as its supporters see it (through one of their units). */
export async function findAdOfSupporter(db: Db, id: number, userId: number, appUrl: string) {
  const rows = rowsOf(
    await db.execute(
      sql`${AD_SELECT} where a.id = ${id} and exists (select 1 from units u where u.advertisement_id = a.id and u.user_id = ${userId})`,
    ),
  );
  return rows[0] ? presentAd(rows[0], appUrl) : null;
}

export async function listAds(
  db: Db,
  filter: { actor: Actor; shopId?: number; status?: AdStatus; cursor?: number },
  appUrl: string,
): Promise<{ items: Advertisement[]; next_cursor: number | null }> {
  const where = [adVisibleTo(filter.actor)];
  if (filter.shopId) where.push(sql`a.shop_id = ${filter.shopId}`);
  if (filter.status) where.push(sql`a.status = ${filter.status}`);
  if (filter.cursor) where.push(sql`a.id < ${filter.cursor}`);
  const rows = rowsOf(
    await db.execute(
      sql`${AD_SELECT} where ${sql.join(where, sql` and `)} order by a.id desc limit ${PAGE_SIZE + 1}`,
    ),
  );
  const items = rows.slice(0, PAGE_SIZE).map((r) => presentAd(r, appUrl).ad);
  return { items, next_cursor: rows.length > PAGE_SIZE ? items.at(-1)!.id : null };
}

/** The shop a user may act for (member of its company, or staff), with what submitting needs. */
export async function findShopForActor(db: Db, shopId: number, actor: Actor) {
  const rows = await hotSql(
    db,
    'shop_for_actor',
    sql`
      select s.id, s.name, s.screen_name, s.status, s.prefecture, s.company_id, c.paid_status,
        (${actor.staff} or s.id in ${memberShops(actor.userId)}) as allowed
      from shops s join companies c on c.id = s.company_id where s.id = ${shopId}`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    name: String(row.name),
    screenName: String(row.screen_name),
    status: String(row.status),
    prefecture: strOrNull(row.prefecture),
    paidStatus: String(row.paid_status),
    allowed: row.allowed === true,
  };
}

/**
 * Supporters to offer a request to (product design section 7): the shop's followers, oldest follow first,
 * then approved supporters of the shop's prefecture; nobody twice, nobody deleted or unverified, nobody
 * of the shop's own company, at most `limit`.
 */
/** A candidate for an offer and the approved SNS account the offer is for. */
export interface Candidate {
  userId: number;
  snsAccountId: number;
  platform: Platform;
}

/**
 * Who may be offered a unit of a request (product design section 8 "Who gets an offer"): a supporter whose
 * review status is 承認, with an approved SNS account on one of the request's platforms, not an operator
 * (role priority <= 5), not a member of the shop's company, not left, e-mail verified, and never twice in
 * one request. `u` is the users row; `platforms` a jsonb array of the request's platforms.
 */
export const eligibleSupporter = (platforms: SQL, companyId: SQL) => sql`
  u.deleted_at is null and u.email_verified_at is not null and u.status = ${APPROVED}
  and (select r.priority from roles r where r.id = u.role_id) > 5
  and not exists (select 1 from company_members cm where cm.user_id = u.id and cm.company_id = ${companyId})
  and exists (select 1 from sns_accounts sa where sa.user_id = u.id and sa.status = ${APPROVED} and ${platforms} ? sa.platform)`;

/**
 * The next candidates of a request (ADR 0063): the shop's followers by oldest follow, then approved
 * supporters of the shop's prefecture by oldest account; each with their approved account on the first of the
 * request's platforms they have one on (the request lists its platforms in the owner's order).
 */
export async function offerCandidates(
  db: Db,
  adId: number,
  shopId: number,
  limit: number,
): Promise<Candidate[]> {
  const rows = rowsOf<{ user_id: number; sns_account_id: number; platform: Platform }>(
    await db.execute(sql`
      with shop as (select s.id, s.company_id, s.prefecture from shops s where s.id = ${shopId}),
      ad as (select a.platforms from advertisements a where a.id = ${adId}),
      ranked as (
        select f.user_id, 0 as tier, f.created_at as at, f.user_id as tie from favorites f
          where f.shop_id = ${shopId}
        union all
        select u.id, 1, u.created_at, u.id from users u
          where u.status = ${APPROVED} and u.prefecture is not null and u.prefecture = (select prefecture from shop)
            and u.id not in (select f.user_id from favorites f where f.shop_id = ${shopId})
      )
      select r.user_id, acc.id as sns_account_id, acc.platform from ranked r
      join users u on u.id = r.user_id
      cross join lateral (
        select sa.id, sa.platform from sns_accounts sa, jsonb_array_elements_text((select platforms from ad)) with ordinality p(name, n)
        where sa.user_id = u.id and sa.status = ${APPROVED} and sa.platform = p.name
        order by p.n, sa.id limit 1) acc
      where ${eligibleSupporter(sql`(select platforms from ad)`, sql`(select company_id from shop)`)}
        and u.id not in (select x.user_id from units x where x.advertisement_id = ${adId})
      order by r.tier, r.at, r.tie limit ${limit}`),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    snsAccountId: Number(r.sns_account_id),
    platform: r.platform,
  }));
}

/**
 * Open offers whose supporter may no longer have them (product design section 8): the supporter was
 * rejected or stopped, became an operator or a member of the shop's company, or has no approved account
 * left on the request's platforms. Answers their ids and requests, optionally of one supporter.
 */
export async function ineligibleOffers(
  db: Db,
  userId: number | null,
): Promise<{ id: number; advertisement_id: number }[]> {
  return rowsOf<{ id: number; advertisement_id: number }>(
    await db.execute(sql`
      select x.id, x.advertisement_id from units x
      join advertisements a on a.id = x.advertisement_id
      join shops s on s.id = a.shop_id
      join users u on u.id = x.user_id
      where x.status = 'offered' ${userId === null ? sql`` : sql`and x.user_id = ${userId}`}
        and not (${eligibleSupporter(sql`a.platforms`, sql`s.company_id`)})
      order by x.advertisement_id, x.id`),
  ).map((r) => ({ id: Number(r.id), advertisement_id: Number(r.advertisement_id) }));
}

/** The user's approved account on a platform (the first by id), or null. */
export async function approvedAccountOn(db: Db, userId: number, platform: Platform): Promise<number | null> {
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from sns_accounts where user_id = ${userId} and platform = ${platform} and status = ${APPROVED}
      order by id limit 1`),
  );
  return row ? Number(row.id) : null;
}

const UNIT_SELECT = sql`
  select u.id, u.status, u.advertisement_id, u.reward, u.platform, u.post_url, u.reject_reason, u.reject_note,
    u.submissions, u.offered_at, u.expires_at, u.accepted_at, u.posted_at, u.judged_at, u.user_id,
    u.post_check, u.confirmed_at, u.reversal_reason, u.sns_account_id, sa.platform as sns_platform, sa.handle as sns_handle,
    sl.code as short_code, coalesce(k.clicks, 0) as clicks,
    a.text, a.hashtags, a.image_urls, a.platforms, a.starts_on::text as starts_on, a.ends_on::text as ends_on,
    a.status as ad_status, a.shop_id, s.name as shop_name, s.screen_name as shop_screen_name,
    us.name as supporter_name, us.screen_name as supporter_screen_name
  from units u
  join advertisements a on a.id = u.advertisement_id
  join shops s on s.id = a.shop_id
  join users us on us.id = u.user_id
  left join short_links sl on sl.id = u.short_link_id
  left join sns_accounts sa on sa.id = u.sns_account_id
  left join lateral (select sum(sc.clicks)::int as clicks from short_link_clicks sc where sc.link_id = u.short_link_id) k on true`;

export interface UnitRecord {
  unit: Unit;
  userId: number;
  shopId: number;
  submissions: number;
  shortLinkCode: string | null;
  /** The row as read: `unitWith` presents it again with the unit's own columns changed. */
  row: Row;
}

/** The columns of `units` a proof or a judgement changes, as its update returns them. */
export type UnitChanges = Partial<
  Record<
    | 'status'
    | 'post_url'
    | 'posted_at'
    | 'post_check'
    | 'submissions'
    | 'reject_reason'
    | 'reject_note'
    | 'judged_at',
    unknown
  >
>;

/**
 * Issue 29 (ADR 0196): a unit as it is after its own update, from the row read before it and the columns the
 * update wrote, instead of reading the unit (five joins) again after the commit: the joined rows (request,
 * shop, supporter, link, clicks) are the ones the caller read in this request.
 */
export function unitWith(record: UnitRecord, changes: UnitChanges, appUrl: string): Unit {
  return presentUnit({ ...record.row, ...changes }, appUrl).unit;
}

function presentUnit(row: Row, appUrl: string): UnitRecord {
  const submissions = Number(row.submissions);
  const status = String(row.status) as UnitStatus;
  const code = strOrNull(row.short_code);
  const postedAt = isoOrNull(row.posted_at);
  return {
    userId: Number(row.user_id),
    shopId: Number(row.shop_id),
    submissions,
    shortLinkCode: code,
    row,
    unit: {
      id: Number(row.id),
      status,
      advertisement_id: Number(row.advertisement_id),
      reward: Number(row.reward),
      short_url: code ? new URL(`/s/${code}`, appUrl).toString() : null,
      platform: (strOrNull(row.platform) as Platform | null) ?? null,
      post_url: strOrNull(row.post_url),
      reject_reason: strOrNull(row.reject_reason),
      reject_note: strOrNull(row.reject_note),
      can_resubmit: status === 'rejected' && submissions < MAX_PROOF_SUBMISSIONS,
      clicks: Number(row.clicks),
      offered_at: iso(row.offered_at),
      expires_at: iso(row.expires_at),
      accepted_at: isoOrNull(row.accepted_at),
      posted_at: postedAt,
      judged_at: isoOrNull(row.judged_at),
      auto_approve_at:
        status === 'posted' && postedAt && row.post_check === 'ok'
          ? new Date(Date.parse(postedAt) + AUTO_APPROVE_DAYS * 86_400_000).toISOString()
          : null,
      sns_account:
        row.sns_account_id === null || row.sns_account_id === undefined || row.sns_handle == null
          ? null
          : {
              id: Number(row.sns_account_id),
              platform: String(row.sns_platform) as Platform,
              handle: String(row.sns_handle),
            },
      check: (strOrNull(row.post_check) as PostCheckResult | null) ?? null,
      reward_state:
        status === 'reversed'
          ? 'reversed'
          : status === 'approved'
            ? row.confirmed_at
              ? 'confirmed'
              : 'holding'
            : null,
      confirms_at:
        status === 'approved' && !row.confirmed_at && row.judged_at
          ? new Date(Date.parse(iso(row.judged_at)) + REWARD_HOLD_DAYS * 86_400_000).toISOString()
          : null,
      reversal_reason: strOrNull(row.reversal_reason),
      advertisement: {
        text: String(row.text),
        hashtags: json<string[]>(row.hashtags),
        image_urls: json<string[]>(row.image_urls),
        platforms: json<Platform[]>(row.platforms),
        starts_on: strOrNull(row.starts_on),
        ends_on: strOrNull(row.ends_on),
        status: String(row.ad_status) as AdStatus,
      },
      shop: {
        id: Number(row.shop_id),
        name: String(row.shop_name),
        screen_name: String(row.shop_screen_name),
      },
      supporter: {
        id: Number(row.user_id),
        name: String(row.supporter_name),
        screen_name: String(row.supporter_screen_name),
      },
    },
  };
}

/**
 * Who may read a unit: its supporter, members of the request's shop, staff. The same condition limits
 * every unit query.
 */
export const unitVisibleTo = (actor: Actor): SQL =>
  actor.staff ? sql`true` : sql`(u.user_id = ${actor.userId} or a.shop_id in ${memberShops(actor.userId)})`;

/** Who may judge a unit's post: members of the request's shop, staff (not the supporter, unless staff). */
export const unitJudgeableBy = (actor: Actor): SQL =>
  actor.staff
    ? sql`true`
    : sql`exists (select 1 from advertisements a2 where a2.id = units.advertisement_id and a2.shop_id in ${memberShops(actor.userId)})`;

export async function findUnit(db: Db, id: number, actor: Actor, appUrl: string): Promise<UnitRecord | null> {
  // Prepared (issue 17): every unit call reads it once or twice, and planning it cost more than running it.
  const rows = await hotSql(
    db,
    actor.staff ? 'unit_for_staff' : 'unit_for_member',
    sql`${UNIT_SELECT} where u.id = ${id} and ${unitVisibleTo(actor)}`,
  );
  return rows[0] ? presentUnit(rows[0], appUrl) : null;
}

/**
 * `findUnit` and facts more about the unit, in the same statement (issue 29: a round trip less on the writes
 * that read a unit first). Each fact is a boolean SQL expression over the unit's row (`found`), named by a
 * fixed identifier; `name` names the prepared statement, one per set of facts.
 */
async function findUnitAnd<K extends string>(
  db: Db,
  id: number,
  actor: Actor,
  appUrl: string,
  name: string,
  facts: Record<K, SQL>,
): Promise<{ record: UnitRecord; facts: Record<K, boolean> } | null> {
  const keys = Object.keys(facts) as K[];
  const columns = keys.map((key) => {
    if (!/^[a-z_]+$/.test(key)) throw new Error(`unit fact ${key}: not an identifier`);
    return sql`${facts[key]} as ${sql.raw(`fact_${key}`)}`;
  });
  const rows = await hotSql(
    db,
    `${actor.staff ? 'unit_for_staff' : 'unit_for_member'}_${name}`,
    sql`select found.*, ${sql.join(columns, sql`, `)}
      from (${UNIT_SELECT} where u.id = ${id} and ${unitVisibleTo(actor)}) found`,
  );
  const row = rows[0];
  if (!row) return null;
  const unit: Row = { ...row };
  const read = {} as Record<K, boolean>;
  for (const key of keys) {
    read[key] = unit[`fact_${key}`] === true;
    delete unit[`fact_${key}`];
  }
  return { record: presentUnit(unit, appUrl), facts: read };
}

/** A proof's read: the unit, and whether another unit holds the post's address (`postUrl`, its stored form). */
export async function findUnitForProof(db: Db, id: number, actor: Actor, appUrl: string, postUrl: string) {
  const found = await findUnitAnd(db, id, actor, appUrl, 'proof', {
    taken: sql`exists (select 1 from units t where t.post_url = ${postUrl} and t.id <> found.id)`,
  });
  return found && { record: found.record, postUrlTaken: found.facts.taken };
}

/**
 * A judgement's read: the unit; whether its supporter is a member of the company of its request's shop
 * (issue 24 "own_company"); and whether the shop has had its first post approved already (product design
 * section 3, `completedFirstAd`), so that an approval raises the flag only when it is not up.
 */
export async function findUnitForJudge(db: Db, id: number, actor: Actor, appUrl: string) {
  const found = await findUnitAnd(db, id, actor, appUrl, 'judge', {
    own_company: sql`exists (select 1 from shops s join company_members cm on cm.company_id = s.company_id
      where s.id = found.shop_id and cm.user_id = found.user_id)`,
    first_ad_done: sql`exists (select 1 from shops s where s.id = found.shop_id
      and s.flag_status -> 'completedFirstAd' = 'true'::jsonb)`,
  });
  return (
    found && {
      record: found.record,
      ownCompany: found.facts.own_company,
      firstAdDone: found.facts.first_ad_done,
    }
  );
}

/** Which units a list shows (GET /api/units): the supporter's own, a shop's, and/or one request's. */
export interface UnitScope {
  /** The supporter asking: their own units, unless a shop is named. */
  userId: number;
  shopId?: number;
  advertisementId?: number;
}

/** The condition of a unit list's scope (`u` is the unit). */
export function unitScope(scope: UnitScope): SQL {
  let where = sql`u.user_id = ${scope.userId}`;
  if (scope.shopId) where = sql`u.shop_id = ${scope.shopId}`;
  if (scope.advertisementId)
    where = scope.shopId
      ? sql`${where} and u.advertisement_id = ${scope.advertisementId}`
      : sql`u.advertisement_id = ${scope.advertisementId}`;
  return where;
}

export async function listUnits(
  db: Db,
  filter: { scope: UnitScope; status?: UnitStatus; cursor?: number },
  appUrl: string,
): Promise<{ items: Unit[]; next_cursor: number | null }> {
  const where = [unitScope(filter.scope)];
  if (filter.status) where.push(sql`u.status = ${filter.status}`);
  if (filter.cursor) where.push(sql`u.id < ${filter.cursor}`);
  const rows = rowsOf(
    await db.execute(
      sql`${UNIT_SELECT} where ${sql.join(where, sql` and `)} order by u.id desc limit ${PAGE_SIZE + 1}`,
    ),
  );
  const items = rows.slice(0, PAGE_SIZE).map((r) => presentUnit(r, appUrl).unit);
  return { items, next_cursor: rows.length > PAGE_SIZE ? items.at(-1)!.id : null };
}

/** The owners and members of a shop's company who can be mailed (a shop is told what concerns it). */
export async function shopOwnersOf(
  db: Db,
  shopId: number,
): Promise<{ id: number; email: string; name: string }[]> {
  return rowsOf<{ id: number; email: string; name: string }>(
    await db.execute(sql`
      select u.id, u.email, u.name from shops s join company_members cm on cm.company_id = s.company_id
      join users u on u.id = cm.user_id
      where s.id = ${shopId} and u.deleted_at is null and u.email is not null order by u.id`),
  ).map((r) => ({ id: Number(r.id), email: String(r.email), name: String(r.name) }));
}

/** A user's e-mail for mail (null when the user left). */
/**
 * Whom a message is for: any user who has not left, with or without an e-mail address (issue 26: a person
 * signed up through LINE hears in the app and on LINE; the mail channel skips a user with no address).
 */
export async function personOf(db: Db, userId: number): Promise<{ name: string } | null> {
  const rows = await hotSql(
    db,
    'user_person_of',
    sql`select name from users where id = ${userId} and deleted_at is null`,
  );
  return rows[0] ? { name: String(rows[0].name) } : null;
}

/**
 * The supporter's rewards: balance is the ledger's sum; pending the rewards of posts awaiting judgement;
 * the ledger's rows newest first, a page after the row `after` (keyset on created_at, id; issue 17).
 */
export async function rewardsOf(db: Db, userId: number, after: number | null = null) {
  const [totals] = rowsOf(
    await db.execute(sql`
      select (select coalesce(sum(amount), 0)::int from ledger_entries where user_id = ${userId}) as ledger,
        (select coalesce(sum(reward), 0)::int from units where user_id = ${userId} and status = 'approved'
          and confirmed_at is null) as holding,
        (select coalesce(sum(reward), 0)::int from units where user_id = ${userId} and status = 'posted') as pending`),
  );
  const items = rowsOf(
    await db.execute(sql`
      select l.id, l.amount, l.kind, l.reference, l.created_at, s.name as shop_name, u.status as unit_status,
        u.confirmed_at
      from ledger_entries l
      -- The unit by its primary key (a reward's reference is unit:{id}): joining on the text of every
      -- unit's id read the whole units table (issue 17).
      left join units u on u.id = case when l.reference ~ '^unit:[0-9]{1,9}$' then substr(l.reference, 6)::int end
      left join advertisements a on a.id = u.advertisement_id
      left join shops s on s.id = a.shop_id
      where l.user_id = ${userId}
        ${after ? sql`and (l.created_at, l.id) < (select c.created_at, c.id from ledger_entries c where c.id = ${after} and c.user_id = ${userId})` : sql``}
      order by l.created_at desc, l.id desc limit ${PAGE_SIZE + 1}`),
  );
  const last = items.length > PAGE_SIZE ? items[PAGE_SIZE - 1]! : null;
  const holding = Number(totals?.holding ?? 0);
  return {
    // Product design section 8: payable is 確定 only; the ledger holds the held rewards' credits too.
    balance: Number(totals?.ledger ?? 0) - holding,
    holding,
    pending: Number(totals?.pending ?? 0),
    // The row's id: the next page reads its time from the row itself (microseconds and all).
    next_cursor: last ? Number(last.id) : null,
    items: items.slice(0, PAGE_SIZE).map((r) => ({
      id: Number(r.id),
      amount: Number(r.amount),
      kind: String(r.kind),
      reference: String(r.reference),
      label:
        r.kind === 'reward' && r.shop_name
          ? `${String(r.shop_name)}の投稿の報酬`
          : r.kind === 'reward'
            ? '投稿の報酬'
            : r.kind === 'reward_reversal'
              ? `${r.shop_name ? `${String(r.shop_name)}の` : ''}報酬の取り消し`
              : String(r.kind),
      state: rewardStateOf(r),
      created_at: iso(r.created_at),
    })),
  };
}

/** A ledger row's reward state: its unit's (確定待ち while approved and not confirmed). */
function rewardStateOf(r: Row): RewardState | null {
  if (r.kind !== 'reward' || !r.unit_status) return null;
  if (r.unit_status === 'reversed') return 'reversed';
  return r.confirmed_at ? 'confirmed' : 'holding';
}

/** An ended request's public facts (the /period page); null for any other status or id. */
export async function findEndedAd(db: Db, id: number): Promise<AdPeriod | null> {
  const [row] = rowsOf<{
    id: number;
    name: string;
    screen_name: string;
    starts_on: string | null;
    ends_on: string | null;
    ended_at: Date | string | null;
  }>(
    await db.execute(sql`
      select a.id, s.name, s.screen_name, a.starts_on::text as starts_on, a.ends_on::text as ends_on, a.ended_at
      from advertisements a join shops s on s.id = a.shop_id
      where a.id = ${id} and a.status = ${literal(AD_STATUS.ended)}`),
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    shop: { name: row.name, screen_name: row.screen_name },
    starts_on: strOrNull(row.starts_on),
    ends_on: strOrNull(row.ends_on),
    ended_at: isoOrNull(row.ended_at),
  };
}

/* ------------------------------------------------------------------ notifications (issue 26, ADR 0177) */

/** The people of a shop: the members of its company who have not left (they judge its posts). */
export async function shopPeople(db: Db, shopId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      select u.id from shops s join company_members cm on cm.company_id = s.company_id
        join users u on u.id = cm.user_id
      where s.id = ${shopId} and u.deleted_at is null order by u.id`),
  ).map((r) => Number(r.id));
}

/**
 * The people of a shop (as shopPeople) who want its posts to judge one by one (notification setting
 * `posts_to_judge` = 'each'; no setting is the digest), by id, as a SQL array. Issue 29: read by the proof's
 * own update (`markPosted`), not by a statement of its own, nor one more per person.
 */
export function shopPeopleToTellEach(shopId: number): SQL {
  return sql`array(
      select u.id from shops s join company_members cm on cm.company_id = s.company_id
        join users u on u.id = cm.user_id
        join notification_settings ns on ns.user_id = u.id and ns.posts_to_judge = 'each'
      where s.id = ${shopId} and u.deleted_at is null order by u.id)`;
}

/** Posts of a shop's requests that wait for its judgement. */
export async function postsWaiting(db: Db, shopId: number): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      select count(*)::int as n from units u join advertisements a on a.id = u.advertisement_id
      where a.shop_id = ${shopId} and u.status = 'posted'`),
  );
  return Number(row?.n ?? 0);
}

/** Shops with posts waiting for judgement, and how many. */
export async function shopsWithPostsWaiting(
  db: Db,
): Promise<{ shopId: number; shop: string; posts: number }[]> {
  return rowsOf(
    await db.execute(sql`
      select a.shop_id, s.name, count(*)::int as n from units u
        join advertisements a on a.id = u.advertisement_id join shops s on s.id = a.shop_id
      where u.status = 'posted' group by a.shop_id, s.name order by a.shop_id`),
  ).map((r) => ({ shopId: Number(r.shop_id), shop: String(r.name), posts: Number(r.n) }));
}

/**
 * Open offers whose answer deadline is within `until` and whose supporter was not yet told so (offers made
 * with a day or less to answer are left out: their arrival named the deadline).
 */
export async function offersExpiring(
  db: Db,
  at: Date,
  until: Date,
): Promise<{ unitId: number; userId: number; shop: string; expiresAt: string }[]> {
  return rowsOf(
    await db.execute(sql`
      select u.id, u.user_id, s.name, u.expires_at from units u
        join advertisements a on a.id = u.advertisement_id join shops s on s.id = a.shop_id
      where u.status = 'offered' and u.expires_at > ${at} and u.expires_at <= ${until}
        -- An offer made with less than a day to answer said so when it arrived: no second message.
        and u.offered_at < u.expires_at - interval '24 hours'
        and not exists (select 1 from notifications n where n.user_id = u.user_id
          and n.kind = 'offer.expiring' and n.record_key = 'unit:' || u.id)
      order by u.id limit 1000`),
  ).map((r) => ({
    unitId: Number(r.id),
    userId: Number(r.user_id),
    shop: String(r.name),
    expiresAt: new Date(r.expires_at as string).toISOString(),
  }));
}

/** A request's figures when it ends: posts made, clicks on its links, and what was billed for it (tax excluded). */
export async function endFigures(
  db: Db,
  adId: number,
  feePercent: number,
): Promise<{ shop: string; createdBy: number | null; posts: number; clicks: number; billed: number }> {
  const [row] = rowsOf(
    await db.execute(sql`
      select s.name, a.created_by,
        (select count(*)::int from units u where u.advertisement_id = a.id and u.status in ('posted', 'approved')) as posts,
        (select coalesce(sum(c.clicks), 0)::int from units u join short_link_click_sources c on c.link_id = u.short_link_id
          where u.advertisement_id = a.id) as clicks,
        (select count(*)::int from units u where u.advertisement_id = a.id and u.status = 'approved') as approved,
        coalesce(b.reward, a.reward, 0) as reward, b.fee
      from advertisements a join shops s on s.id = a.shop_id left join bills b on b.advertisement_id = a.id
      where a.id = ${adId}`),
  );
  if (!row) throw new Error(`advertisement ${adId} not found`);
  const rewards = Number(row.approved) * Number(row.reward);
  const fee = row.fee === null || Number(row.fee) === 0 ? 0 : Math.floor((rewards * feePercent) / 100);
  return {
    shop: String(row.name),
    createdBy: row.created_by === null ? null : Number(row.created_by),
    posts: Number(row.posts),
    clicks: Number(row.clicks),
    billed: row.fee === null ? 0 : rewards + fee,
  };
}

/* ------------------------------------------------------------------ changes of requests (issue 28) */

/**
 * Inserts a request of a shop with the given columns (names as stored; `hashtags` and `platforms` are JSON
 * text, cast to jsonb). Answers its id.
 */
export async function insertAd(
  db: Db,
  shopId: number,
  createdBy: number,
  cols: Record<string, unknown>,
): Promise<number> {
  const names = Object.keys(cols);
  const [row] = rowsOf<{ id: number }>(
    await db.execute(sql`
        insert into advertisements (shop_id, created_by, ${sql.raw(names.join(', '))})
        values (${shopId}, ${createdBy}, ${sql.join(
          names.map((n) =>
            n === 'hashtags' || n === 'platforms' ? sql`${cols[n]}::jsonb` : sql`${cols[n]}`,
          ),
          sql`, `,
        )}) returning id`),
  );
  return Number(row!.id);
}

/**
 * Inserts the shop's first-advertising request (units and reward fixed, fee waived). The unique index on
 * `is_first` per shop refuses a second one (a unique violation for the caller to tell).
 */
export async function insertFirstAd(
  tx: Db,
  input: { shopId: number; createdBy: number; text: string; units: number; reward: number },
): Promise<number> {
  const [row] = rowsOf<{ id: number }>(
    await tx.execute(sql`
            insert into advertisements (shop_id, created_by, text, units, reward, is_first, fee_waived)
            values (${input.shopId}, ${input.createdBy}, ${input.text}, ${input.units}, ${input.reward}, true, true)
            returning id`),
  );
  return Number(row!.id);
}

/**
 * Sets the given columns of a request that is still editable (下書き or 差し戻し); `hashtags`, `platforms`
 * and `image_urls` are JSON text. Answers whether it was changed (false: no longer editable).
 */
export async function updateEditableAd(db: Db, id: number, cols: Record<string, unknown>): Promise<boolean> {
  const sets = Object.keys(cols).map((n) =>
    n === 'hashtags' || n === 'platforms' || n === 'image_urls'
      ? sql`${sql.raw(n)} = ${cols[n]}::jsonb`
      : sql`${sql.raw(n)} = ${cols[n]}`,
  );
  const updated = rowsOf(
    await db.execute(sql`
          update advertisements set ${sql.join(sets, sql`, `)}, updated_at = now()
          where id = ${id} and status in ${EDITABLE} returning id`),
  );
  return updated.length > 0;
}

/**
 * Adds image URLs to an editable request while it keeps at most `max`. Answers whether they were added
 * (false: no longer editable, or too many images by a racing upload).
 */
export async function appendAdImages(db: Db, id: number, urls: string[], max: number): Promise<boolean> {
  const updated = rowsOf(
    await db.execute(sql`
        update advertisements set image_urls = image_urls || ${JSON.stringify(urls)}::jsonb,
          updated_at = now()
        where id = ${id} and status in ${EDITABLE} and jsonb_array_length(image_urls) + ${urls.length} <= ${max}
        returning id`),
  );
  return updated.length > 0;
}

/** An editable request goes to review (審査中), submitted at `at`. */
export async function markAdSubmitted(db: Db, id: number, at: Date): Promise<void> {
  await db.execute(sql`
      update advertisements set status = ${literal(AD_STATUS.review)}, submitted_at = ${at}, updated_at = now()
      where id = ${id} and status in ${EDITABLE}`);
}

/** The request is approved by staff and goes live (配信中); a reason it was sent back with is cleared. */
export async function markAdLive(tx: Db, id: number, at: Date, reviewedBy: number): Promise<void> {
  await tx.execute(sql`
        update advertisements set status = ${literal(AD_STATUS.live)}, approved_at = ${at}, reviewed_by = ${reviewedBy},
          reject_reason = null, updated_at = now() where id = ${id}`);
}

/** The request is sent back by staff (差し戻し) with the reason its owner sees. */
export async function markAdSentBack(tx: Db, id: number, reason: string, reviewedBy: number): Promise<void> {
  await tx.execute(sql`
        update advertisements set status = ${literal(AD_STATUS.sentBack)}, reject_reason = ${reason}, reviewed_by = ${reviewedBy},
          updated_at = now() where id = ${id}`);
}

/** Live requests whose last day (Japan) is before `today` end (終了) at `at`. Answers their ids. */
export async function endLiveAds(tx: Db, at: Date, today: string): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await tx.execute(sql`
          update advertisements set status = ${literal(AD_STATUS.ended)}, ended_at = ${at}, updated_at = now()
          where status = ${literal(AD_STATUS.live)} and ends_on < ${today} returning id`),
  ).map((r) => Number(r.id));
}

/**
 * A live request with what its offers need, its row locked (`for update`) so that racing declines and
 * expiries never offer more than ordered. Null when the request is not live.
 */
export async function lockLiveAdForOffers(tx: Db, adId: number) {
  const [ad] = rowsOf<{
    shop_id: number;
    shop_name: string;
    text: string;
    units: number | null;
    reward: number | null;
    starts_on: string | null;
    ends_on: string | null;
  }>(
    await tx.execute(sql`
        select a.shop_id, s.name as shop_name, a.text, a.units, a.reward, a.starts_on::text as starts_on,
          a.ends_on::text as ends_on
        from advertisements a join shops s on s.id = a.shop_id
        where a.id = ${adId} and a.status = ${literal(AD_STATUS.live)} for update of a`),
  );
  return ad ?? null;
}

/** The shop of a request, by the request's id (its name is what a supporter is told). */
export async function shopOfAd(tx: Db, adId: number): Promise<{ id: number; name: string } | null> {
  // Prepared (issue 17): every approval of a post reads it.
  const [row] = await hotSql<{ id: number; name: string }>(
    tx,
    'shop_of_ad',
    sql`select s.id, s.name from shops s where s.id = (select shop_id from advertisements where id = ${adId})`,
  );
  return row ? { id: Number(row.id), name: String(row.name) } : null;
}
