import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../../contracts/common.ts';
import { PROFILE_MESSAGES, profileParamsSchema, publicProfileSchema } from '../../../contracts/profiles.ts';
import { HttpError } from '../../platform/http-errors.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { findShopProfile, findUserProfile } from './repo.ts';

/**
 * Seed spec section 2: `/{screen_name}`, the public profile. Shops and supporters share the name space of
 * the URL; a shop wins when both hold the name (ADR 0050). Who may be seen is decided in each WHERE:
 * a shop only when 公開中, a user only when not deleted (leaving anonymises the row and sets deleted_at).
 * Anything else answers the same 404, so a hidden shop or a former member is not disclosed.
 */
export const profileRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

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
      const profile =
        (await findShopProfile(app.db, name, request.auth?.userId ?? null)) ??
        (await findUserProfile(app.db, name));
      if (!profile) throw new HttpError(404, PROFILE_MESSAGES.notFound);
      return profile;
    },
  );
};
