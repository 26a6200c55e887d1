import { VALIDATION_SUMMARY } from '../../../contracts/values.ts';
import type { EventObject } from 'xstate';
import { type HttpResult, type RequestInput, requestMachine } from '../../../machines/requestMachine.ts';
import { ERRORS } from '../../../machines/errors.ts';
import type { ModelOptions } from '../model-harness.ts';
import type { FakeServer, OracleSuite } from '../oracle-harness.ts';

/**
 * The request actor's oracle: seed spec sections 4, 7 and 8 as a reference model. Observed: the
 * calls made (and in flight), the toasts, the storage keys, navigation, the session-expired signal,
 * the version flag, and what the caller gets (the actor's output).
 */

export interface RequestObservation {
  calls: string[];
  inFlight: string[];
  toasts: string[];
  storage: { accessToken: string | null; store: string | null };
  location: string[];
  sessionExpired: number;
  /** Each time the app was told the server runs another version. */
  versionFlags: string[];
  answer: string | null;
}

type Mode = 'sending' | 'refreshing' | 'csrf' | 'done';

interface RequestModel {
  mode: Mode;
  input: RequestInput;
  refreshed: boolean;
  csrfRetried: boolean;
  obs: RequestObservation;
}

const SEND = 'send';
const REFRESH = 'refreshToken';
const CSRF = 'csrfCookie';

/** Seed spec section 7: the call on the wire. */
export function describeRequestCall(src: string, input: unknown): string {
  if (src === SEND) {
    const r = (input as { request: { method: string; path: string } }).request;
    return `${r.method} ${r.path}`;
  }
  if (src === REFRESH) return 'POST /api/refresh';
  if (src === CSRF) return 'GET /api/csrf-cookie';
  return `${src}?`;
}

const messageField = (data: unknown): string | null => {
  const d = (data ?? {}) as { message?: unknown; error?: unknown };
  if (typeof d.message === 'string' && d.message) return d.message;
  if (typeof d.error === 'string' && d.error) return d.error;
  return null;
};

const call = (m: RequestModel, label: string, mode: Mode): RequestModel => ({
  ...m,
  mode,
  obs: { ...m.obs, calls: [...m.obs.calls, label], inFlight: [label] },
});

const finish = (m: RequestModel, answer: string, extra: Partial<RequestObservation> = {}): RequestModel => ({
  ...m,
  mode: 'done',
  obs: { ...m.obs, inFlight: [], ...extra, answer },
});

function start(input: RequestInput): RequestModel {
  const m: RequestModel = {
    mode: 'sending',
    input,
    refreshed: false,
    csrfRetried: false,
    obs: {
      calls: [],
      inFlight: [],
      toasts: [],
      storage: { accessToken: 'old-token', store: 'session' },
      location: [],
      sessionExpired: 0,
      versionFlags: [],
      answer: null,
    },
  };
  return call(m, describeRequestCall(SEND, { request: input.request }), 'sending');
}

