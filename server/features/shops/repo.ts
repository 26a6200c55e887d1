import { desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  type Company,
  PUBLISHED_SHOP_STATUS,
  type Shop,
  type ShopCard,
  type ShopDetail,
  type ShopSupporter,
  type StaffCompany,
} from '../../../contracts/shops.ts';
import { type ApprovedSnsAccount, snsProfileUrl } from '../../../contracts/supporters.ts';
import { type Db, hotSql, rowsOf } from '../../platform/db/client.ts';
import { companies, companyMembers, favorites, shopReviews, shops } from './schema.ts';

/**
 * The shops feature's queries. Who may see or change a row is part of each WHERE (product design
 * section 1: object-level checks in the query): `actor` is the caller's user id, or `staff` for staff.
 */

type Row = Record<string, unknown>;
export type Actor = { userId: number; staff: boolean };

const asJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/** `ilike` pattern that matches the text anywhere, with `%`, `_` and `\` taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller may act for the company: a member of it, or staff. */
const memberOf = (companyId: SQL, actor: Actor) =>
  actor.staff
    ? sql`true`
    : sql`exists (select 1 from company_members cm where cm.company_id = ${companyId} and cm.user_id = ${actor.userId})`;

/**
 * The shop's followers: the counter a trigger keeps on `favorites` (ADR 0122). It equals the count of the
 * favourites of users who have not left (leaving deletes them), without reading them on every card.
 */
const FAVORITERS = sql`s.favoriters_count`;

/** The shop presenter (seed spec section 3) in one round trip. */
const SHOP_SELECT = sql`
  select s.id, s.company_id, s.name, s.screen_name, s.status, s.flag_status, s.description, s.category,
    s.prefecture, s.cover_image_url, ${FAVORITERS} as favoriters_count
  from shops s`;

export function presentShop(row: Row): Shop {
  const flags = asJson<Record<string, unknown> | null>(row.flag_status) ?? {};
  return {
    id: Number(row.id),
    company_id: Number(row.company_id),
    name: String(row.name),
    screen_name: String(row.screen_name),
    status: String(row.status),
    favoriters_count: Number(row.favoriters_count),
    flag_status: {
      savedFirstProfile: flags.savedFirstProfile === true,
      completedFirstAd: flags.completedFirstAd === true,
    },
    description: str(row.description),
    category: str(row.category),
    prefecture: str(row.prefecture),
    cover_image_url: str(row.cover_image_url),
  };
}

export async function loadShops(db: Db, where: SQL): Promise<Shop[]> {
  const rows = rowsOf(await db.execute(sql`${SHOP_SELECT} where ${where} order by s.id`));
  return rows.map(presentShop);
}

export function findShop(db: Db, id: number): Promise<Shop | undefined> {
  return loadShops(db, sql`s.id = ${id}`).then((rows) => rows[0]);
}

/** The shop, when the caller may act for it: a member of its company, or staff (the check is the WHERE). */
export function findShopFor(db: Db, id: number, actor: Actor): Promise<Shop | undefined> {
  return loadShops(db, sql`s.id = ${id} and ${memberOf(sql`s.company_id`, actor)}`).then((rows) => rows[0]);
}

/** A published shop, as anyone may see it. */
export function findPublishedShop(db: Db, id: number): Promise<Shop | undefined> {
  return loadShops(db, sql`s.id = ${id} and s.status = ${PUBLISHED_SHOP_STATUS}`).then((rows) => rows[0]);
}

/** The shops of every company the user belongs to. */
export function shopsOfMember(db: Db, userId: number): Promise<Shop[]> {
  return loadShops(
    db,
    sql`s.company_id in (select company_id from company_members where user_id = ${userId})`,
  );
}

/** ADR 0014: the newest shop_reviews row's status. */
export async function latestReviewStatus(db: Db, shopId: number): Promise<string | null> {
  const [latest] = await db
    .select({ status: shopReviews.status })
    .from(shopReviews)
    .where(eq(shopReviews.shopId, shopId))
    .orderBy(desc(shopReviews.createdAt), desc(shopReviews.id))
    .limit(1);
  return latest?.status ?? null;
}

/* ------------------------------------------------------------------ companies */

const COMPANY_COLUMNS = sql`c.id, c.name, c.name_kana, c.representative, c.postal_code, c.address, c.phone,
  c.invoice_number, c.paid_status, c.review_reason, c.created_at`;

