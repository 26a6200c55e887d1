import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ACCOUNT_MESSAGES as M,
  myShopsResponseSchema,
  shopSchema,
  shopStatusSchema,
} from '../../src/api/contracts/auth.ts';
import { errorSchema, idParamsSchema } from '../../src/api/contracts/common.ts';
import { shopReviews } from '../db/schema.ts';
import { HttpError } from '../http-errors.ts';
import { STAFF_PRIORITY } from '../plugins/access.ts';
import type { ZodTypeProvider } from '../plugins/zod.ts';
import { isShopMember, loadShops } from '../services/users.ts';

/** The status of a shop that everyone may see (product design section 2). */
export const PUBLISHED_SHOP_STATUS = '公開中';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/** Seed spec section 7: shop data, shop login, the latest review status, and the user's shops. */
export const shopRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const isStaff = (request: FastifyRequest) => !!request.auth && request.auth.priority <= STAFF_PRIORITY;

  const findShop = async (id: number) => {
    const [shop] = await loadShops(app.db, sql`s.id = ${id}`);
    if (!shop) throw new HttpError(404, M.shopNotFound);
    return shop;
  };

  /** Members of the shop's company and staff act for the shop; anyone else gets 403. */
  const assertCanActFor = async (request: FastifyRequest, shopId: number) => {
    if (isStaff(request)) return;
    if (!(await isShopMember(app.db, request.auth!.userId, shopId)))
      throw new HttpError(403, M.notShopMember);
  };

  app.get(
    '/api/shops/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: shopSchema, ...errors } },
    },
    async (request) => {
      const shop = await findShop(request.params.id);
      if (shop.status === PUBLISHED_SHOP_STATUS) return shop;
      // A shop under review or hidden is seen only by its own people and staff; for anyone else it does
      // not exist (404, so its existence is not disclosed).
      if (isStaff(request)) return shop;
      if (request.auth && (await isShopMember(app.db, request.auth.userId, shop.id))) return shop;
      throw new HttpError(404, M.shopNotFound);
    },
  );

  app.post(
    '/api/shops/:id/login',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: shopSchema, ...errors } },
    },
    async (request) => {
      const shop = await findShop(request.params.id);
      await assertCanActFor(request, shop.id);
      request.log.info({ userId: request.auth!.userId, shopId: shop.id }, 'shop login');
      return shop;
    },
  );

  /** ADR 0014: the latest review status of a shop, from the newest shop_reviews row. */
  app.get(
    '/api/shops/:id/status',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: shopStatusSchema, ...errors } },
    },
    async (request) => {
      const shop = await findShop(request.params.id);
      await assertCanActFor(request, shop.id);
      const [latest] = await app.db
        .select({ status: shopReviews.status })
        .from(shopReviews)
        .where(eq(shopReviews.shopId, shop.id))
        .orderBy(desc(shopReviews.createdAt), desc(shopReviews.id))
        .limit(1);
      return { status: latest?.status ?? shop.status };
    },
  );

  app.get(
    '/api/myShops',
    { config: { access: 'user' }, schema: { response: { 200: myShopsResponseSchema, ...errors } } },
    (request) =>
      loadShops(
        app.db,
        sql`s.company_id in (select company_id from company_members where user_id = ${request.auth!.userId})`,
      ),
  );
};
