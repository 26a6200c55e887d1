import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Env } from './env.ts';

/**
 * Structured logs (issue 17, ADR 0142): pino JSON lines, one request id per HTTP request that follows the
 * work it causes (the jobs it enqueues, the mails they send), and no personal data: e-mail addresses,
 * bank account numbers, tokens, cookies, authorization headers and passwords never reach a log line.
 *
 * Three layers keep them out: log calls name ids and kinds, not people (the house rule); pino's `redact`
 * censors the fields that would carry them if a call slipped; and errors, whose messages are written by
 * libraries (a Drizzle error quotes the query's parameters, a PostgreSQL unique violation quotes the
 * duplicate value), are scrubbed by their serialiser.
 */

/** The header a proxy or a client may send, and the one every answer carries. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A request id we accept from outside: what proxies send (nginx's 32 hex digits, UUIDs, ALB/Cloud Run
 * `Root=1-…` style ids) and nothing that could break a log line or smuggle data (no spaces, quotes, slashes; at most
 * 128 characters, shorter than any of our tokens).
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:=-]{8,128}$/;

/** The incoming X-Request-Id when it is well formed, else a new UUID. */
export function requestIdFrom(header: unknown): string {
  return typeof header === 'string' && WELL_FORMED_REQUEST_ID.test(header) ? header : randomUUID();
}

/** What a unit of work logs with: the request id it belongs to and a logger that carries it. */
export interface LogContext {
  requestId: string;
  log: FastifyBaseLogger;
  /** The client's address, for keyed hashes only (the staff audit log); never logged. */
  ip?: string;
}

const store = new AsyncLocalStorage<LogContext>();

/** Runs `fn` as part of `context`: jobs it enqueues and mails it sends carry its request id. */
export function runInLogContext<T>(context: LogContext, fn: () => T): T {
  return store.run(context, fn);
}

/** The request (or job) the current code runs for, if any. */
export function currentLogContext(): LogContext | undefined {
  return store.getStore();
}

/** The logger of the current request or job, else `fallback` (start-up, cron set-up). */
export function currentLog(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return store.getStore()?.log ?? fallback;
}

// --- what never reaches a log line -----------------------------------------------------------------

const EMAIL = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** Three base64url parts, the first a JSON header (`{"` is `eyJ`): a JWT, signed or not. */
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
const BEARER = /\bBearer\s+[^\s",]+/gi;
/** The parameters a Drizzle error appends to its message (`\nparams: a,b,c`), up to the stack. */
const QUERY_PARAMS = /\nparams: [\s\S]*?(?=\n {4}at |$)/;

/** A text with e-mail addresses, JWTs, bearer credentials and query parameters taken out. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS, '\nparams: [redacted]')
    .replace(JWT, '[jwt]')
    .replace(BEARER, 'Bearer [redacted]')
    .replace(EMAIL, '[email]');
}

/** Fields of an error that quote data (Drizzle's `params`, PostgreSQL's `detail` of a unique violation). */
const DATA_FIELDS = new Set(['params', 'parameters', 'detail', 'values', 'body', 'data', 'config']);

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (!value || typeof value !== 'object' || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = DATA_FIELDS.has(key) ? '[redacted]' : scrubValue(v, depth + 1);
  }
  return out;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** pino's error serialiser (with causes), scrubbed. */
export function serializeError(err: Error): SerializedError {
  return scrubValue(pino.stdSerializers.errWithCause(err), 0) as SerializedError;
}

const CENSOR = '[redacted]';
/**
 * Fields censored wherever a log call puts them (top level or one object down). NOTE: pino's `redact`
 * paths take one `*` per level; deeper objects are not logged by our calls.
 */
const SENSITIVE_KEYS = [
  'email',
  'to',
  'password',
  'passwordHash',
  'token',
  'access_token',
  'refresh_token',
  'authorization',
  'cookie',
  'accountNumber',
  'account_number',
  'number',
  'holder',
  'secret',
];
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SENSITIVE_KEYS,
  ...SENSITIVE_KEYS.map((k) => `*.${k}`),
];

/**
 * Names of query parameters and headers that carry a credential (issue 10 item 2; issue 24 pentest 9: any
 * `access_token`, `refresh…`, `password`, `secret`, not only the names our own links use).
 */
const CREDENTIAL_NAME =
  /token|refresh|passw|pwd|secret|signature|^sig$|^code$|^state$|email|session|cookie|auth|api[-_]?key|^key$|credential|otp/i;
/** A value that is a credential whatever its name: a JWT, a bearer or basic credential. */
const CREDENTIAL_VALUE =
  /^(?:eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*|(?:Bearer|Basic)\s+\S+)$/i;

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

/** Whether a query parameter or header is a credential, by its name or by the shape of its value. */
export function isCredential(name: string, value: string): boolean {
  return CREDENTIAL_NAME.test(decoded(name)) || CREDENTIAL_VALUE.test(decoded(value).trim());
}

/**
 * A URL as logged: the value of every query parameter that is a credential by name or by shape replaced,
 * then any JWT left in the path and any e-mail address (issue 10 item 2, issue 24 pentest 9).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let out = url;
  if (q >= 0) {
    const hash = url.indexOf('#', q);
    const query = url.slice(q + 1, hash >= 0 ? hash : undefined);
    const params = query.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq >= 0 ? pair.slice(0, eq) : pair;
      const value = eq >= 0 ? pair.slice(eq + 1) : '';
      return eq >= 0 && isCredential(name, value) ? `${name}=${CENSOR}` : pair;
    });
    out = `${url.slice(0, q)}?${params.join('&')}${hash >= 0 ? url.slice(hash) : ''}`;
  }
  return out.replace(JWT, '[jwt]').replace(EMAIL, '[email]');
}

/** Headers as logged: credentials by name (authorization, cookies, keys, tokens) or by value censored. */
export function redactHeaders(
  headers: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!headers || typeof headers !== 'object') return headers;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const text = Array.isArray(value) ? value.join(', ') : String(value ?? '');
    out[name] = isCredential(name, text) ? CENSOR : scrubText(text);
  }
  return out;
}

/**
 * The server's pino options: level, JSON lines to standard output or to LOG_FILE (appended), the request
 * id under `reqId`, redaction and the scrubbing serialisers. A development terminal gets pino-pretty.
 */
export function loggerOptions(env: Env, isTty = process.stdout.isTTY): FastifyServerOptions['logger'] {
  return {
    level: env.LOG_LEVEL,
    ...(env.LOG_FILE ? { file: env.LOG_FILE } : {}),
    ...(env.NODE_ENV === 'development' && isTty && !env.LOG_FILE
      ? { transport: { target: 'pino-pretty' } }
      : {}),
  };
}

interface RawRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Adds redaction and the scrubbing serialisers to any logger options (tests pass their own). */
export function withLogSafety(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = typeof logger === 'object' ? logger : {};
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: CENSOR },
    serializers: {
      req: (req: RawRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
      err: serializeError,
      // Issue 24 pentest 9: a log call that passes headers (a proxy's, a webhook's) never writes a credential.
      headers: redactHeaders,
      ...('serializers' in base ? base.serializers : {}),
    },
  };
}
