import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { MESSAGES } from '../../../contracts/common.ts';
import { HttpError } from '../http-errors.ts';

/** Turns zod issues into the `errors` map: field path -> list of Japanese messages. */
export function zodErrorsMap(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, MESSAGES.unsupportedMedia],
  FST_ERR_CTP_INVALID_TYPE: [415, MESSAGES.unsupportedMedia],
  FST_ERR_BAD_URL: [400, MESSAGES.notFound],
  FST_ERR_ASYNC_CONSTRAINT: [400, MESSAGES.invalidJson],
};

/** Connection-class SQLSTATEs (08…) and the shutdown ones (57P01 admin, 57P02 crash, 57P03 starting up). */
const DATABASE_DOWN_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|Connection ended|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/**
 * Issue 29 "Degrading instead of stopping": an error because PostgreSQL is restarting or unreachable (the
 * driver's own, or Drizzle's wrapping it as `cause`). The transaction did not commit, so the request may be
 * sent again: 503 with Retry-After, not a 500 that reads as a bug.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (DATABASE_DOWN_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && DATABASE_DOWN_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
}

/** Seconds a client is asked to wait after a 503 of the database (a restart takes a few). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * The one error envelope: `{ message }`, plus `errors` for 422. Details of a 5xx never leave the server.
 * Validation of params/query/body answers 422 in every case (seed spec section 5).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply
        .code(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    if (err instanceof ZodError) {
      const errors = zodErrorsMap(err);
      return reply.code(422).send({ message: Object.values(errors)[0]?.[0] ?? MESSAGES.validation, errors });
    }
    const known = 'code' in err && err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_S))
        .send({ message: MESSAGES.databaseUnavailable });
    }
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ message: MESSAGES.serverError });
    }
    if (status === 429) return reply.code(429).send({ message: MESSAGES.tooManyRequests });
    if (status === 404) return reply.code(404).send({ message: MESSAGES.notFound });
    if (status === 405) return reply.code(405).send({ message: MESSAGES.methodNotAllowed });
    request.log.info({ err }, 'client error');
    return reply.code(status).send({ message: MESSAGES.invalidJson });
  });
}
