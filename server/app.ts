import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { MESSAGES } from '../src/api/contracts/common.ts';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import { installAccessPolicy } from './plugins/access.ts';
import { installCsrf } from './plugins/csrf.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { installSecurityHeaders } from './plugins/security.ts';
import { installSpa } from './plugins/spa.ts';
import { installZod } from './plugins/zod.ts';
import { registerRoutes } from './routes/index.ts';

export interface AppOptions {
  env: Env;
  database: Database;
  version: string;
  /** Directory of the built SPA; null serves the API alone (tests). */
  clientDir?: string | null;
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyInstance {
    env: Env;
    db: Db;
    database: Database;
    appVersion: string;
  }
}

/** Builds the whole app (API + SPA) without listening, so tests can `inject` into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Errors raised before routing (bad percent-encoding, an over-long path segment) get the same
    // Japanese envelope and version header as every other answer. NOTE: no hook runs for them.
    frameworkErrors(error, request, genericReply) {
      const reply = genericReply as FastifyReply;
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      if (request.url.startsWith('/api')) reply.header('X-App-Version', options.version);
      reply
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .code(status)
        .send({ message: status === 414 ? MESSAGES.uriTooLong : MESSAGES.badUrl });
    },
  });
  app.decorate('env', env);
  app.decorate('db', options.database.db);
  app.decorate('database', options.database);
  app.decorate('appVersion', options.version);

  installZod(app);
  installErrorHandling(app);
  await app.register(fastifyCookie, { secret: env.APP_SECRET });
  await installSecurityHeaders(app, env);
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api')) reply.header('X-App-Version', options.version);
  });
  installCsrf(app, { secret: env.APP_SECRET, secure: env.NODE_ENV === 'production' });
  installAccessPolicy(app);
  await registerRoutes(app);
  await installSpa(app, options.clientDir ?? null);
  return app;
}
