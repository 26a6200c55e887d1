import { STATUS_CODES } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { MESSAGES } from '../../contracts/common.ts';
import type { Database, Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { Feature } from './feature.ts';
import { FrontDoor } from './front-door.ts';
import { type Jobs, startJobs } from './jobs.ts';
import { REQUEST_ID_HEADER, requestIdFrom, runInLogContext, withLogSafety } from './logging.ts';
import { createMailer, type Mailer } from './mail.ts';
import { installNotifyChannels } from './notify/channels.ts';
import { installNotify } from './notify/outbox.ts';
import { installStaffDigest } from './notify/staff-digest.ts';
import { installAccessPolicy } from './plugins/access.ts';
import { installCsrf } from './plugins/csrf.ts';
import { installErrorHandling } from './plugins/errors.ts';
import { installMetrics } from './plugins/metrics.ts';
import { installPostChecker } from './plugins/post-checker.ts';
import { installAudit } from './audit.ts';
import { API_DOCS_PREFIX, installOpenApi } from './plugins/openapi.ts';
import { baseSecurityHeaders, installSecurityHeaders, isApiRequest } from './plugins/security.ts';
import { PageDataRegistry } from './page-data.ts';
import { installSpa } from './plugins/spa.ts';
import { installTelemetry } from './plugins/telemetry.ts';
import { installZod } from './plugins/zod.ts';
import { openSharedCache, type SharedCache } from './cache.ts';
import { type CounterStore, openCounterStore } from './throttle.ts';
import { installUploads } from './uploads.ts';

export interface AppOptions {
  env: Env;
  database: Database;
  version: string;
  /** The features, in order (server/features/index.ts): the platform knows none by name. */
  features: readonly Feature[];
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
    /** Background jobs (pg-boss); features declare their queues in `setup`. */
    jobs: Jobs;
    /** Mail over SMTP (files under DATA_DIR/mail in development). */
    mailer: Mailer;
    /** The throttles' counters: Redis when REDIS_URL is set (shared by every process), else memory. */
    counters: CounterStore;
    /** Values cached for every process (Redis when REDIS_URL is set), e.g. the top page's figures. */
    cache: SharedCache;
    /** Issue 29 (ADR 0209): handlers that answer a request before Fastify (a tracking link's click). */
    frontDoor: FrontDoor;
  }
  interface FastifyRequest {
    /**
     * Issue 29: the client's address (`request.ip`) read once, in the first hook. `request.ip` walks
     * X-Forwarded-For through the trust function on every read (three times a redirect before this).
     */
    clientIp: string;
  }
}

