import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../../contracts/common.ts';
import { healthSchema, publicConfigSchema, versionSchema } from '../../../contracts/system.ts';
import { providerConfigs } from '../../platform/oauth.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { ping } from './repo.ts';

/** Health, version and the public runtime configuration. */
export const systemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const oauthProviders = Object.keys(providerConfigs(app.env));

  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: healthSchema, 503: errorSchema } } },
    async (request, reply) => {
      try {
        await ping(app.db);
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
      oauthProviders,
      legal: {
        seller: app.env.LEGAL_SELLER ?? null,
        representative: app.env.LEGAL_REPRESENTATIVE ?? null,
        address: app.env.LEGAL_ADDRESS ?? null,
        phone: app.env.LEGAL_PHONE ?? null,
        email: app.env.LEGAL_EMAIL ?? null,
      },
    }),
  );

  /** Sets a fresh XSRF-TOKEN cookie (the CSRF hook does it); the client calls it after a 419. */
  app.get('/api/csrf-cookie', { config: { access: 'public' } }, async (_request, reply) =>
    reply.code(204).send(),
  );
};
