import type { FastifyPluginAsync } from 'fastify';
import { leaveRequestSchema } from '../../../../contracts/accounts.ts';
import { messageResponseSchema } from '../../../../contracts/common.ts';
import type { ZodTypeProvider } from '../../../platform/plugins/zod.ts';
import { accountErrors as errors } from './errors.ts';

/** Issue 5 and ADR 0014: leaving Focustar. */
export const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = app.accounts;

  app.post(
    '/api/leave',
    {
      config: { access: 'user' },
      schema: { body: leaveRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    (request) => service.leave(request.auth!.userId, request.body.password),
  );
};
