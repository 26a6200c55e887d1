import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../../contracts/common.ts';
import {
  markReadResultSchema,
  markReadSchema,
  notificationsPageSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '../../../contracts/notifications.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import * as repo from './repo.ts';

const errors = { 401: errorSchema, 403: errorSchema, 422: errorSchema };

/** The ETag of a person's unread set (ADR 0176): it changes exactly when the count or the newest unread does. */
export const unreadEtag = (userId: number, u: { count: number; newest: number }) =>
  `"n${userId}-${u.count}-${u.newest}"`;

/**
 * Issue 26 "Channels, In-app" (ADR 0176): the person's notifications in keyset pages, the bell's unread
 * count (polled; an unchanged count is a bodiless 304 for its ETag) and marking one, some or all read.
 * Signed-in people only, each their own rows only (the queries name the caller).
 */
export const notificationsRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/notifications',
    {
      config: { access: 'user' },
      schema: {
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const [pageOf, u] = await Promise.all([
        repo.page(app.db, userId, request.query.before),
        repo.unread(app.db, userId),
      ]);
      return { ...pageOf, unread: u.count };
    },
  );

  app.get(
    '/api/notifications/unread-count',
    { config: { access: 'user' }, schema: { response: { 200: unreadCountSchema, ...errors } } },
    async (request, reply) => {
      const userId = request.auth!.userId;
      const u = await repo.unread(app.db, userId);
      const etag = unreadEtag(userId, u);
      reply.header('ETag', etag);
      // A bodiless 304: nothing changed since the poll before (Fastify sends no payload with a 304).
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(undefined as never);
      return { count: u.count };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'user' },
      schema: { body: markReadSchema, response: { 200: markReadResultSchema, ...errors } },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const body = request.body;
      const updated = await repo.markRead(app.db, userId, 'all' in body ? 'all' : body.ids);
      const u = await repo.unread(app.db, userId);
      return { updated, unread: u.count };
    },
  );
};