function onAnswer(model: RequestModel, r: HttpResult): RequestModel {
  let m = model;
  // seed spec §4: a response app-version header differing from the built version flags an incorrect version.
  if (r.version && r.version !== m.input.appVersion) {
    m = { ...m, obs: { ...m.obs, versionFlags: [...m.obs.versionFlags, r.version] } };
  }
  const retry = m.input.retry ?? true;
  if (r.status >= 200 && r.status < 300) {
    // seed spec §8: success messages show success toasts.
    const message = (r.data as { message?: unknown } | null)?.message;
    const toasts =
      typeof message === 'string' && message ? [...m.obs.toasts, `success: ${message}`] : m.obs.toasts;
    return finish(m, `ok ${r.status}`, { toasts });
  }
  if (r.status === 401 && r.tokenExpired && retry && !m.refreshed) {
    // seed spec §8: expired token with retry allowed: refresh once (POST /api/refresh, §7) and retry.
    return call(m, describeRequestCall(REFRESH, undefined), 'refreshing');
  }
  if (r.status === 419 && !m.csrfRetried) {
    // seed spec §7: XSRF cookie XSRF-TOKEN; ADR 0022: an expired XSRF cookie is fetched again, once.
    return call(m, describeRequestCall(CSRF, undefined), 'csrf');
  }
  if (r.status === 401 && (r.statusText === 'Unauthorized' || messageField(r.data) === 'Unauthenticated.')) {
    // seed spec §8: 401 Unauthorized / 'Unauthenticated.': remove token and store, go to root, toast.
    // Issue 28 (g): the error says 401, as callers that branch on the status read it.
    return finish(m, `error unauthenticated 401: ${ERRORS.sessionExpired}`, {
      storage: { accessToken: null, store: null },
      location: [...m.obs.location, '/'],
      sessionExpired: m.obs.sessionExpired + 1,
      toasts: [...m.obs.toasts, `error: ${ERRORS.sessionExpired}`],
    });
  }
  // seed spec §8: any error answer with a message or error field shows it; §5 + issue 11: a 422 with field
  // errors leaves them to the form and toasts one summary at most (its message, unless that message only
  // repeats a field's, then the generic summary).
  const fields =
    r.status === 422
      ? Object.values(((r.data ?? {}) as { errors?: Record<string, string[]> }).errors ?? {}).flat()
      : [];
  const message = messageField(r.data) as string | undefined;
  const shown = fields.length
    ? [message && !fields.includes(message) ? message : VALIDATION_SUMMARY]
    : message
      ? [message]
      : [];
  return finish(
    m,
    `error http ${r.status}: ${messageField(r.data) ?? `${r.status} ${r.statusText}`.trim()}`,
    {
      toasts: [...m.obs.toasts, ...shown.map((t) => `error: ${t}`)],
    },
  );
}

function step(m: RequestModel, e: EventObject): RequestModel {
  const ev = e as EventObject & { output?: unknown; error?: { name?: string } };
  if (m.mode === 'done') return m;
  switch (e.type) {
    case 'request.cancel':
      // seed spec §8: a cancelled request: 'APIリクエストをキャンセルしました' (the call is aborted).
      return finish(m, `error cancelled: ${ERRORS.cancelled}`);
    case 'xstate.done.actor.send':
      return onAnswer(m, ev.output as HttpResult);
    case 'xstate.error.actor.send':
      if (ev.error?.name === 'AbortError') return finish(m, `error cancelled: ${ERRORS.cancelled}`);
      // ADR 0022: no answer at all is a network failure, told to the user.
      return finish(m, `error network: ${ERRORS.network}`, {
        toasts: [...m.obs.toasts, `error: ${ERRORS.network}`],
      });
    case 'xstate.done.actor.refreshToken':
      // seed spec §8: ... and retry (once).
      return call(
        { ...m, refreshed: true },
        describeRequestCall(SEND, { request: m.input.request }),
        'sending',
      );
    case 'xstate.error.actor.refreshToken':
      // seed spec §8: if refresh fails remove token and go to root.
      return finish(m, `error session 401: ${ERRORS.sessionExpired}`, {
        storage: { ...m.obs.storage, accessToken: null },
        location: [...m.obs.location, '/'],
        sessionExpired: m.obs.sessionExpired + 1,
      });
    case 'xstate.done.actor.csrfCookie':
      return call(
        { ...m, csrfRetried: true },
        describeRequestCall(SEND, { request: m.input.request }),
        'sending',
      );
    case 'xstate.error.actor.csrfCookie':
      return finish(m, `error network: ${ERRORS.network}`, {
        toasts: [...m.obs.toasts, `error: ${ERRORS.network}`],
      });
    default:
      return m;
  }
}

const observe = (m: RequestModel): RequestObservation => m.obs;

