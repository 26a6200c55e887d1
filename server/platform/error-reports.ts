import type { ErrorEvent } from '@sentry/node';
import { scrubText } from './logging.ts';

/**
 * Server errors to Sentry (issue 29, ADR 0160), only when SENTRY_DSN is set: the DSN the SPA reports to
 * (ADR 0025), so one project holds both sides. Without it @sentry/node is never loaded (types only here).
 *
 * Errors only: no Sentry tracing (traces go over OTLP) and no runtime module hooks. What is sent is
 * scrubbed as the logs are (ADR 0142): no e-mail address, token or query parameter leaves in a message,
 * and no request data is attached (`beforeSend` takes it out).
 */

type Sentry = typeof import('@sentry/node');
let sentry: Sentry | null = null;
let starting: Promise<Sentry> | null = null;

export function errorReportsStarted(): boolean {
  return sentry !== null;
}

export function startErrorReports(options: {
  dsn: string;
  environment: string;
  release: string;
}): Promise<Sentry> {
  starting ??= import('@sentry/node').then((module) => {
    module.init({
      dsn: options.dsn,
      environment: options.environment,
      release: options.release,
      enableRuntimeChannelInjection: false,
      beforeSend: scrubEvent,
    });
    sentry = module;
    return module;
  });
  return starting;
}

/** The event with its messages and stack values scrubbed, and no request body, cookies or headers. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) {
    if (value.value) value.value = scrubText(value.value);
  }
  delete event.request;
  delete event.extra;
  return event;
}

/** Reports a server error (a 5xx, a failed job) with the request id it belongs to. */
export function reportServerError(err: unknown, requestId: string, route?: string): void {
  const s = sentry;
  if (!s) return;
  s.withScope((scope) => {
    scope.setTag('request_id', requestId);
    if (route) scope.setTag('route', route);
    s.captureException(err);
  });
}

/** Sends what is queued (a graceful stop; tests). */
export async function flushErrorReports(timeoutMs = 2000): Promise<void> {
  await sentry?.flush(timeoutMs);
}
