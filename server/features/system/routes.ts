import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../../contracts/common.ts';
import {
  healthSchema,
  publicConfigSchema,
  READY_MESSAGES,
  readySchema,
  versionSchema,
} from '../../../contracts/system.ts';
import { pendingMigrations } from '../../platform/db/client.ts';
import { OUTBOX_LATE_SECONDS, oldestUnsentSeconds } from '../../platform/notify/backlog.ts';
import { providerConfigs } from '../../platform/oauth.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';
import { ping } from './repo.ts';

/** Health, version and the public runtime configuration. */
export const systemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const oauthProviders = Object.keys(providerConfigs(app.env));

  // NOTE: probed every few seconds by the proxy: their answers are logged only when something is wrong.
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { response: { 200: healthSchema, 503: errorSchema } },
    },
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

  /** Issue 17 (ADR 0141): readiness; every check runs, a 503 names each that failed. */
  app.get(
    '/api/ready',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: { response: { 200: readySchema, 503: errorSchema } },
    },
    async (request, reply) => {
      const problems: string[] = [];
      const failed = (check: string, message: string) => (err: unknown) => {
        request.log.error({ err, check }, 'readiness check failed');
        problems.push(message);
      };
      let database = true;
      await ping(app.db).catch((err: unknown) => {
        database = false;
        failed('database', READY_MESSAGES.database)(err);
      });
      if (database) {
        const pending = await pendingMigrations(app.db).catch(failed('migrations', READY_MESSAGES.database));
        if (typeof pending === 'number' && pending > 0) problems.push(READY_MESSAGES.migrations(pending));
      }
      await app.counters.ping().catch(failed('redis', READY_MESSAGES.redis));
      // pg-boss lives in the database: without it, its check would only repeat the database's.
      if (database) {
        const jobs = await app.jobs.ready().catch(failed('jobs', READY_MESSAGES.jobs));
        if (jobs === false) problems.push(READY_MESSAGES.jobs);
      }
      // Issue 29: the outbox's oldest due message; late is reported, not a reason to take no traffic.
      const outboxAge = database
        ? await oldestUnsentSeconds(app.db).catch(failed('outbox', READY_MESSAGES.database))
        : null;
      if (problems.length) {
        request.log.warn({ problems: problems.length }, 'not ready');
        return reply.code(503).send({ message: READY_MESSAGES.notReady(problems) });
      }
      return {
        status: 'ready' as const,
        checks: {
          database: 'ok' as const,
          migrations: 'ok' as const,
          redis: app.counters.kind === 'redis' ? ('ok' as const) : ('off' as const),
          jobs: 'ok' as const,
          outbox: (outboxAge ?? 0) > OUTBOX_LATE_SECONDS ? ('late' as const) : ('ok' as const),
        },
        outboxOldestUnsentSeconds: outboxAge ?? null,
      };
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
