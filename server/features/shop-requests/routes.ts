import type { FastifyPluginAsync } from 'fastify';
import {
  errorSchema,
  handlingListQuerySchema,
  handlingUpdateSchema,
  idParamsSchema,
} from '../../../contracts/common.ts';
import {
  shopRequestItemSchema,
  shopRequestListSchema,
  shopRequestReceiptSchema,
  shopRequestRequestSchema,
} from '../../../contracts/shop-requests.ts';
import { notify } from '../../platform/notify/outbox.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { ShopRequestService } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema };

/** Issue 9: `/request-shop` sends here; staff read and handle the requests on `/admin-shop-requests`. */
export const shopRequestRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const requests = new ShopRequestService({
    db: fastify.db,
    outbox: (tx, input) => notify(fastify, tx, input),
    operatorsEmail: fastify.env.CONTACT_MAIL_TO,
    counters: fastify.counters,
  });

  app.post(
    '/api/shop-request',
    {
      config: { access: 'user' },
      schema: { body: shopRequestRequestSchema, response: { 201: shopRequestReceiptSchema, ...errors } },
    },
    async (request, reply) =>
      reply.code(201).send(await requests.send(request.auth!.userId, request.ip, request.body)),
  );

  app.get(
    '/api/shop-request',
    {
      config: { access: 'staff' },
      schema: { querystring: handlingListQuerySchema, response: { 200: shopRequestListSchema, ...errors } },
    },
    (request) => requests.list(request.query),
  );

  app.put(
    '/api/shop-request/:id',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: handlingUpdateSchema,
        response: { 200: shopRequestItemSchema, ...errors },
      },
    },
    (request) => requests.update(request.params.id, request.body, request.auth!),
  );
};
