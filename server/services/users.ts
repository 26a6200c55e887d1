import { type SQL, sql } from 'drizzle-orm';
import { type Shop, USER_FLAGS, type User } from '../../src/api/contracts/auth.ts';
import type { Db } from '../db/client.ts';

/**
 * Presenters of the user (`GET /api/me`, seed spec section 3) and the shop, each in one database round
 * trip: the counts and the company are subselects, so /api/me costs one query after the token check.
 */
type Row = Record<string, unknown>;
export const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

const asJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The user columns of the presenter, over `users u join roles r`. Plain text: also run as a prepared statement. */
export const USER_COLUMNS = `
    u.id, u.name, u.email, u.screen_name, u.avatar_url, u.status, u.flag_status,
    u.is_stripe_verified, (u.email_verified_at is not null) as email_verified,
    json_build_object('id', r.id, 'name', r.name, 'priority', r.priority) as role,
    (select json_build_object('id', c.id, 'paid_status', c.paid_status)
       from company_members cm join companies c on c.id = cm.company_id
       where cm.user_id = u.id
       order by (cm.role = 'owner') desc, cm.created_at, c.id limit 1) as company,
    (select count(*)::int from favorites f where f.user_id = u.id) as favorites_count,
    (select count(*)::int from shops s
       where s.company_id in (select company_id from company_members where user_id = u.id)) as shops_count,
    (select coalesce(json_agg(json_build_object('id', sa.id, 'provider', sa.provider, 'handle', sa.handle,
              'profile_url', sa.profile_url, 'status', sa.status) order by sa.id), '[]'::json)
       from social_accounts sa where sa.user_id = u.id) as social_accounts`;

const USER_SELECT = sql.raw(`select ${USER_COLUMNS} from users u join roles r on r.id = u.role_id`);

/**
 * Runs a fixed query on the hot path. On PostgreSQL it is a named prepared statement, planned once per
 * connection instead of on every call; PGlite runs in process and takes it as it is.
 */
export async function hotQuery(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<{ rows: Row[] }> } })
    .$client;
  if ('totalCount' in client) return (await client.query({ name, text, values })).rows; // pg.Pool
  return (await client.query(text, values)).rows;
}

export function presentUser(row: Row): User {
  const flags = asJson<Record<string, unknown> | null>(row.flag_status) ?? {};
  const favorites = Number(row.favorites_count);
  return {
    id: Number(row.id),
    name: String(row.name),
    email: (row.email as string | null) ?? null,
    screen_name: String(row.screen_name),
    avatar_url: (row.avatar_url as string | null) ?? null,
    role: asJson(row.role),
    company: asJson(row.company) ?? null,
    flag_status: Object.fromEntries(USER_FLAGS.map((f) => [f, flags[f] === true])) as User['flag_status'],
    is_stripe_verified: row.is_stripe_verified === true,
    favorites_count: favorites,
    shops_count: Number(row.shops_count),
    // NOTE: units (support-request offers) arrive with the support-request feature; until that table
    // exists nobody can have an offered unit, so the count is truly 0.
    not_accepted_units_count: 0,
    // Product design section 2: "follower_count of a user counts the shops whose supporter list
    // includes the user", i.e. the shops the user supports.
    follower_count: favorites,
    status: String(row.status),
    social_accounts: asJson(row.social_accounts) ?? [],
    email_verified: row.email_verified === true,
  };
}

export async function loadUser(db: Db, userId: number): Promise<User | null> {
  const rows = rowsOf(await db.execute(sql`${USER_SELECT} where u.id = ${userId} and u.deleted_at is null`));
  return rows[0] ? presentUser(rows[0]) : null;
}

const SHOP_SELECT = sql`
  select s.id, s.company_id, s.name, s.screen_name, s.status, s.flag_status, s.description, s.category,
    s.prefecture, s.cover_image_url,
    (select count(*)::int from favorites f join users fu on fu.id = f.user_id
       where f.shop_id = s.id and fu.deleted_at is null) as favoriters_count
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
    description: (row.description as string | null) ?? null,
    category: (row.category as string | null) ?? null,
    prefecture: (row.prefecture as string | null) ?? null,
    cover_image_url: (row.cover_image_url as string | null) ?? null,
  };
}

export async function loadShops(db: Db, where: SQL): Promise<Shop[]> {
  const rows = rowsOf(await db.execute(sql`${SHOP_SELECT} where ${where} order by s.id`));
  return rows.map(presentShop);
}

/** True when the user belongs to the company that owns the shop (object-level check, in the query). */
export async function isShopMember(db: Db, userId: number, shopId: number): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from shops s join company_members cm on cm.company_id = s.company_id
      where s.id = ${shopId} and cm.user_id = ${userId} limit 1`),
  );
  return rows.length > 0;
}
