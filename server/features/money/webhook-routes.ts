import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../../contracts/common.ts';
import { MONEY_MESSAGES, stripeWebhookAnswerSchema } from '../../../contracts/money.ts';
import { stripeWebhookSecretOf } from '../../platform/env.ts';
import { HttpError } from '../../platform/http-errors.ts';
import { notify } from '../../platform/notify/outbox.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { handleStripeEvent, verifiedEvent } from './webhooks.ts';

/**
 * `POST /api/stripe/webhook` (issue 29, ADR 0173): Stripe's servers post events here. No session and no
 * XSRF header can come with them: the route's authority is Stripe's signature over the raw body
 * (`Stripe-Signature`, checked by the SDK's `constructEvent` against `STRIPE_WEBHOOK_SECRET`), which is why
 * it opts out of the double submit by its own rule (`csrf: false`). A bad or missing signature is 400; an
 * event already handled is 200 again (Stripe retries until it gets a 2xx). Without a webhook secret (no
 * Stripe, or none configured) the route is 404.
 */
export const stripeWebhookRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The signature is over the bytes Stripe sent: this scope keeps JSON bodies as text (at most 512 KB).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 512 * 1024 },
    (_r, body, done) => done(null, typeof body === 'string' ? body : body.toString('utf8')),
  );

  app.post(
    '/api/stripe/webhook',
    {
      config: { access: 'public', csrf: false },
      schema: { response: { 200: stripeWebhookAnswerSchema, 400: errorSchema, 404: errorSchema } },
    },
    async (request) => {
      const secret = stripeWebhookSecretOf(app.env, app.money.provider?.kind ?? null);
      if (!secret) throw new HttpError(404, MONEY_MESSAGES.webhookOff);
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        if (typeof signature !== 'string' || typeof request.body !== 'string') throw new Error('unsigned');
        event = verifiedEvent(request.body, signature, secret);
      } catch {
        throw new HttpError(400, MONEY_MESSAGES.webhookSignature);
      }
      const outcome = await handleStripeEvent(
        {
          db: app.db,
          provider: app.money.provider,
          log: app.log,
          now: () => new Date(),
          outbox: (tx, input) => notify(fastify, tx, input),
        },
        event,
      );
      request.log.info({ event: event.type, outcome }, 'stripe webhook');
      return { received: true as const, outcome };
    },
  );
};
