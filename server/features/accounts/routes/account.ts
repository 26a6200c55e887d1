import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  leaveRequestSchema,
} from '../../../../contracts/accounts.ts';
import { idSchema, messageResponseSchema } from '../../../../contracts/common.ts';
import type { ZodTypeProvider } from '../../../platform/plugins/zod.ts';
import { callerOf } from '../setup.ts';
import { accountErrors as errors } from './errors.ts';

const changeQuerySchema = z.object({
  id: idSchema,
  email: z.string().max(254),
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** Issue 5 and ADR 0014: leaving Focustar; issue 16 and ADR 0093: changing the e-mail and the password. */
export const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = app.accounts;

  app.post(
    '/api/leave',
    {
      config: { access: 'user' },
      schema: { body: leaveRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    (request, reply) =>
      service.leave(
        request.auth!.userId,
        request.body.password,
        callerOf(request, reply),
        request.body.accept_unpaid_balance === true,
      ),
  );

  app.put(
    '/api/email',
    {
      config: { access: 'user' },
      schema: { body: changeEmailRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    (request, reply) =>
      service.requestEmailChange(request.auth!.userId, request.body, callerOf(request, reply)),
  );

  /**
   * The link of the change mail, opened in a browser: a redirect to /account-info with
   * `?email_change=ok|expired|invalid|taken` for the SPA to show.
   */
  app.get('/api/email/change', { config: { access: 'public' } }, async (request, reply) => {
    const parsed = changeQuerySchema.safeParse(request.query);
    const result = parsed.success ? await service.confirmEmailChange(parsed.data) : 'invalid';
    return reply.redirect(`/account-info?email_change=${result}`, 303);
  });

  app.put(
    '/api/password',
    {
      config: { access: 'user' },
      schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    (request, reply) => service.changePassword(request.auth!, request.body, callerOf(request, reply)),
  );
};
