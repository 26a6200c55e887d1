import type { $Fetch } from 'ofetch';
import type { SessionStorage } from '../session/session-storage.ts';
import { ApiRequestError, ERRORS } from '../../../machines/errors.ts';
import { isTokenExpired } from './token.ts';
import { noteEarlyRefreshed, takeEarlyRefresh } from '../session/early-session.ts';

export const REFRESH_PATH = '/api/refresh';
export const CSRF_COOKIE_PATH = '/api/csrf-cookie';

export interface TokenRefresher {
  /**
   * Exchanges the stored token for a new one (POST /api/refresh with the old token as bearer).
   * Concurrent callers share one call (section 8: "refresh once"); a caller whose token was
   * already replaced by a finished refresh gets the new token without another call.
   */
  refresh(sentToken?: string | null): Promise<string>;
}

export function createTokenRefresher(deps: {
  api: $Fetch;
  session: SessionStorage;
  now?: () => number;
}): TokenRefresher {
  let inflight: Promise<string> | null = null;
  const now = deps.now ?? Date.now;
  return {
    refresh(sentToken) {
      const current = deps.session.getToken();
      if (sentToken && current && current !== sentToken && !isTokenExpired(current, now())) {
        return Promise.resolve(current);
      }
      if (inflight) return inflight;
      inflight = (async () => {
        const old = deps.session.getToken();
        if (!old) throw new ApiRequestError(ERRORS.sessionExpired, 'session', 401);
        const post = () =>
          deps.api(REFRESH_PATH, { method: 'POST', headers: { Authorization: `Bearer ${old}` } });
        // ADR 0190: the refresh the page's inline script began with this token, when there is one and it
        // succeeded; otherwise (no XSRF cookie yet, a failure) the call is made here, as before.
        const early = takeEarlyRefresh(old);
        let answer: unknown = early ? await early.catch(() => null) : null;
        const fromEarly = answer !== null;
        if (!fromEarly) {
          try {
            answer = await post();
          } catch (error) {
            // NOTE: the XSRF cookie lives for the browser session while the token is kept in storage, so
            // the start-up refresh of a new session meets a 419 first: fetch a fresh cookie, retry once.
            if ((error as { status?: number }).status !== 419) throw error;
            await deps.api(CSRF_COOKIE_PATH);
            answer = await post();
          }
        }
        // The shape of contracts' refreshResponseSchema, checked by hand: the start-up refresh must not
        // load zod before the first paint (ADR 0038).
        const token = (answer as { access_token?: unknown } | null)?.access_token;
        if (typeof token !== 'string') throw new ApiRequestError(ERRORS.unexpectedAnswer, 'invalid-answer');
        deps.session.setToken(token);
        if (fromEarly) noteEarlyRefreshed(token);
        return token;
      })().finally(() => {
        inflight = null;
      });
      return inflight;
    },
  };
}
