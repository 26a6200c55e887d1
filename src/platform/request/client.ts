import { type $Fetch, ofetch } from 'ofetch';
import { session as defaultSession, type SessionStorage } from '../session/session-storage.ts';
import { readCookie } from './cookies.ts';

/** Seed spec section 7: the XSRF cookie and header names. */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export interface ApiClientOptions {
  session?: SessionStorage;
  /** Tests pass a fetch; the browser's is the default. */
  fetch?: typeof globalThis.fetch;
  baseURL?: string;
  readCookie?: (name: string) => string | null;
}

/**
 * The one ofetch instance (section 7): the bearer token from storage, cookies sent, JSON,
 * `X-Requested-With: XMLHttpRequest`, `X-XSRF-TOKEN` from the `XSRF-TOKEN` cookie, and no timeout.
 * No automatic retries either: the request actor decides when to retry (after a refresh or a 419).
 */
export function createApiClient(options: ApiClientOptions = {}): $Fetch {
  const store = options.session ?? defaultSession;
  const cookie = options.readCookie ?? ((name: string) => readCookie(name));
  return ofetch.create(
    {
      baseURL: options.baseURL ?? '',
      credentials: 'include',
      retry: false,
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      onRequest({ options: request }) {
        const headers = new Headers(request.headers);
        const token = store.getToken();
        if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
        const xsrf = cookie(XSRF_COOKIE);
        if (xsrf) headers.set(XSRF_HEADER, xsrf);
        request.headers = headers;
      },
    },
    options.fetch ? { fetch: options.fetch } : {},
  );
}

export const api: $Fetch = createApiClient();
