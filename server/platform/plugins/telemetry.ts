import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { Env } from '../env.ts';
import { flushErrorReports, reportServerError, startErrorReports } from '../error-reports.ts';
import { HttpError } from '../http-errors.ts';
import {
  endRequestSpan,
  flushTraces,
  type RequestSpan,
  startRequestSpan,
  startTracing,
  withRequestSpan,
} from '../tracing.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's span when tracing is on (issue 29). */
    traceSpan: RequestSpan | null;
  }
}

/** The status the error handler (plugins/errors.ts) answers for `err`: only a 5xx is reported. */
function statusOf(err: unknown): number {
  if (err instanceof HttpError) return err.statusCode;
  if (err instanceof ZodError) return 422;
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : 500;
}

/**
 * Traces and error reports (issue 29, ADR 0160), each only when configured: OTEL_EXPORTER_OTLP_ENDPOINT
 * starts tracing (a span per request, named by its route pattern, with the request id), SENTRY_DSN sends
 * every 5xx to Sentry with its request id. Unconfigured, this adds no hook and loads no module.
 */
export async function installTelemetry(app: FastifyInstance, env: Env, version: string): Promise<void> {
  if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
    await startTracing({
      endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: env.OTEL_SERVICE_NAME,
      version,
    });
    app.decorateRequest('traceSpan', null);
    app.addHook('onRequest', (request, _reply, done) => {
      request.traceSpan = startRequestSpan(request.method, request.headers, {
        'focustar.request_id': request.id,
        'http.request.method': request.method,
      });
      withRequestSpan(request.traceSpan, done);
    });
    // NOTE: as for the log context (app.ts), the body's events run outside the context entered above.
    app.addHook('preValidation', (request, _reply, done) => withRequestSpan(request.traceSpan, done));
    app.addHook('onResponse', (request, reply, done) => {
      if (request.traceSpan) {
        const route = request.routeOptions.url ?? 'unmatched';
        endRequestSpan(request.traceSpan, request.method, route, reply.statusCode);
      }
      done();
    });
    app.addHook('onClose', () =>
      flushTraces().catch((err: unknown) => app.log.warn({ err }, 'traces not sent')),
    );
    app.log.info('tracing: spans go to OTEL_EXPORTER_OTLP_ENDPOINT');
  }

  if (env.SENTRY_DSN) {
    await startErrorReports({ dsn: env.SENTRY_DSN, environment: env.NODE_ENV, release: version });
    app.addHook('onError', (request, _reply, err, done) => {
      if (statusOf(err) >= 500) reportServerError(err, request.id, request.routeOptions.url);
      done();
    });
    app.addHook('onClose', () => flushErrorReports());
  }
}
