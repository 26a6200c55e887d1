import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import {
  companyListQuerySchema,
  companyRequestSchema,
  companyReviewRequestSchema,
  companySchema,
  favoriteStateSchema,
  myShopsResponseSchema,
  shopAnswerSchema,
  shopCardPageSchema,
  shopCreateRequestSchema,
  shopDetailPageSchema,
  shopDetailSchema,
  shopReviewRequestSchema,
  shopSchema,
  shopSearchQuerySchema,
  shopStatusSchema,
  shopSupporterPageSchema,
  shopUpdateRequestSchema,
  staffCompanyPageSchema,
  staffShopQuerySchema,
  supporterQuerySchema,
} from '../../../contracts/shops.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { IMAGE_MAX_BYTES } from '../../platform/storage.ts';
import { saveUploadedImages } from '../../platform/uploads.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/**
 * Seed spec section 7 and issue 12: shop data, shop login, the latest review status, the user's shops;
 * companies and shops (application, profile, cover), the staff review, and favourites.
 */
export const shopRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The service is made once in ./setup.ts (other features reach it there too).
  const shops = app.shops;

  /* ------------------------------------------------------------ companies */

  app.post(
    '/api/companies',
    {
      config: { access: 'user' },
      schema: { body: companyRequestSchema, response: { 201: companySchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await shops.createCompany(request.auth!, request.body)),
  );

  app.get(
    '/api/companies',
    {
      config: { access: 'staff' },
      schema: { querystring: companyListQuerySchema, response: { 200: staffCompanyPageSchema, ...errors } },
    },
    (request) => shops.companies(request.query),
  );

  app.get(
    '/api/companies/:id',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: companySchema, ...errors } },
    },
    (request) => shops.company(request.params.id, request.auth!),
  );

  app.put(
    '/api/companies/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: companyRequestSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    (request) => shops.updateCompany(request.params.id, request.auth!, request.body),
  );

  app.post(
    '/api/companies/:id/review',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: companyReviewRequestSchema,
        response: { 200: companySchema, ...errors },
      },
    },
    (request) =>
      shops.reviewCompany(request.params.id, request.auth!, request.body.paid_status, request.body.reason),
  );

  /* ---------------------------------------------------------------- shops */

  app.get(
    '/api/shops',
    {
      config: { access: 'public' },
      schema: { querystring: shopSearchQuerySchema, response: { 200: shopCardPageSchema, ...errors } },
    },
    (request) => shops.search(request.query, request.auth),
  );

  app.post(
    '/api/shops',
    {
      config: { access: 'user' },
      schema: { body: shopCreateRequestSchema, response: { 201: shopDetailSchema, ...errors } },
    },
    async (request, reply) => {
      const { company_id, ...values } = request.body;
      return reply.code(201).send(await shops.createShop(request.auth!, company_id, values));
    },
  );

  app.get(
    '/api/staff/shops',
    {
      config: { access: 'staff' },
      schema: { querystring: staffShopQuerySchema, response: { 200: shopDetailPageSchema, ...errors } },
    },
    (request) => shops.staffShops(request.query),
  );

  app.get(
    '/api/shops/:id',
    {
      config: { access: 'public' },
      schema: { params: idParamsSchema, response: { 200: shopAnswerSchema, ...errors } },
    },
    (request) => shops.visibleShop(request.params.id, request.auth),
  );

  app.put(
    '/api/shops/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        body: shopUpdateRequestSchema,
        response: { 200: shopDetailSchema, ...errors },
      },
    },
    (request) => shops.updateShop(request.params.id, request.auth!, request.body),
  );

  app.get(
    '/api/shops/:id/details',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: shopDetailSchema, ...errors } },
    },
    (request) => shops.shopDetail(request.params.id, request.auth!),
  );

  /** Issue 12: the cover image, `multipart/form-data` with one file in `cover` (JPEG/PNG/WebP, 5 MB). */
  app.post(
    '/api/shops/:id/cover',
    {
      config: { access: 'user' },
      // NOTE: the app's 1 MiB body limit would refuse a phone photo with 413 before the image checks;
      // the file limit (5 MB) is enforced by the storage service with a Japanese 422 under `cover`.
      bodyLimit: IMAGE_MAX_BYTES + 256 * 1024,
      schema: { params: idParamsSchema, response: { 200: shopDetailSchema, ...errors } },
    },
    async (request) => {
      // Who may change the shop is checked before the file is read, so a stranger's upload stores nothing.
      await shops.shopToActFor(request.params.id, request.auth!);
      const { images } = await saveUploadedImages(request, {
        field: 'cover',
        use: 'cover',
        max: 1,
        required: true,
      });
      return shops.setCover(request.params.id, request.auth!, images[0]!);
    },
  );

  app.post(
    '/api/shops/:id/reviews',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: shopReviewRequestSchema,
        response: { 200: shopStatusSchema, ...errors },
      },
    },
    (request) =>
      shops.reviewShop(request.params.id, request.auth!, request.body.decision, request.body.reason),
  );

  app.post(
    '/api/shops/:id/login',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: shopSchema, ...errors } },
    },
    async (request) => {
      const shop = await shops.enterShop(request.params.id, request.auth!);
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
    (request) => shops.reviewStatus(request.params.id, request.auth!),
  );

  /* ----------------------------------------------------------- favourites */

  app.post(
    '/api/shops/:id/favorite',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: favoriteStateSchema, ...errors } },
    },
    (request) => shops.setFavorite(request.params.id, request.auth!, true),
  );

  app.delete(
    '/api/shops/:id/favorite',
    {
      config: { access: 'user' },
      schema: { params: idParamsSchema, response: { 200: favoriteStateSchema, ...errors } },
    },
    (request) => shops.setFavorite(request.params.id, request.auth!, false),
  );

  app.get(
    '/api/shops/:id/supporters',
    {
      config: { access: 'user' },
      schema: {
        params: idParamsSchema,
        querystring: supporterQuerySchema,
        response: { 200: shopSupporterPageSchema, ...errors },
      },
    },
    (request) => shops.supporters(request.params.id, request.auth!, request.query.cursor),
  );

  app.get(
    '/api/myShops',
    { config: { access: 'user' }, schema: { response: { 200: myShopsResponseSchema, ...errors } } },
    (request) => shops.myShops(request.auth!.userId),
  );
};