function presentCompany(row: Row): Company {
  return {
    id: Number(row.id),
    name: String(row.name),
    name_kana: str(row.name_kana),
    representative: str(row.representative),
    postal_code: str(row.postal_code),
    address: str(row.address),
    phone: str(row.phone),
    invoice_number: str(row.invoice_number),
    paid_status: String(row.paid_status),
    review_reason: str(row.review_reason),
    created_at: iso(row.created_at),
  };
}

export type CompanyValues = {
  name: string;
  name_kana: string;
  representative: string;
  postal_code: string;
  address: string;
  phone: string;
  invoice_number: string | null;
};

const companyColumns = (v: CompanyValues) => ({
  name: v.name,
  nameKana: v.name_kana,
  representative: v.representative,
  postalCode: v.postal_code,
  address: v.address,
  phone: v.phone,
  invoiceNumber: v.invoice_number,
});

/** A new company under review, with the applicant as its owner. */
export async function insertCompany(db: Db, userId: number, values: CompanyValues): Promise<number> {
  const [company] = await db.insert(companies).values(companyColumns(values)).returning({ id: companies.id });
  await db.insert(companyMembers).values({ companyId: company!.id, userId, role: 'owner' });
  return company!.id;
}

/** The company, when the caller is one of its members or staff. */
export async function findCompany(db: Db, id: number, actor: Actor): Promise<Company | null> {
  const [row] = rowsOf(
    await db.execute(
      sql`select ${COMPANY_COLUMNS} from companies c where c.id = ${id} and ${memberOf(sql`c.id`, actor)}`,
    ),
  );
  return row ? presentCompany(row) : null;
}

export async function updateCompany(
  db: Db,
  id: number,
  actor: Actor,
  values: CompanyValues,
): Promise<boolean> {
  const c = companyColumns(values);
  const rows = rowsOf(
    await db.execute(sql`
      update companies c set name = ${c.name}, name_kana = ${c.nameKana}, representative = ${c.representative},
        postal_code = ${c.postalCode}, address = ${c.address}, phone = ${c.phone},
        invoice_number = ${c.invoiceNumber}, updated_at = now()
      where c.id = ${id} and ${memberOf(sql`c.id`, actor)}
      returning c.id`),
  );
  return rows.length > 0;
}

/** The company's fields, its row locked (the staff audit log's "before"; issue 24); null when missing. */
export async function lockCompany(db: Db, id: number): Promise<Company | null> {
  const [row] = rowsOf(
    await db.execute(sql`select ${COMPANY_COLUMNS} from companies c where c.id = ${id} for update`),
  );
  return row ? presentCompany(row) : null;
}

export async function setCompanyStatus(
  db: Db,
  id: number,
  paidStatus: string,
  reason: string | null,
): Promise<Company | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      update companies c set paid_status = ${paidStatus}, review_reason = ${reason}, updated_at = now()
      where c.id = ${id} returning ${COMPANY_COLUMNS}`),
  );
  return row ? presentCompany(row) : null;
}

/** Staff: companies (optionally of one paid_status), oldest first, with their members. */
export async function listCompanies(
  db: Db,
  filter: { paidStatus?: string | undefined; cursor?: number | undefined },
  limit: number,
): Promise<StaffCompany[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select ${COMPANY_COLUMNS},
        coalesce((select json_agg(json_build_object('name', u.name, 'screen_name', u.screen_name,
            'email', u.email, 'role', cm.role) order by cm.role desc, u.id)
          from company_members cm join users u on u.id = cm.user_id where cm.company_id = c.id), '[]'::json)
          as members
      from companies c
      where ${filter.paidStatus ? sql`c.paid_status = ${filter.paidStatus}` : sql`true`}
        and ${filter.cursor ? sql`c.id > ${filter.cursor}` : sql`true`}
      order by c.id limit ${limit}`),
  );
  return rows.map((row) => ({
    ...presentCompany(row),
    members: asJson<StaffCompany['members']>(row.members),
  }));
}

/** Where to tell the company's people about a decision: its members who have an address. */
export async function companyMailTargets(
  db: Db,
  companyId: number,
): Promise<{ id: number; email: string; name: string }[]> {
  return rowsOf<{ id: number; email: string; name: string }>(
    await db.execute(sql`
      select u.id, u.email, u.name from company_members cm join users u on u.id = cm.user_id
      where cm.company_id = ${companyId} and u.email is not null and u.deleted_at is null
      order by cm.role desc, u.id`),
  );
}

