import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import {
  adminPopOrderListSchema,
  adminPopOrdersQuerySchema,
  createPopOrderSchema,
  myPopOrdersQuerySchema,
  popOrderListSchema,
  popOrderReceiptSchema,
  updatedPopOrderSchema,
  updatePopOrderSchema,
} from '../../../contracts/pop-orders.ts';
import { notify } from '../../platform/notify/outbox.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { PopOrderService } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/**
 * Issue 16 "Shop materials": `/request-pop`. Members of a shop's company order and see their shop's
 * orders (the membership check is in the SQL); staff see every order and mark it 発送済.
 */
export const popOrderRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new PopOrderService({
    db: fastify.db,
    outbox: (tx, input) => notify(fastify, tx, input),
    appUrl: fastify.env.APP_URL,
    operatorsEmail: fastify.env.CONTACT_MAIL_TO,
  });

  app.post(
    '/api/pop-orders',
    {
      config: { access: 'user' },
      schema: { body: createPopOrderSchema, response: { 201: popOrderReceiptSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.auth!, request.body)),
  );

  app.get(
    '/api/pop-orders/mine',
    {
      config: { access: 'user' },
      schema: { querystring: myPopOrdersQuerySchema, response: { 200: popOrderListSchema, ...errors } },
    },
    async (request) => service.mine(request.auth!, request.query.shop_id),
  );

  app.get(
    '/api/pop-orders',
    {
      config: { access: 'staff' },
      schema: {
        querystring: adminPopOrdersQuerySchema,
        response: { 200: adminPopOrderListSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.put(
    '/api/pop-orders/:id',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: updatePopOrderSchema,
        response: { 200: updatedPopOrderSchema, ...errors },
      },
    },
    async (request) => service.setStatus(request.auth!, request.params.id, request.body.status),
  );
};
