import type { FastifyPluginAsync } from 'fastify';
import {
  acceptUnitSchema,
  adPeriodSchema,
  adListQuerySchema,
  advertisementListSchema,
  advertisementSchema,
  createAdSchema,
  firstAdSchema,
  MAX_IMAGES,
  proofSchema,
  rejectAdSchema,
  rejectUnitSchema,
  reinstateUnitSchema,
  rewardsQuerySchema,
  rewardsSchema,
  unitListQuerySchema,
  unitListSchema,
  unitSchema,
  updateAdSchema,
} from '../../../contracts/advertisements.ts';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { saveUploadedImages } from '../../platform/uploads.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** Issue 13: support requests (shop side and staff review), units (supporter side) and rewards. */
export const advertisementRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ads = app.advertisements;
  const user = { access: 'user' as const };
  const staff = { access: 'staff' as const };

  app.post(
    '/api/advertisements',
    { config: user, schema: { body: createAdSchema, response: { 201: advertisementSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await ads.create(request.body, request.auth!)),
  );
  app.get(
    '/api/advertisements',
    {
      config: user,
      schema: { querystring: adListQuerySchema, response: { 200: advertisementListSchema, ...errors } },
    },
    (request) => ads.list(request.query, request.auth!),
  );
  app.get(
    '/api/advertisements/:id',
    { config: user, schema: { params: idParamsSchema, response: { 200: advertisementSchema, ...errors } } },
    (request) => ads.get(request.params.id, request.auth!),
  );
  // Public: the /period page of an ended request (seed spec section 2; ADR 0066). Any other id is 404.
  app.get(
    '/api/advertisements/:id/period',
    {
      config: { access: 'public' },
      schema: {
        params: idParamsSchema,
        response: { 200: adPeriodSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    (request) => ads.period(request.params.id),
  );
  app.put(
    '/api/advertisements/:id',
    {
      config: user,
      schema: {
        params: idParamsSchema,
        body: updateAdSchema,
        response: { 200: advertisementSchema, ...errors },
      },
    },
    (request) => ads.update(request.params.id, request.body, request.auth!),
  );
  app.post(
    '/api/advertisements/:id/images',
    { config: user, schema: { params: idParamsSchema, response: { 200: advertisementSchema, ...errors } } },
    async (request) => {
      // Checked before the upload is read, so a stranger's files are never stored.
      await ads.get(request.params.id, request.auth!);
      const { images } = await saveUploadedImages(request, {
        field: 'images',
        use: 'post',
        max: MAX_IMAGES,
        required: true,
      });
      return ads.addImages(request.params.id, images, request.auth!);
    },
  );
  app.post(
    '/api/advertisements/:id/submit',
    { config: user, schema: { params: idParamsSchema, response: { 200: advertisementSchema, ...errors } } },
    (request) => ads.submit(request.params.id, request.auth!),
  );
  app.post(
    '/api/advertisements/:id/approve',
    { config: staff, schema: { params: idParamsSchema, response: { 200: advertisementSchema, ...errors } } },
    (request) => ads.approve(request.params.id, request.auth!),
  );
  app.post(
    '/api/advertisements/:id/reject',
    {
      config: staff,
      schema: {
        params: idParamsSchema,
        body: rejectAdSchema,
        response: { 200: advertisementSchema, ...errors },
      },
    },
    (request) => ads.reject(request.params.id, request.body.reason, request.auth!),
  );
  app.post(
    '/api/first-advertising',
    { config: user, schema: { body: firstAdSchema, response: { 201: advertisementSchema, ...errors } } },
    async (request, reply) => reply.code(201).send(await ads.startFirst(request.body.shop_id, request.auth!)),
  );

  app.get(
    '/api/units',
    {
      config: user,
      schema: { querystring: unitListQuerySchema, response: { 200: unitListSchema, ...errors } },
    },
    (request) => ads.listUnits(request.query, request.auth!),
  );
  app.get(
    '/api/units/:id',
    { config: user, schema: { params: idParamsSchema, response: { 200: unitSchema, ...errors } } },
    (request) => ads.getUnit(request.params.id, request.auth!),
  );
  app.post(
    '/api/units/:id/accept',
    {
      config: user,
      schema: { params: idParamsSchema, body: acceptUnitSchema, response: { 200: unitSchema, ...errors } },
    },
    (request) => ads.accept(request.params.id, request.body.platform, request.auth!),
  );
  app.post(
    '/api/units/:id/decline',
    { config: user, schema: { params: idParamsSchema, response: { 200: unitSchema, ...errors } } },
    (request) => ads.decline(request.params.id, request.auth!),
  );
  app.post(
    '/api/units/:id/proof',
    {
      config: user,
      schema: { params: idParamsSchema, body: proofSchema, response: { 200: unitSchema, ...errors } },
    },
    (request) => ads.proof(request.params.id, request.body.post_url, request.auth!),
  );
  app.post(
    '/api/units/:id/approve',
    { config: user, schema: { params: idParamsSchema, response: { 200: unitSchema, ...errors } } },
    (request) => ads.approveUnitBy(request.params.id, request.auth!),
  );
  app.post(
    '/api/units/:id/reject',
    {
      config: user,
      schema: { params: idParamsSchema, body: rejectUnitSchema, response: { 200: unitSchema, ...errors } },
    },
    (request) => ads.rejectUnit(request.params.id, request.body, request.auth!),
  );
  // Issue 23: staff override a reward's reversal, with a note.
  app.post(
    '/api/units/:id/reinstate',
    {
      config: staff,
      schema: { params: idParamsSchema, body: reinstateUnitSchema, response: { 200: unitSchema, ...errors } },
    },
    (request) => ads.reinstate(request.params.id, request.body.note, request.auth!),
  );

  app.get(
    '/api/rewards',
    {
      config: user,
      schema: { querystring: rewardsQuerySchema, response: { 200: rewardsSchema, ...errors } },
    },
    (request) => ads.rewards(request.auth!, request.query.cursor),
  );
};