/* ---------------------------------------------------------------------- shops */

export type ShopValues = {
  name: string;
  screen_name: string;
  category: string;
  prefecture: string;
  address: string;
  opening_hours: string | null;
  phone: string;
  url: string | null;
  description: string | null;
};

/** True when a supporter or another shop already holds the name (case-insensitive, ADR 0050). */
export async function screenNameTaken(db: Db, name: string, exceptShopId: number | null): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from shops where lower(screen_name) = lower(${name})
        and ${exceptShopId ? sql`id <> ${exceptShopId}` : sql`true`}
      union all
      select 1 from users where lower(screen_name) = lower(${name}) limit 1`),
  );
  return rows.length > 0;
}

export async function insertShop(
  db: Db,
  companyId: number,
  values: ShopValues,
  status: string,
): Promise<number> {
  const [shop] = await db
    .insert(shops)
    .values({
      companyId,
      name: values.name,
      screenName: values.screen_name,
      category: values.category,
      prefecture: values.prefecture,
      address: values.address,
      openingHours: values.opening_hours,
      phone: values.phone,
      url: values.url,
      description: values.description,
      status,
    })
    .returning({ id: shops.id });
  await db.insert(shopReviews).values({ shopId: shop!.id, status });
  return shop!.id;
}

/**
 * Saves the profile and raises savedFirstProfile (issue 12), for the shop's people and staff. A rejected
 * shop goes back to review with its new profile (one shop_reviews row; ADR 0052). Answers whether the
 * caller could save it, and whether it went back to review. Run it in a transaction.
 */
export async function updateShop(
  db: Db,
  id: number,
  actor: Actor,
  values: ShopValues,
  statuses: { rejected: string; underReview: string },
): Promise<{ resubmitted: boolean } | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      update shops s set name = ${values.name}, screen_name = ${values.screen_name},
        category = ${values.category}, prefecture = ${values.prefecture}, address = ${values.address},
        opening_hours = ${values.opening_hours}, phone = ${values.phone}, url = ${values.url},
        description = ${values.description},
        status = case when old.status = ${statuses.rejected} then ${statuses.underReview} else old.status end,
        flag_status = s.flag_status || '{"savedFirstProfile": true}'::jsonb, updated_at = now()
      from (select id, status from shops where id = ${id} for update) old
      where s.id = old.id and ${memberOf(sql`s.company_id`, actor)}
      returning old.status as old_status`),
  );
  if (!row) return null;
  const resubmitted = row.old_status === statuses.rejected;
  if (resubmitted) await db.insert(shopReviews).values({ shopId: id, status: statuses.underReview });
  return { resubmitted };
}

/** Replaces the cover; answers the key of the cover it replaced (to delete), or undefined when refused. */
export async function setShopCover(
  db: Db,
  id: number,
  actor: Actor,
  cover: { url: string; key: string },
): Promise<{ oldKey: string | null; oldUrl: string | null } | undefined> {
  const [row] = rowsOf(
    await db.execute(sql`
      update shops s set cover_image_url = ${cover.url}, cover_image_key = ${cover.key}, updated_at = now()
      from (select id, cover_image_key, cover_image_url from shops where id = ${id} for update) old
      where s.id = old.id and ${memberOf(sql`s.company_id`, actor)}
      returning old.cover_image_key as old_key, old.cover_image_url as old_url`),
  );
  return row ? { oldKey: str(row.old_key), oldUrl: str(row.old_url) } : undefined;
}

const DETAIL_SELECT = sql`
  select s.id, s.company_id, s.name, s.screen_name, s.status, s.flag_status, s.description, s.category,
    s.prefecture, s.cover_image_url, ${FAVORITERS} as favoriters_count,
    s.address, s.opening_hours, s.phone, s.url, s.created_at, c.name as company_name, c.paid_status,
    (select r.reason from shop_reviews r where r.shop_id = s.id
       order by r.created_at desc, r.id desc limit 1) as review_reason
  from shops s join companies c on c.id = s.company_id`;

function presentDetail(row: Row): ShopDetail {
  return {
    ...presentShop(row),
    address: str(row.address),
    opening_hours: str(row.opening_hours),
    phone: str(row.phone),
    url: str(row.url),
    company_name: String(row.company_name),
    paid_status: String(row.paid_status),
    review_reason: str(row.review_reason),
    created_at: iso(row.created_at),
  };
}

