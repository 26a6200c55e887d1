import type { FastifyPluginAsync } from 'fastify';
import { passwordEmailRequestSchema, passwordResetRequestSchema } from '../../../../contracts/accounts.ts';
import { messageResponseSchema } from '../../../../contracts/common.ts';
import type { ZodTypeProvider } from '../../../platform/plugins/zod.ts';
import { accountErrors as errors } from './errors.ts';

/** Issue 5: the reset mail and the new password (ADR 0013). */
export const passwordRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = app.accounts;

  app.post(
    '/api/password/email',
    {
      config: { access: 'public' },
      schema: { body: passwordEmailRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    (request) =>
      service.sendPasswordMail(request.body.email, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/api/password/reset',
    {
      config: { access: 'public' },
      schema: { body: passwordResetRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    (request) => service.resetPassword(request.body),
  );
};
