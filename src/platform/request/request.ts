import type { $Fetch } from 'ofetch';
import { createActor, fromPromise, toPromise } from 'xstate';
import type { z } from 'zod';
import { type HttpResult, type RequestSpec, requestMachine } from '../../../machines/requestMachine.ts';
import { peekEmbeddedAnswer, takeEmbeddedAnswer } from './embedded.ts';
import { session as defaultSession, type SessionStorage } from '../session/session-storage.ts';
import { api as defaultApi } from './client.ts';
import { ApiRequestError, ERRORS } from '../../../machines/errors.ts';
import { CSRF_COOKIE_PATH, createTokenRefresher, type TokenRefresher } from './refresh.ts';
import { isTokenExpired } from './token.ts';
import { holdFirstScreen } from '../lib/afterPaint.ts';
import { takeEarlyRead } from '../session/early-session.ts';

export const APP_VERSION_HEADER = 'X-App-Version';

/** What a request needs from the app; src/app/actors.ts fills in the UI parts once at start-up. */
export interface RequestDeps {
  api: $Fetch;
  session: SessionStorage;
  refresher: TokenRefresher;
  appVersion: string;
  now: () => number;
  navigate: (to: string) => void;
  toastError: (message: string) => void;
  toastSuccess: (message: string) => void;
  report: (error: unknown, extra?: Record<string, unknown>) => void;
  /** A 401 ended the session: the auth actor forgets the user. */
  onSessionExpired: () => void;
  onVersionMismatch: (serverVersion: string) => void;
}

export interface CallOptions {
  /** Section 8: refresh an expired token once and retry (default true). */
  retry?: boolean;
  signal?: AbortSignal;
  /**
   * No error or success toasts (for optional reads where a 404 means "nothing yet"). A session that
   * ended (401) is still handled and told, and the caller still gets the rejection.
   */
  quiet?: boolean;
}

export interface Answer {
  status: number;
  data: unknown;
}

export type Requester = (spec: RequestSpec, options?: CallOptions) => Promise<Answer>;

const abortError = () => Object.assign(new Error(ERRORS.cancelled), { name: 'AbortError' });

/** Runs one request actor per call (machines/requestMachine.ts) and settles with its output. */
export function createRequester(deps: RequestDeps): Requester {
  return (spec, options = {}) => {
    let sentToken: string | null = null;
    const logic = requestMachine.provide({
      actors: {
        send: fromPromise<HttpResult, { request: RequestSpec }>(async ({ input, signal }) => {
          sentToken = deps.session.getToken();
          const before = sentToken ? isTokenExpired(sentToken, deps.now()) : false;
          // A guest's first read may have come with the page (ADR 0156).
          const ahead =
            sentToken === null && input.request.method === 'GET'
              ? takeEmbeddedAnswer(input.request.path, input.request.query)
              : null;
          if (ahead) {
            return { status: 200, statusText: 'OK', data: ahead.body, version: null, tokenExpired: false };
          }
          // ADR 0203: a returning visitor's first read may have begun in the page, beside `GET /api/me`. A
          // read that failed there is made again here, with everything a call does on failure.
          // A call with an empty query (`listUnits({})`) asks what the page asked (ADR 0214).
          const query = input.request.query;
          const early =
            input.request.method === 'GET' && (!query || Object.keys(query).length === 0)
              ? takeEarlyRead(input.request.path, sentToken)
              : null;
          const earlyData = early
            ? await early.then(
                (data) => ({ data }),
                () => null,
              )
            : null;
          if (earlyData) {
            return {
              status: 200,
              statusText: 'OK',
              data: earlyData.data,
              version: null,
              tokenExpired: false,
            };
          }
          try {
            const response = await deps.api.raw(input.request.path, {
              method: input.request.method,
              ...(input.request.body === undefined
                ? {}
                : { body: input.request.body as Record<string, unknown> }),
              ...(input.request.query ? { query: input.request.query } : {}),
              signal,
              ignoreResponseError: true,
            });
            return {
              status: response.status,
              statusText: response.statusText,
              data: response._data ?? null,
              version: response.headers.get(APP_VERSION_HEADER),
              tokenExpired: before || (sentToken ? isTokenExpired(sentToken, deps.now()) : false),
            };
          } catch (error) {
            if (signal.aborted) throw abortError();
            throw error;
          }
        }),
        refreshToken: fromPromise(() => deps.refresher.refresh(sentToken)),
        csrfCookie: fromPromise<void, void>(async ({ signal }) => {
          await deps.api.raw(CSRF_COOKIE_PATH, { method: 'GET', signal });
        }),
      },
      actions: {
        toastError: (_, { messages }) => {
          if (options.quiet) return;
          for (const message of messages) deps.toastError(message);
        },
        toastSuccess: (_, { message }) => {
          if (message && !options.quiet) deps.toastSuccess(message);
        },
        expireSession: () => {
          deps.session.removeToken();
          deps.session.removeStore();
          deps.onSessionExpired();
          deps.navigate('/');
          deps.toastError(ERRORS.sessionExpired);
        },
        endSession: () => {
          deps.session.removeToken();
          deps.onSessionExpired();
          deps.navigate('/');
        },
        checkVersion: (_, { mismatch, server }) => {
          if (mismatch && server) deps.onVersionMismatch(server);
        },
      },
    });
    const actor = createActor(logic, {
      input: { request: spec, retry: options.retry ?? true, appVersion: deps.appVersion },
    });
    const cancel = () => actor.send({ type: 'request.cancel' });
    if (options.signal?.aborted) return Promise.reject(new ApiRequestError(ERRORS.cancelled, 'cancelled'));
    options.signal?.addEventListener('abort', cancel, { once: true });
    // ADR 0199: the first screen is shown (and the deferred parts load) once its reads are in.
    const release = spec.method === 'GET' ? holdFirstScreen() : () => {};
    actor.start();
    return toPromise(actor)
      .finally(release)
      .then((output) => {
        if (!output.ok) throw output.error;
        return { status: output.result.status, data: output.result.data };
      })
      .finally(() => options.signal?.removeEventListener('abort', cancel));
  };
}