export async function findShopDetail(db: Db, id: number, actor: Actor): Promise<ShopDetail | null> {
  const [row] = rowsOf(
    await db.execute(sql`${DETAIL_SELECT} where s.id = ${id} and ${memberOf(sql`s.company_id`, actor)}`),
  );
  return row ? presentDetail(row) : null;
}

/** Staff: every shop, by name, screen name or company, optionally of one status; oldest first. */
export async function staffShops(
  db: Db,
  filter: { q?: string | undefined; status?: string | undefined; cursor?: number | undefined },
  limit: number,
): Promise<ShopDetail[]> {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const rows = rowsOf(
    await db.execute(sql`${DETAIL_SELECT}
      where ${filter.status ? sql`s.status = ${filter.status}` : sql`true`}
        and ${pattern ? sql`(s.name ilike ${pattern} or s.screen_name ilike ${pattern} or c.name ilike ${pattern})` : sql`true`}
        and ${filter.cursor ? sql`s.id > ${filter.cursor}` : sql`true`}
      order by s.id limit ${limit}`),
  );
  return rows.map(presentDetail);
}

/** The shop's profile fields, its row locked (the staff audit log's "before"; issue 24); null when missing. */
export async function lockShopProfile(db: Db, id: number): Promise<Record<string, string | null> | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select name, screen_name, category, prefecture, address, opening_hours, phone, url, description, status,
        cover_image_url
      from shops where id = ${id} for update`),
  );
  if (!row) return null;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, str(v)]));
}

/** A review decision: the shop's status and a shop_reviews row, in the caller's transaction. */
export async function recordShopReview(
  db: Db,
  shopId: number,
  status: string,
  reason: string | null,
  reviewerId: number,
): Promise<{ name: string; companyId: number; before: string } | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      update shops s set status = ${status}, updated_at = now()
      from (select id, status from shops where id = ${shopId} for update) old
      where s.id = old.id
      returning s.name, s.company_id, old.status as old_status`),
  );
  if (!row) return null;
  await db.insert(shopReviews).values({ shopId, status, reason, reviewerId });
  return { name: String(row.name), companyId: Number(row.company_id), before: String(row.old_status) };
}

/* ------------------------------------------------------------------ favourites */

function presentCard(row: Row): ShopCard {
  return {
    id: Number(row.id),
    name: String(row.name),
    screen_name: String(row.screen_name),
    category: str(row.category),
    prefecture: str(row.prefecture),
    description: str(row.description),
    cover_image_url: str(row.cover_image_url),
    favoriters_count: Number(row.favoriters_count),
    is_favorite: row.is_favorite === true,
  };
}

/** Published shops by name, area and category (or only those `followerId` follows), by id. */
export async function searchShops(
  db: Db,
  filter: {
    q?: string | undefined;
    prefecture?: string | undefined;
    category?: string | undefined;
    followerId?: number | null;
    cursor?: number | undefined;
  },
  viewerId: number | null,
  limit: number,
): Promise<ShopCard[]> {
  const pattern = filter.q ? containsPattern(filter.q) : null;
  const rows = rowsOf(
    await db.execute(sql`
      select s.id, s.name, s.screen_name, s.category, s.prefecture, s.description, s.cover_image_url,
        ${FAVORITERS} as favoriters_count,
        ${viewerId ? sql`exists (select 1 from favorites v where v.shop_id = s.id and v.user_id = ${viewerId})` : sql`false`} as is_favorite
      from shops s
      where s.status = ${PUBLISHED_SHOP_STATUS}
        and ${pattern ? sql`(s.name ilike ${pattern} or s.screen_name ilike ${pattern} or s.description ilike ${pattern})` : sql`true`}
        and ${filter.prefecture ? sql`s.prefecture = ${filter.prefecture}` : sql`true`}
        and ${filter.category ? sql`s.category = ${filter.category}` : sql`true`}
        and ${filter.followerId ? sql`exists (select 1 from favorites ff where ff.shop_id = s.id and ff.user_id = ${filter.followerId})` : sql`true`}
        and ${filter.cursor ? sql`s.id > ${filter.cursor}` : sql`true`}
      order by s.id limit ${limit}`),
  );
  return rows.map(presentCard);
}

/** Follows a published shop; a repeat (or a concurrent twin) does nothing (primary key + on conflict). */
export async function follow(db: Db, userId: number, shopId: number): Promise<void> {
  await db.execute(sql`
    insert into favorites (user_id, shop_id)
    select ${userId}, s.id from shops s where s.id = ${shopId} and s.status = ${PUBLISHED_SHOP_STATUS}
    on conflict do nothing`);
}

