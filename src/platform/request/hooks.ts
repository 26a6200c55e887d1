import { use, useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiRequestError } from '../../../machines/errors.ts';
import { loadPublicConfig } from '../config.ts';
import type { Ahead } from './request.ts';
import type { PublicConfig } from '../../../contracts/system.ts';

/**
 * React helpers over the one request layer (./request.ts). Screens never call a path themselves: they
 * call the functions of their feature's `api/` folder, which request and parse with the contract, and
 * every failure is an `ApiRequestError` (status, message, per-field errors of seed spec section 5).
 */

/** Any failure as the one failure type (a thrown non-API error is a network failure to the screen). */
export function asApiError(err: unknown): ApiRequestError {
  if (err instanceof ApiRequestError) return err;
  return new ApiRequestError(err instanceof Error ? err.message : String(err), 'network');
}

export type Resource<T> =
  | { state: 'loading'; data: null; error: null }
  | { state: 'done'; data: T; error: null }
  | { state: 'failed'; data: null; error: ApiRequestError };

/**
 * Reads once per change of `key` with `load` (a call of a feature's api/ folder); `load: null` skips the
 * call (e.g. an id that failed the rule). The call is aborted when the screen leaves or the key changes.
 * Issue 29 (ADR 0198): `ahead` (read once, at the first render) gives the first key's data when the page
 * came with it (`ahead()` of ./request.ts): the screen draws it at once, as its prerendered HTML does,
 * and asks the server only from the next key on.
 */
export function useResource<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  key: string | null,
  ahead?: () => Ahead<T> | null,
): Resource<T> {
  const [first] = useState(() => (key !== null && ahead ? { key, answer: ahead() } : null));
  const [res, setRes] = useState<Resource<T>>(() =>
    first?.answer
      ? { state: 'done', data: first.answer.data, error: null }
      : { state: 'loading', data: null, error: null },
  );
  // The key whose data came with the page, until the key changes (StrictMode's second effect skips too).
  const aheadKey = useRef(first?.answer ? first.key : null);
  // NOTE: `key` names the data; `load` is a new closure on every render and must not restart the call, so
  // the effect reads it as an effect event (the render's latest `load`, or null to skip).
  const start = useEffectEvent((signal: AbortSignal) => (load ? load(signal) : null));
  useEffect(() => {
    if (key === null) return;
    if (aheadKey.current === key) {
      first?.answer?.take();
      return;
    }
    aheadKey.current = null;
    const ctrl = new AbortController();
    const call = start(ctrl.signal);
    if (!call) return;
    setRes({ state: 'loading', data: null, error: null });
    call.then(
      (data) => setRes({ state: 'done', data, error: null }),
      (error: unknown) => {
        if (!ctrl.signal.aborted) setRes({ state: 'failed', data: null, error: asApiError(error) });
      },
    );
    return () => ctrl.abort();
  }, [key, first]);
  return res;
}

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

/** A call's outcome; a failure carries the answer's HTTP status (null when no answer came). */
export type Submitted<T> = { ok: true; value: T } | { ok: false; status: number | null };

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
      if (err instanceof ApiRequestError && err.status !== null) {
        setMessage(err.message);
        setErrors(err.errors);
        return { ok: false, status: err.status };
      }
      setMessage(fallback);
      return { ok: false, status: null };
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, errors, setMessage, setErrors, run };
}
