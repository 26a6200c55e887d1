import { assign, fromPromise, setup } from 'xstate';
import { VALIDATION_SUMMARY } from '../contracts/values.ts';
import { ApiRequestError, ERRORS } from './errors.ts';

/**
 * One actor per API call (seed spec sections 7 and 8), with the rules in states rather than flags:
 * `sending` -> `success`; an expired token -> `refreshing` (shared, once) -> `retrying`; a 419 ->
 * `refreshingCsrf` -> `retrying`; `failed` and `cancelled` end it. The network, the refresh and the
 * effects (toasts, session removal, navigation, version flag) are provided by src/platform/request/request.ts.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: HttpMethod;
  path: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
}

/** What one HTTP exchange produced; the send actor resolves with it for every status. */
export interface HttpResult {
  status: number;
  statusText: string;
  data: unknown;
  /** The X-App-Version answer header. */
  version: string | null;
  /** The bearer token sent had expired (decoded `exp`, before or after the call). */
  tokenExpired: boolean;
}

export interface RequestInput {
  request: RequestSpec;
  /** Section 8: "Expired token with retry allowed". */
  retry?: boolean;
  /** The version this build was made from (`__APP_VERSION__`). */
  appVersion: string;
}

export interface RequestContext {
  request: RequestSpec;
  retry: boolean;
  appVersion: string;
  refreshed: boolean;
  csrfRetried: boolean;
  result: HttpResult | null;
  error: ApiRequestError | null;
}

export type RequestOutput = { ok: true; result: HttpResult } | { ok: false; error: ApiRequestError };

export type RequestEvent = { type: 'request.cancel' };

/** Section 8: the server's words for a dead session. */
export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';

const messageField = (data: unknown): string | null => {
  if (!data || typeof data !== 'object') return null;
  const d = data as { message?: unknown; error?: unknown };
  if (typeof d.message === 'string' && d.message) return d.message;
  if (typeof d.error === 'string' && d.error) return d.error;
  return null;
};

const fieldErrors = (data: unknown): Record<string, string[]> => {
  const errors = (data as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(errors)) {
    if (Array.isArray(list)) out[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return out;
};

/**
 * Section 8: the toast an error answer shows, its message/error. A 422 with field errors shows one
 * summary toast at most: its message, or the generic summary when that message only repeats a field's;
 * the form shows each field's messages next to the field, not again as a stack of toasts (issue 11).
 */
export function errorMessagesOf(result: HttpResult): string[] {
  if (result.status === 422) {
    const fields = Object.values(fieldErrors(result.data)).flat();
    if (fields.length) {
      const message = messageField(result.data);
      return [message && !fields.includes(message) ? message : VALIDATION_SUMMARY];
    }
  }
  const message = messageField(result.data);
  return message ? [message] : [];
}

/** Section 8: a success answer's message is shown as a success toast. */
export function successMessageOf(result: HttpResult): string | null {
  const message = (result.data as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : null;
}

export function toApiError(result: HttpResult): ApiRequestError {
  return new ApiRequestError(
    messageField(result.data) ?? `${result.status} ${result.statusText}`.trim(),
    'http',
    result.status,
    fieldErrors(result.data),
    result.data,
  );
}

const isOk = (r: HttpResult) => r.status >= 200 && r.status < 300;
/** Section 8: "401 with statusText Unauthorized or message 'Unauthenticated.'". */
export const isUnauthenticated = (r: HttpResult) =>
  r.status === 401 && (r.statusText === 'Unauthorized' || messageField(r.data) === UNAUTHENTICATED_MESSAGE);

/** A placeholder the app replaces with `machine.provide`; reaching it is a wiring bug. */
const notProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`requestMachine: actor "${name}" was not provided`);
  });

type Done = { output: HttpResult };

const showErrors = {
  type: 'toastError' as const,
  params: ({ context }: { context: RequestContext }) => ({
    messages: context.result ? errorMessagesOf(context.result) : [],
  }),
};
const showSuccess = {
  type: 'toastSuccess' as const,
  params: ({ context }: { context: RequestContext }) => ({
    message: context.result ? successMessageOf(context.result) : null,
  }),
};
const showNetworkError = { type: 'toastError' as const, params: { messages: [ERRORS.network] } };
/** Section 4: an X-App-Version differing from the built version flags an incorrect version. */
export const versionDiffers = (server: string | null, client: string) => !!server && server !== client;
const checkVersion = {
  type: 'checkVersion' as const,
  params: ({ context, event }: { context: RequestContext; event: unknown }) => {
    const server = (event as Done).output.version;
    return { mismatch: versionDiffers(server, context.appVersion), server, client: context.appVersion };
  },
};

