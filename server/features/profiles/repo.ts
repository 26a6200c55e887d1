import { and, asc, eq, sql } from 'drizzle-orm';
import type { ShopProfile, UserProfile } from '../../../contracts/profiles.ts';
import { PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import { snsProfileUrl } from '../../../contracts/supporters.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005).
import { snsAccounts } from '../supporters/schema.ts';

/**
 * Who may be seen is decided in each WHERE: a shop only when 公開中, a user only when not deleted
 * (leaving anonymises the row and sets deleted_at).
 */

export async function findShopProfile(
  db: Db,
  name: string,
  viewerId: number | null,
): Promise<ShopProfile | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select s.id, s.name, s.screen_name, s.description, s.category, s.prefecture, s.address,
        s.opening_hours, s.url, s.cover_image_url,
        s.favoriters_count,
        ${viewerId ? sql`exists (select 1 from favorites v where v.shop_id = s.id and v.user_id = ${viewerId})` : sql`false`} as is_favorite
      from shops s
      where lower(s.screen_name) = lower(${name}) and s.status = ${PUBLISHED_SHOP_STATUS}`),
  );
  if (!row) return null;
  return {
    type: 'shop',
    id: Number(row.id),
    name: String(row.name),
    screen_name: String(row.screen_name),
    description: (row.description as string | null) ?? null,
    category: (row.category as string | null) ?? null,
    prefecture: (row.prefecture as string | null) ?? null,
    address: (row.address as string | null) ?? null,
    opening_hours: (row.opening_hours as string | null) ?? null,
    url: (row.url as string | null) ?? null,
    cover_image_url: (row.cover_image_url as string | null) ?? null,
    favoriters_count: Number(row.favoriters_count),
    is_favorite: row.is_favorite === true,
  };
}

export async function findUserProfile(db: Db, name: string): Promise<UserProfile | null> {
  // Only published shops are counted: the public sees only those.
  const [row] = rowsOf(
    await db.execute(sql`
      select u.id, u.name, u.screen_name, u.bio, u.avatar_url, u.favorites_public,
        (select count(*)::int from favorites f join shops fs on fs.id = f.shop_id
           where f.user_id = u.id and fs.status = ${PUBLISHED_SHOP_STATUS}) as favorites_count
      from users u
      where lower(u.screen_name) = lower(${name}) and u.deleted_at is null`),
  );
  if (!row) return null;
  const userId = Number(row.id);
  // Issue 16: approved SNS accounts only; followed shops only when the supporter allows it.
  const sns = await db
    .select({ platform: snsAccounts.platform, handle: snsAccounts.handle })
    .from(snsAccounts)
    .where(and(eq(snsAccounts.userId, userId), eq(snsAccounts.status, '承認')))
    .orderBy(asc(snsAccounts.id));
  const favoriteShops =
    row.favorites_public === true
      ? rowsOf(
          await db.execute(sql`
            select s.name, s.screen_name, s.category from favorites f join shops s on s.id = f.shop_id
            where f.user_id = ${userId} and s.status = ${PUBLISHED_SHOP_STATUS}
            order by f.created_at desc, s.id desc limit 50`),
        ).map((s) => ({
          name: String(s.name),
          screen_name: String(s.screen_name),
          category: (s.category as string | null) ?? null,
        }))
      : null;
  return {
    type: 'user',
    name: String(row.name),
    screen_name: String(row.screen_name),
    bio: (row.bio as string | null) ?? null,
    avatar_url: (row.avatar_url as string | null) ?? null,
    favorites_count: Number(row.favorites_count),
    sns_accounts: sns.map((a) => ({
      provider: a.platform,
      handle: a.handle,
      profile_url: snsProfileUrl(a.platform, a.handle),
    })),
    favorite_shops: favoriteShops,
  };
}
