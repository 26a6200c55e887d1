import type { FastifyPluginAsync } from 'fastify';
import { errorSchema, idParamsSchema } from '../../../contracts/common.ts';
import {
  fraudActionSchema,
  fraudFlagSchema,
  fraudListQuerySchema,
  fraudPageSchema,
} from '../../../contracts/fraud.ts';
import { SUPPORTER_CHANGED_QUEUE } from '../../platform/jobs.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { FraudService } from './service.ts';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** Issue 24: the fraud review queue (staff). */
export const fraudRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new FraudService({
    db: app.db,
    signOutEverywhere: (tx, userId) => app.accounts.tokens.revokeAllForUser(userId, 'suspended', tx),
    setPersonStatus: (tx, userId, status) => app.accounts.service.setStatus(tx, userId, status),
    supporterChanged: async (userId) => {
      await app.jobs.send(SUPPORTER_CHANGED_QUEUE, { userId });
    },
  });
  const staff = { access: 'staff' as const };
  app.get(
    '/api/fraud/flags',
    {
      config: staff,
      schema: { querystring: fraudListQuerySchema, response: { 200: fraudPageSchema, ...errors } },
    },
    (request) => service.list(request.query),
  );
  app.post(
    '/api/fraud/flags/:id/actions',
    {
      config: staff,
      schema: {
        params: idParamsSchema,
        body: fraudActionSchema,
        response: { 200: fraudFlagSchema, ...errors },
      },
    },
    (request) => service.act(request.params.id, request.body.action, request.body.note, request.auth!),
  );
};