/** Parses an answer with its contract; a mismatch is reported (the server and the client disagree). */
export function parseAnswer<T extends z.ZodType>(
  schema: T,
  answer: Answer,
  report = requestDeps.report,
): z.output<T> {
  const parsed = schema.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  const error = new ApiRequestError(
    ERRORS.unexpectedAnswer,
    'invalid-answer',
    answer.status,
    {},
    answer.data,
  );
  report(error, { issues: parsed.error.issues });
  throw error;
}

/** The app's request dependencies; `configureRequests` replaces the UI parts (toasts, navigation, reporting). */
export const requestDeps: RequestDeps = {
  api: defaultApi,
  session: defaultSession,
  refresher: createTokenRefresher({ api: defaultApi, session: defaultSession }),
  appVersion: typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev',
  now: () => Date.now(),
  navigate: () => {},
  toastError: () => {},
  toastSuccess: () => {},
  report: () => {},
  onSessionExpired: () => {},
  onVersionMismatch: () => {},
};

export function configureRequests(overrides: Partial<RequestDeps>): void {
  Object.assign(requestDeps, overrides);
}

/** The request function every API call file uses. */
export const request: Requester = (spec, options) => createRequester(requestDeps)(spec, options);

/**
 * `call` with a contract that is imported while the request runs: for the calls the first screen makes
 * or may make (session start-up, configuration, the shop switch), so that zod loads after the first
 * paint, not before it (ADR 0038). `contract` is `() => import('…/contracts/x.ts').then((m) => m.schema)`.
 */
export async function callLazy<T extends z.ZodType>(
  contract: () => Promise<T>,
  spec: RequestSpec,
  options?: CallOptions,
): Promise<z.output<T>> {
  const schema = contract();
  // Settled either way, so a failed request does not leave the import's rejection unhandled.
  schema.catch(() => {});
  const answer = await request(spec, options);
  return parseAnswer(await schema, answer);
}

/** Requests and parses the answer with its contract: the body of every file in a feature's api/ folder. */
export async function call<T extends z.ZodType>(
  schema: T,
  spec: RequestSpec,
  options?: CallOptions,
): Promise<z.output<T>> {
  return parseAnswer(schema, await request(spec, options));
}

/** A first answer a screen may draw in its first render, and how it says it has used it (ADR 0198). */
export interface Ahead<T> {
  data: T;
  /** The answer is used: the next call asks the server. */
  take: () => void;
}

/**
 * Issue 29 (ADR 0198): the answer this GET would get from the page's answers, parsed with its contract, for
 * a screen's first render: a guest's, and only where the render may show it (`peekEmbeddedAnswer`). Null
 * otherwise, or when it does not parse (the call then asks the server and says so as any answer would).
 */
export function ahead<T extends z.ZodType>(schema: T, spec: RequestSpec): Ahead<z.output<T>> | null {
  if (spec.method !== 'GET' || requestDeps.session.getToken() !== null) return null;
  const answer = peekEmbeddedAnswer(spec.path, spec.query);
  if (!answer) return null;
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) return null;
  return { data: parsed.data, take: () => void takeEmbeddedAnswer(spec.path, spec.query) };
}