/** Builds the whole app (API + SPA) without listening, so tests can `inject` into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const securityHeaders = baseSecurityHeaders(env);
  const frontDoor = new FrontDoor();
  const app = Fastify({
    serverFactory: frontDoor.serverFactory,
    logger: withLogSafety(options.logger ?? false),
    // Issue 17 (ADR 0142): a proxy's X-Request-Id when well formed, else a new one; logged as `reqId`.
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    // ADR 0210: false or the proxies' addresses (a hop count is refused by the env: Fastify 5 trusts no one for it).
    trustProxy: env.TRUST_PROXY as string | boolean,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    // Errors raised before routing (bad percent-encoding, an over-long path segment) get the same
    // Japanese envelope and version header as every other answer. NOTE: no hook runs for them.
    frameworkErrors(error, request, genericReply) {
      const reply = genericReply as FastifyReply;
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      if (isApiRequest(request)) reply.header('X-App-Version', options.version);
      reply
        .headers(securityHeaders)
        .code(status)
        .send({ message: status === 414 ? MESSAGES.uriTooLong : MESSAGES.badUrl });
    },
    // Errors of the HTTP parser (a bad request line, an unknown method, headers over 16 KiB, a timeout)
    // never reach Fastify's request cycle: the answer is written to the socket here, with the same
    // envelope and security headers as every other answer (issue 10 item 7).
    clientErrorHandler(err, socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, MESSAGES.headersTooLarge]
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, MESSAGES.requestTimeout]
            : [400, MESSAGES.badRequest];
      if (socket.writable) {
        const body = JSON.stringify({ message });
        const headers = {
          ...securityHeaders,
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': String(Buffer.byteLength(body)),
          Connection: 'close',
        };
        const head = Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\r\n');
        socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
      }
      socket.destroy(err);
    },
  });
  // First of all hooks, so every answer (even one a later hook refuses) names its request, and what the
  // request causes (jobs, mails) runs in its log context.
  app.decorateRequest('clientIp', '');
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    request.clientIp = request.ip;
    runInLogContext({ requestId: request.id, log: request.log, ip: request.clientIp }, done);
  });
  // NOTE: the body is read on the socket's events, which run outside the context entered above: the
  // validation, the handler and what follows enter it again (as @fastify/request-context does).
  app.addHook('preValidation', (request, _reply, done) => {
    runInLogContext({ requestId: request.id, log: request.log, ip: request.clientIp }, done);
  });
  app.decorate('env', env);
  app.decorate('db', options.database.db);
  app.decorate('database', options.database);
  app.decorate('appVersion', options.version);
  app.decorate('frontDoor', frontDoor);
  // A closing app answers every request itself (503 for a new one): nothing goes round it then.
  app.addHook('preClose', async () => frontDoor.close());
  // Issue 29: traces and error reports when configured; after the log context's hooks, which come first.
  await installTelemetry(app, env, options.version);

  // NOTE: strict everywhere but production, so tests fail on a leaked field instead of hiding it.
  installZod(app, { strictResponses: env.NODE_ENV !== 'production' });
  installErrorHandling(app);
  await app.register(fastifyCookie, { secret: env.APP_SECRET });
  await installSecurityHeaders(app, env);
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('X-App-Version', options.version);
  });
  installCsrf(app, { secret: env.APP_SECRET, secure: env.NODE_ENV === 'production' });
  installAccessPolicy(app, { publicPrefixes: env.NODE_ENV === 'development' ? [API_DOCS_PREFIX] : [] });
  const openApi = await installOpenApi(app, {
    version: options.version,
    docs: env.NODE_ENV === 'development',
    serverUrl: env.APP_URL,
    features: options.features.map((f) => f.name),
  });
  await installUploads(app, env);
  app.decorate('mailer', createMailer(env, app.log));
  await installPostChecker(app);
  // Issue 26: the LINE and Web Push channels (their local stand-ins outside production).
  await installNotifyChannels(app);
  installAudit(env.APP_SECRET);
  const jobs = await startJobs({
    database: options.database,
    workers: env.WORKERS,
    expireInSeconds: env.JOB_EXPIRE_SECONDS,
    log: app.log,
    onError: (err) => app.log.error({ err }, 'job queue error'),
  });
  app.decorate('jobs', jobs);
  // Issue 26: the one outbox of every message (in-app, mail, LINE, push) and its delivery worker.
  await installNotify(app);
  // Issue 26 (ADR 0177): the operators' morning digest of their queues.
  await installStaffDigest(app);
  // Graceful shutdown (ADR 0132): no new job once closing starts; the running ones finish after the
  // requests in flight (Fastify closes the HTTP server first), then pg-boss stops.
  app.addHook('preClose', async () => jobs.pause());
  app.addHook('onClose', () => jobs.stop());
  const counters = await openCounterStore(
    { redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX },
    (err) => app.log.error({ err }, 'throttle store error'),
    // Issue 29: a Redis outage degrades the throttles to this process instead of refusing (ADR 0160).
    (degraded, err) =>
      degraded
        ? app.log.warn({ err }, 'Redis does not answer: throttles count in this process until it does')
        : app.log.info('Redis answers again: throttles are shared again'),
  );
  app.decorate('counters', counters);
  app.addHook('onClose', () => counters.close());
  const cache = await openSharedCache({ redisUrl: env.REDIS_URL, prefix: env.REDIS_KEY_PREFIX }, (err) =>
    app.log.error({ err }, 'cache store error'),
  );
  app.decorate('cache', cache);
  app.addHook('onClose', () => cache.close());
  installMetrics(app, { token: env.METRICS_TOKEN });
  warnAboutOneProcessState(app);
  app.decorate('pageData', new PageDataRegistry());
  for (const feature of options.features) await feature.setup?.(app);
  for (const feature of options.features) {
    openApi.tagRoutesOf(feature.name);
    await app.register(feature.routes);
  }
  openApi.tagRoutesOf(undefined);
  await installSpa(app, options.clientDir ?? null);
  return app;
}

/**
 * Issue 17 (ADR 0140): what stays inside one process unless shared services are configured. A production
 * server says so at start-up; it still runs, because one process is a valid deployment.
 */
function warnAboutOneProcessState(app: FastifyInstance): void {
  const { env } = app;
  if (env.NODE_ENV !== 'production') return;
  if (!env.REDIS_URL) {
    app.log.warn(
      'REDIS_URL is not set: throttles and caches live in this process; run several processes only with Redis',
    );
  }
  if (!env.S3_BUCKET) {
    app.log.warn(
      'S3_BUCKET is not set: images are stored under DATA_DIR/uploads of this machine; run several processes only with S3 (or one shared DATA_DIR)',
    );
  }
}
