import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { QueueStats } from '../jobs.ts';
import { type AppMetrics, collectProcessMetrics, createAppMetrics } from '../metrics.ts';
import { oldestUnsentSeconds } from '../notify/backlog.ts';

/** Where Prometheus scrapes (issue 29): outside /api, like the proxies' conventions expect. */
export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics: features add gauges read when scraped (ADR 0160). */
    metrics: AppMetrics;
  }
}

/** Whether `header` is `Bearer <token>`, compared in constant time (its length aside). */
export function bearerMatches(header: unknown, token: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length).trim());
  const expected = Buffer.from(token);
  // NOTE: timingSafeEqual needs equal lengths; comparing the token with itself keeps the time the same.
  const same = timingSafeEqual(given.length === expected.length ? given : expected, expected);
  return same && given.length === expected.length;
}

/**
 * `GET /metrics` in the Prometheus text format (issue 29, ADR 0160), for `Authorization: Bearer
 * $METRICS_TOKEN` only: without the token, with another, or when METRICS_TOKEN is unset, the answer is the
 * plain 404 of any missing file, so the route tells nothing. Without METRICS_TOKEN nothing is measured
 * per request either (no hook on the hot path, no Node.js default metrics).
 *
 * Gauges read from the app when scraped: the pg pool (node-postgres only: PGlite is one connection), the
 * job queues (one query), and the throttle store's fallback. Features add their own (the click buffer).
 */
export function installMetrics(app: FastifyInstance, options: { token: string | undefined }): void {
  const metrics = createAppMetrics((err, metric) => app.log.warn({ err, metric }, 'metric not read'));
  app.decorate('metrics', metrics);
  const { token } = options;

  if (token) {
    collectProcessMetrics();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== METRICS_PATH) {
        metrics.http.observe(
          { method: request.method, route, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      done();
    });
  }

  const pool = app.database.pool;
  if (pool) {
    metrics.gauge(
      'focustar_pg_pool_connections',
      'PostgreSQL connections of the pool',
      () => pool.totalCount,
    );
    metrics.gauge('focustar_pg_pool_idle', 'Idle PostgreSQL connections of the pool', () => pool.idleCount);
    metrics.gauge(
      'focustar_pg_pool_waiting',
      'Queries waiting for a PostgreSQL connection of the pool',
      () => pool.waitingCount,
    );
  }
  // One query for both gauges of a scrape.
  let stats: { at: number; read: Promise<QueueStats[]> } | null = null;
  const queueStats = () => {
    if (!stats || performance.now() - stats.at > 1000)
      stats = { at: performance.now(), read: app.jobs.queueStats() };
    return stats.read;
  };
  metrics.gauges(
    'focustar_jobs_waiting',
    'Jobs waiting in each queue (created or retry)',
    ['queue'],
    async () => (await queueStats()).map((q) => ({ labels: { queue: q.queue }, value: q.waiting })),
  );
  metrics.gauges(
    'focustar_jobs_oldest_waiting_seconds',
    'Seconds the longest-due waiting job of each queue has waited',
    ['queue'],
    async () =>
      (await queueStats()).map((q) => ({ labels: { queue: q.queue }, value: q.oldestWaitingSeconds })),
  );

  metrics.gauge(
    'focustar_outbox_oldest_unsent_seconds',
    'Seconds the oldest due message of the outbox has waited unsent (0 when none waits)',
    async () => (await oldestUnsentSeconds(app.db)) ?? 0,
  );

  metrics.gauge(
    'focustar_throttle_degraded',
    '1 while the throttles count in this process because Redis does not answer',
    () => (app.counters.degraded ? 1 : 0),
  );

  app.get(
    METRICS_PATH,
    { config: { access: 'public' }, logLevel: 'warn', schema: { hide: true } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      if (!token || !bearerMatches(request.headers.authorization, token)) {
        return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
      }
      const { contentType, body } = await metrics.render();
      return reply.type(contentType).send(body);
    },
  );
}
