import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../src/api/contracts/common.ts';
import {
  PROFILE_MESSAGES,
  profileParamsSchema,
  publicProfileSchema,
  type ShopProfile,
  type UserProfile,
} from '../../src/api/contracts/profiles.ts';
import { HttpError } from '../http-errors.ts';
import type { ZodTypeProvider } from '../plugins/zod.ts';
import { rowsOf } from '../db/client.ts';
import { PUBLISHED_SHOP_STATUS } from './shops.ts';

/**
 * Seed spec section 2: `/{screen_name}`, the public profile. Shops and supporters share the name space of
 * the URL; a shop wins when both hold the name (ADR 0050). Who may be seen is decided in each WHERE:
 * a shop only when 公開中, a user only when not deleted (leaving anonymises the row and sets deleted_at).
 * Anything else answers the same 404, so a hidden shop or a former member is not disclosed.
 */
export const profileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const findShop = async (name: string): Promise<ShopProfile | null> => {
    const [row] = rowsOf(
      await app.db.execute(sql`
        select s.id, s.name, s.screen_name, s.description, s.category, s.prefecture, s.address,
          s.opening_hours, s.url, s.cover_image_url,
          (select count(*)::int from favorites f join users fu on fu.id = f.user_id
             where f.shop_id = s.id and fu.deleted_at is null) as favoriters_count
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
    };
  };

  const findUser = async (name: string): Promise<UserProfile | null> => {
    // Only published shops are counted: the public sees only those.
    const [row] = rowsOf(
      await app.db.execute(sql`
        select u.name, u.screen_name, u.bio, u.avatar_url,
          (select count(*)::int from favorites f join shops fs on fs.id = f.shop_id
             where f.user_id = u.id and fs.status = ${PUBLISHED_SHOP_STATUS}) as favorites_count
        from users u
        where lower(u.screen_name) = lower(${name}) and u.deleted_at is null`),
    );
    if (!row) return null;
    return {
      type: 'user',
      name: String(row.name),
      screen_name: String(row.screen_name),
      bio: (row.bio as string | null) ?? null,
      avatar_url: (row.avatar_url as string | null) ?? null,
      favorites_count: Number(row.favorites_count),
    };
  };

  app.get(
    '/api/profiles/:screen_name',
    {
      config: { access: 'public' },
      schema: {
        params: profileParamsSchema,
        response: { 200: publicProfileSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const name = request.params.screen_name;
      const profile = (await findShop(name)) ?? (await findUser(name));
      if (!profile) throw new HttpError(404, PROFILE_MESSAGES.notFound);
      return profile;
    },
  );
};