/** The effects as src/api/request.ts wires them (toasts, session removal, navigation, version flag). */
function world() {
  const storage: RequestObservation['storage'] = { accessToken: 'old-token', store: 'session' };
  const toasts: string[] = [];
  const location: string[] = [];
  let sessionExpired = 0;
  const versionFlags: string[] = [];
  return {
    actions: {
      toastError: (_: unknown, p: { messages: string[] }) =>
        toasts.push(...p.messages.map((t) => `error: ${t}`)),
      toastSuccess: (_: unknown, p: { message: string | null }) => {
        if (p.message) toasts.push(`success: ${p.message}`);
      },
      expireSession: () => {
        storage.accessToken = null;
        storage.store = null;
        sessionExpired += 1;
        location.push('/');
        toasts.push(`error: ${ERRORS.sessionExpired}`);
      },
      endSession: () => {
        storage.accessToken = null;
        sessionExpired += 1;
        location.push('/');
      },
      checkVersion: (_: unknown, p: { mismatch: boolean; server: string | null }) => {
        if (p.mismatch && p.server) versionFlags.push(p.server);
      },
    },
    observe(ui: { status: string; output: unknown }, server: FakeServer): RequestObservation {
      const out = ui.output as
        | { ok: true; result: HttpResult }
        | { ok: false; error: { kind: string; message: string; status?: number } }
        | undefined;
      const answer =
        ui.status !== 'done' || !out
          ? null
          : out.ok
            ? `ok ${out.result.status}`
            : out.error.kind === 'http'
              ? `error http ${out.error.status}: ${out.error.message}`
              : `error ${out.error.kind}${out.error.status == null ? '' : ` ${out.error.status}`}: ${out.error.message}`;
      return {
        calls: [...server.made],
        inFlight: server.inFlight(),
        toasts: [...toasts],
        storage: { ...storage },
        location: [...location],
        sessionExpired,
        versionFlags: [...versionFlags],
        answer,
      };
    },
  };
}

const answer = (
  status: number,
  statusText: string,
  data: unknown,
  extra: Partial<HttpResult> = {},
): HttpResult => ({
  status,
  statusText,
  data,
  version: 'server-2',
  tokenExpired: false,
  ...extra,
});

export const requestModel: ModelOptions<RequestInput> = {
  machine: requestMachine,
  inputs: [
    {
      name: 'retry allowed, older build',
      input: { request: { method: 'GET', path: '/api/me' }, retry: true, appVersion: 'client-1' },
    },
    {
      name: 'no retry, same build',
      input: { request: { method: 'POST', path: '/api/logout' }, retry: false, appVersion: 'server-2' },
    },
  ],
  events: [
    { type: 'xstate.done.actor.send', output: answer(200, 'OK', { message: '保存しました。' }) },
    { type: 'xstate.done.actor.send', output: answer(204, 'No Content', null) },
    {
      type: 'xstate.done.actor.send',
      output: answer(401, 'Unauthorized', { message: 'Unauthenticated.' }, { tokenExpired: true }),
    },
    { type: 'xstate.done.actor.send', output: answer(401, '', { message: 'Unauthenticated.' }) },
    { type: 'xstate.done.actor.send', output: answer(401, 'Unauthorized', { message: '認証が必要です' }) },
    { type: 'xstate.done.actor.send', output: answer(401, '', { message: 'token invalid' }) },
    {
      type: 'xstate.done.actor.send',
      output: answer(419, 'unknown', { message: 'ページの有効期限が切れました。' }),
    },
    {
      type: 'xstate.done.actor.send',
      output: answer(422, 'Unprocessable Entity', {
        message: '入力内容に誤りがあります。',
        errors: {
          email: ['メールアドレスを入力してください。'],
          password: ['パスワードを入力してください。'],
        },
      }),
    },
    {
      type: 'xstate.done.actor.send',
      output: answer(500, 'Internal Server Error', { error: 'サーバーエラー' }),
    },
    { type: 'xstate.error.actor.send', error: Object.assign(new Error('aborted'), { name: 'AbortError' }) },
    { type: 'xstate.error.actor.send', error: new TypeError('fetch failed') },
    { type: 'xstate.done.actor.refreshToken', output: 'new-token' },
    { type: 'xstate.error.actor.refreshToken', error: new Error('refresh failed') },
    { type: 'xstate.done.actor.csrfCookie' },
    { type: 'xstate.error.actor.csrfCookie', error: new TypeError('fetch failed') },
    { type: 'request.cancel' },
  ] as EventObject[],
  project: (s) => ({
    refreshed: s.context.refreshed,
    csrfRetried: s.context.csrfRetried,
    status: s.status,
  }),
  // Small enough to take every transition from every state of the graph (a retry after a refresh
  // and a retry after a new XSRF cookie are different places).
  pathKey: (s, input) => [input, s.value, s.context.refreshed, s.context.csrfRetried],
  pathPer: 'event',
};

export const requestSuite: OracleSuite<RequestInput, RequestObservation, RequestModel> = {
  name: 'requestMachine',
  machine: requestMachine,
  model: requestModel,
  // A request that is still running can be cancelled; a settled one cannot change its answer.
  probe: [{ type: 'request.cancel' }],
  world,
  describeCall: describeRequestCall,
  oracle: { start, step, observe },
};