/** The answer handling shared by the first attempt and the retry. */
const onAnswer = [
  {
    guard: 'isSuccess' as const,
    target: 'success',
    actions: [checkVersion, 'assignResult' as const, showSuccess],
  },
  { guard: 'canRefresh' as const, target: 'refreshing', actions: [checkVersion, 'assignResult' as const] },
  {
    guard: 'csrfExpired' as const,
    target: 'refreshingCsrf',
    actions: [checkVersion, 'assignResult' as const],
  },
  {
    guard: 'unauthenticated' as const,
    target: 'failed',
    actions: [
      checkVersion,
      'assignResult' as const,
      'expireSession' as const,
      'assignUnauthenticated' as const,
    ],
  },
  {
    target: 'failed',
    actions: [checkVersion, 'assignResult' as const, showErrors, 'assignHttpError' as const],
  },
];

const onSendError = [
  { guard: 'aborted' as const, target: 'cancelled' },
  { target: 'failed', actions: ['assignNetworkError' as const, showNetworkError] },
];

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestInput,
    output: {} as RequestOutput,
  },
  actors: {
    send: notProvided<HttpResult, { request: RequestSpec }>('send'),
    refreshToken: notProvided<string, void>('refreshToken'),
    csrfCookie: notProvided<void, void>('csrfCookie'),
  },
  actions: {
    toastError: (_, _params: { messages: string[] }) => {},
    toastSuccess: (_, _params: { message: string | null }) => {},
    /** Section 8 (401): remove token and store, go to the root, toast the expiry. */
    expireSession: () => {},
    /** Section 8: a failed refresh removes the token and goes to the root. */
    endSession: () => {},
    /** Acts only when `mismatch` is true (the rule is `versionDiffers`). */
    checkVersion: (_, _params: { mismatch: boolean; server: string | null; client: string }) => {},

    assignResult: assign(({ event }) => ({ result: (event as unknown as Done).output })),
    assignHttpError: assign(({ context }) => ({ error: context.result ? toApiError(context.result) : null })),
    assignUnauthenticated: assign({
      error: () => new ApiRequestError(ERRORS.sessionExpired, 'unauthenticated', 401),
    }),
    assignNetworkError: assign({ error: () => new ApiRequestError(ERRORS.network, 'network') }),
    assignSessionError: assign({ error: () => new ApiRequestError(ERRORS.sessionExpired, 'session', 401) }),
    assignCancelled: assign({ error: () => new ApiRequestError(ERRORS.cancelled, 'cancelled') }),
    markRefreshed: assign({ refreshed: true }),
    markCsrfRetried: assign({ csrfRetried: true }),
  },
  guards: {
    isSuccess: ({ event }) => isOk((event as unknown as Done).output),
    canRefresh: ({ context, event }) => {
      const r = (event as unknown as Done).output;
      return r.status === 401 && r.tokenExpired && context.retry && !context.refreshed;
    },
    csrfExpired: ({ context, event }) =>
      (event as unknown as Done).output.status === 419 && !context.csrfRetried,
    unauthenticated: ({ event }) => isUnauthenticated((event as unknown as Done).output),
    aborted: ({ event }) => {
      const error = (event as unknown as { error?: { name?: string } }).error;
      return error?.name === 'AbortError';
    },
  },
}).createMachine({
  id: 'request',
  context: ({ input }) => ({
    request: input.request,
    retry: input.retry ?? true,
    appVersion: input.appVersion,
    refreshed: false,
    csrfRetried: false,
    result: null,
    error: null,
  }),
  initial: 'sending',
  on: {
    // Cancelling stops the invoked call, whose AbortSignal aborts the fetch.
    'request.cancel': { target: '.cancelled' },
  },
  states: {
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ request: context.request }),
        onDone: onAnswer,
        onError: onSendError,
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshToken',
        src: 'refreshToken',
        onDone: { target: 'retrying', actions: 'markRefreshed' },
        onError: { target: 'failed', actions: ['endSession', 'assignSessionError'] },
      },
    },
    refreshingCsrf: {
      invoke: {
        id: 'csrfCookie',
        src: 'csrfCookie',
        onDone: { target: 'retrying', actions: 'markCsrfRetried' },
        onError: { target: 'failed', actions: ['assignNetworkError', showNetworkError] },
      },
    },
    retrying: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ request: context.request }),
        onDone: onAnswer,
        onError: onSendError,
      },
    },
    success: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final', entry: 'assignCancelled' },
  },
  output: ({ context }) =>
    context.error || !context.result
      ? { ok: false, error: context.error ?? new ApiRequestError(ERRORS.cancelled, 'cancelled') }
      : { ok: true, result: context.result },
});
