import { use, useEffect, useState } from 'react';
import { ApiRequestError } from '../api/errors.ts';
import { type CallOptions, request } from '../api/request.ts';
import type { RequestSpec } from '../../machines/requestMachine.ts';
import { loadPublicConfig } from '../api/system/get-config.ts';

/**
 * Data helpers for the screens of the shell, all through the app's one request layer (src/api/request.ts).
 * Reads of optional public data (index pictures, achievements, a public profile, recruitment lists) are
 * quiet calls: a 404 there means "nothing to show yet", not an error toast (ADR 0034).
 */
export type ApiFailure = { status: number; message: string; errors: Record<string, string[]> };

/** One call through the request layer; a refusal becomes the plain `ApiFailure` the screens read. */
async function call<T>(spec: RequestSpec, options: CallOptions = {}): Promise<T> {
  try {
    return (await request(spec, options)).data as T;
  } catch (err) {
    if (err instanceof ApiRequestError) {
      throw { status: err.status ?? 0, message: err.message, errors: err.errors } satisfies ApiFailure;
    }
    throw err;
  }
}

/** A quiet read: a missing optional endpoint (404) is an empty section, not an error toast. */
export function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return call<T>({ method: 'GET', path }, { quiet: true, ...(signal ? { signal } : {}) });
}

/**
 * A write through the app's one request layer (src/api/request.ts: bearer, XSRF, refresh-and-retry,
 * error toasts of seed spec section 8); rejects with `{ status, message, errors }`.
 */
export function apiPost<T>(path: string, body: unknown): Promise<T> {
  return call<T>({ method: 'POST', path, body });
}

export function isApiFailure(e: unknown): e is ApiFailure {
  return !!e && typeof e === 'object' && 'status' in e && 'message' in e;
}

export type Resource<T> =
  | { state: 'loading'; data: null; error: null }
  | { state: 'done'; data: T; error: null }
  | { state: 'failed'; data: null; error: ApiFailure };

const appGet = <T>(path: string, signal: AbortSignal) => call<T>({ method: 'GET', path }, { signal });

/**
 * Reads a path once per change of `path`; `null` skips the call (e.g. an id that failed the rule).
 * `via: 'app'` uses the request layer (signed-in data: token refresh, error toasts).
 */
export function useApiGet<T>(path: string | null, via: 'quiet' | 'app' = 'quiet'): Resource<T> {
  const [res, setRes] = useState<Resource<T>>({ state: 'loading', data: null, error: null });
  useEffect(() => {
    if (!path) return;
    const ctrl = new AbortController();
    setRes({ state: 'loading', data: null, error: null });
    (via === 'app' ? appGet<T>(path, ctrl.signal) : apiGet<T>(path, ctrl.signal)).then(
      (data) => setRes({ state: 'done', data, error: null }),
      (error: unknown) => {
        if (ctrl.signal.aborted) return;
        setRes({
          state: 'failed',
          data: null,
          error: isApiFailure(error) ? error : { status: 0, message: String(error), errors: {} },
        });
      },
    );
    return () => ctrl.abort();
  }, [path, via]);
  return res;
}

import type { PublicConfig } from '../api/contracts/common.ts';

export type { PublicConfig };

/** The config as a promise that always settles with a value (features off when it cannot be read). */
export const publicConfigOnce = loadPublicConfig;

/**
 * Suspends until the config is known, so a form that depends on it (the reCAPTCHA box, the social
 * buttons) appears once, complete, instead of growing after its first paint.
 */
export function usePublicConfigSuspense(): PublicConfig {
  return use(publicConfigOnce());
}

/** Said when a form's call fails without an answer from the server (offline, aborted). */
export const SEND_FAILED = '送信できませんでした。もう一度お試しください。';

export type Submitted<T> = { ok: true; value: T } | { ok: false };

/**
 * The state of a form that posts to the API: `busy` while the call runs, then the server's message
 * and per-field errors (seed spec section 5: each shown), or `fallback` when no answer came.
 */
export function useSubmission(fallback: string = SEND_FAILED) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  const run = async <T>(action: () => Promise<T>): Promise<Submitted<T>> => {
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      return { ok: true, value: await action() };
    } catch (err) {
      if (isApiFailure(err)) {
        setMessage(err.message);
        setErrors(err.errors);
      } else {
        setMessage(fallback);
      }
      return { ok: false };
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, errors, setMessage, run };
}
