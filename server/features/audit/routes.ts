import type { FastifyPluginAsync } from 'fastify';
import { auditPageSchema, auditQuerySchema } from '../../../contracts/audit.ts';
import { errorSchema } from '../../../contracts/common.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { auditPage } from './repo.ts';

const errors = { 401: errorSchema, 403: errorSchema, 422: errorSchema };

/** Issue 24 "The staff audit log": admins read it, filtered by actor, record or action, keyset pages. */
export const auditRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/audit-log',
    {
      config: { access: 'admin' },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } },
    },
    async (request) => {
      const q = request.query;
      const [table, id] = q.target ? q.target.split(':') : [];
      return auditPage(app.db, {
        ...(q.actor_id ? { actorId: q.actor_id } : {}),
        ...(table && id ? { table, id } : {}),
        ...(q.action ? { action: q.action } : {}),
        ...(q.before ? { before: q.before } : {}),
      });
    },
  );
};