/** Unfollows; answers whether the user was following (a row was removed). */
export async function unfollow(db: Db, userId: number, shopId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`delete from favorites where user_id = ${userId} and shop_id = ${shopId} returning 1 as gone`,
    ),
  );
  return rows.length > 0;
}

/** The follow state of one shop for one user (the count is the trigger-kept counter, ADR 0122). */
export async function favoriteState(
  db: Db,
  userId: number,
  shopId: number,
): Promise<{ status: string; isFavorite: boolean; count: number } | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select s.status, ${FAVORITERS} as favoriters_count,
        exists (select 1 from favorites v where v.shop_id = s.id and v.user_id = ${userId}) as is_favorite
      from shops s where s.id = ${shopId}`),
  );
  if (!row) return null;
  return {
    status: String(row.status),
    isFavorite: row.is_favorite === true,
    count: Number(row.favoriters_count),
  };
}

/**
 * The supporter's approved SNS accounts (issue 23 "Also"): the reviewed accounts of `sns_accounts`, not
 * the login links of `social_accounts` (SQL over alias `u`).
 */
const APPROVED_SNS = sql`coalesce((select json_agg(json_build_object('platform', sa.platform,
    'handle', sa.handle, 'follower_count', sa.follower_count) order by sa.platform, sa.id)
  from sns_accounts sa where sa.user_id = u.id and sa.status = '承認'), '[]'::json)`;

const presentSns = (value: unknown): ApprovedSnsAccount[] =>
  asJson<Omit<ApprovedSnsAccount, 'profile_url'>[]>(value).map((a) => ({
    platform: a.platform,
    handle: a.handle,
    profile_url: snsProfileUrl(a.platform, a.handle),
    follower_count: a.follower_count == null ? null : Number(a.follower_count),
  }));

/** The shop's supporters, newest follow first; keyset on (follow time as text, user id). */
export async function supportersOf(
  db: Db,
  shopId: number,
  after: { at: string; userId: number } | null,
  limit: number,
): Promise<(ShopSupporter & { cursorAt: string; userId: number })[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select u.id as user_id, u.name, u.screen_name, u.avatar_url, f.created_at,
        f.created_at::text as cursor_at,
        ${APPROVED_SNS} as sns_accounts
      from favorites f join users u on u.id = f.user_id
      where f.shop_id = ${shopId} and u.deleted_at is null
        and ${after ? sql`(f.created_at, f.user_id) < (${after.at}::timestamptz, ${after.userId})` : sql`true`}
      order by f.created_at desc, f.user_id desc limit ${limit}`),
  );
  return rows.map((row) => ({
    name: String(row.name),
    screen_name: String(row.screen_name),
    avatar_url: str(row.avatar_url),
    since: iso(row.created_at),
    sns_accounts: presentSns(row.sns_accounts),
    cursorAt: String(row.cursor_at),
    userId: Number(row.user_id),
  }));
}

/* ------------------------------------------------------------------ changes other features ask for */
// ADR 0182: the shops table is this feature's; another feature changes a shop's row through ShopService
// (its methods taking the caller's `tx`), which calls these.

/**
 * Raises the shop's completedFirstAd flag (product design section 3) unless it is up already: only the first
 * writes the shop's row, since every approval locking it made a shop's approvals wait for each other (issue 17).
 * Prepared: every approval of a post runs it.
 */
export async function raiseCompletedFirstAd(tx: Db, shopId: number): Promise<void> {
  await hotSql(
    tx,
    'shop_raise_first_ad_flag',
    sql`
      update shops set flag_status = flag_status || '{"completedFirstAd": true}'::jsonb
      where id = ${shopId} and flag_status -> 'completedFirstAd' is distinct from 'true'::jsonb`,
  );
}

/** The referral shop becomes the person's favourite (product design section 6); kept if it already is. */
export async function addFavourite(db: Db, userId: number, shopId: number, at: Date): Promise<void> {
  await db.insert(favorites).values({ userId, shopId, createdAt: at }).onConflictDoNothing();
}

/** A person who leaves: their favourites and company memberships go (ADR 0114's leaving). */
export async function forgetPerson(db: Db, userId: number): Promise<void> {
  await db.delete(favorites).where(eq(favorites.userId, userId));
  await db.delete(companyMembers).where(eq(companyMembers.userId, userId));
}
