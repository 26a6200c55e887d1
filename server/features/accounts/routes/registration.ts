import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { authResponseSchema, registerRequestSchema } from '../../../../contracts/accounts.ts';
import { idSchema, messageResponseSchema } from '../../../../contracts/common.ts';
import type { ZodTypeProvider } from '../../../platform/plugins/zod.ts';
import { callerOf } from '../setup.ts';
import { accountErrors as errors } from './errors.ts';

const verifyQuerySchema = z.object({
  id: idSchema,
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** Issue 5: sign-up, the verification mail and its link. */
export const registrationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = app.accounts;

  app.post(
    '/api/register',
    {
      config: { access: 'public' },
      schema: { body: registerRequestSchema, response: { 201: authResponseSchema, ...errors } },
    },
    async (request, reply) => {
      // Issue 24 shared_device: a sign-up sets and records the device cookie, as a login does.
      const result = await service.register(request.body, callerOf(request, reply));
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/email/resend',
    { config: { access: 'user' }, schema: { response: { 200: messageResponseSchema, ...errors } } },
    (request) => service.resendVerification(request.auth!.userId),
  );

  /**
   * The link of the verification mail, opened in a browser: it answers a redirect to the top page with
   * `?email_verification=ok|expired|invalid` for the SPA to show (ADR 0013).
   */
  app.get('/api/email/verify', { config: { access: 'public' } }, async (request, reply) => {
    const parsed = verifyQuerySchema.safeParse(request.query);
    const result = parsed.success ? await service.verifyEmail(parsed.data) : 'invalid';
    return reply.redirect(`/?email_verification=${result}`, 303);
  });
};
