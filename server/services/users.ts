import { type SQL, sql } from 'drizzle-orm';
import type { Shop, User } from '../../src/api/contracts/auth.ts';
import { type Db, rowsOf } from '../db/client.ts';

/**
 * Presenters of the user (`GET /api/me`, seed spec section 3) and the shop, each in one database round
 * trip: the counts and the company are subselects, so /api/me costs one query after the token check.
 */

type Row = Record<string, unknown>;

const asJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The whole user presenter (seed spec section 3), built by the database as JSON text over
 * `users u join roles r`, in the key order of `userSchema`. GET /api/me sends this text as it is: no
 * parse and re-serialise on the hot path. Plain text, so it also runs as a prepared statement.
 *
 * - flags: exactly the seven of section 3, true only for a JSON `true` (section 5 coercion is the
 *   client's; the server stores booleans);
 * - follower_count: product design section 2, "the shops whose supporter list includes the user";
 * - not_accepted_units_count: units (support-request offers) arrive with the support-request feature;
 *   until that table exists nobody has an offered unit, so the count is truly 0.
 */
export const USER_JSON = `json_build_object(
    'id', u.id, 'name', u.name, 'email', u.email, 'screen_name', u.screen_name, 'avatar_url', u.avatar_url,
    'role', json_build_object('id', r.id, 'name', r.name, 'priority', r.priority),
    'company', (select json_build_object('id', c.id, 'paid_status', c.paid_status) from companies c
       where c.id = (select cm.company_id from company_members cm where cm.user_id = u.id
                     order by (cm.role = 'owner') desc, cm.created_at, cm.company_id limit 1)),
    'flag_status', json_build_object(
      'acceptedFirstAdvertising', coalesce(u.flag_status -> 'acceptedFirstAdvertising' = 'true'::jsonb, false),
      'savedFirstProfile', coalesce(u.flag_status -> 'savedFirstProfile' = 'true'::jsonb, false),
      'registeredBankAccount', coalesce(u.flag_status -> 'registeredBankAccount' = 'true'::jsonb, false),
      'addedReferralShop', coalesce(u.flag_status -> 'addedReferralShop' = 'true'::jsonb, false),
      'checkedFirstReward', coalesce(u.flag_status -> 'checkedFirstReward' = 'true'::jsonb, false),
      'watchedAdvertiserRule', coalesce(u.flag_status -> 'watchedAdvertiserRule' = 'true'::jsonb, false),
      'watchedFocustarRule', coalesce(u.flag_status -> 'watchedFocustarRule' = 'true'::jsonb, false)),
    'is_stripe_verified', u.is_stripe_verified,
    'favorites_count', fav.n,
    'shops_count', (select coalesce(sum((select count(*) from shops s where s.company_id = cm.company_id)), 0)::int
       from company_members cm where cm.user_id = u.id),
    'not_accepted_units_count', 0,
    'follower_count', fav.n,
    'status', u.status,
    'social_accounts', (select coalesce(json_agg(json_build_object('id', sa.id, 'provider', sa.provider,
         'handle', sa.handle, 'profile_url', sa.profile_url, 'status', sa.status) order by sa.id), '[]'::json)
       from social_accounts sa where sa.user_id = u.id),
    'email_verified', u.email_verified_at is not null
  )::text as user_json`;

/** The joins USER_JSON needs besides `users u` and `roles r` (the favourites count, used twice). */
export const USER_JSON_JOINS =
  'cross join lateral (select count(*)::int as n from favorites f where f.user_id = u.id) fav';

const USER_SELECT = sql.raw(
  `select ${USER_JSON} from users u join roles r on r.id = u.role_id ${USER_JSON_JOINS}`,
);

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

/** The user of a row selected with USER_JSON. */
export function presentUser(row: Row): User {
  return JSON.parse(String(row.user_json)) as User;
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
