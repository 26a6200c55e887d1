import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import {
  createdShrinkerSchema,
  createShrinkerSchema,
  shrinkerDetailSchema,
  shrinkerListQuerySchema,
  shrinkerListSchema,
  updatedShrinkerSchema,
  updateShrinkerSchema,
} from '../../../contracts/shortener.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { ShortenerService } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 422: errorSchema };

/**
 * Issue 16 "Staff tools": `/api/shrinkers`, staff only. The redirect itself is `/s/{code}` of the
 * short-links feature (the same engine and counting rules as a unit's link).
 */
export const shortenerRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new ShortenerService(app.db, app.env.APP_URL);

  app.get(
    '/api/shrinkers',
    {
      config: { access: 'staff' },
      schema: { querystring: shrinkerListQuerySchema, response: { 200: shrinkerListSchema, ...errors } },
    },
    async (request) => service.list(request.query.cursor),
  );

  app.post(
    '/api/shrinkers',
    {
      config: { access: 'staff' },
      schema: { body: createShrinkerSchema, response: { 201: createdShrinkerSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body.url, request.auth!)),
  );

  app.get(
    '/api/shrinkers/:id',
    {
      config: { access: 'staff' },
      schema: { params: idParamsSchema, response: { 200: shrinkerDetailSchema, ...errors } },
    },
    async (request) => service.detail(request.params.id),
  );

  /** `{ active: false }` switches the link off (「掲載は終了しました」), `{ active: true }` on again. */
  app.put(
    '/api/shrinkers/:id',
    {
      config: { access: 'staff' },
      schema: {
        params: idParamsSchema,
        body: updateShrinkerSchema,
        response: { 200: updatedShrinkerSchema, ...errors },
      },
    },
    async (request) => service.setActive(request.params.id, request.body.active, request.auth!),
  );
};
