import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  errorSchema,
  healthSchema,
  publicConfigSchema,
  versionSchema,
} from '../../src/api/contracts/common.ts';
import type { ZodTypeProvider } from '../plugins/zod.ts';

/** Health, version and the public runtime configuration. */
export const systemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: errorSchema } } },
    async (request, reply) => {
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.code(503).send({ message: 'データベースに接続できません。' });
      }
    },
  );

  app.get(
    '/api/version',
    { config: { access: 'public' }, schema: { response: { 200: versionSchema } } },
    async () => ({
      version: app.appVersion,
    }),
  );

  app.get(
    '/api/config',
    { config: { access: 'public' }, schema: { response: { 200: publicConfigSchema } } },
    async () => ({
      version: app.appVersion,
      recaptchaSiteKey: app.env.RECAPTCHA_SITE_KEY ?? null,
      sentryDsn: app.env.SENTRY_DSN ?? null,
      oauthProviders: Object.keys(app.accounts.providers),
    }),
  );

  /** Sets a fresh XSRF-TOKEN cookie (the CSRF hook does it); the client calls it after a 419. */
  app.get('/api/csrf-cookie', { config: { access: 'public' } }, async (_request, reply) =>
    reply.code(204).send(),
  );
};
