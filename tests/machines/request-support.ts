import { vi } from 'vitest';
import { createApiClient } from '../../src/platform/request/client.ts';
import { createTokenRefresher } from '../../src/platform/request/refresh.ts';
import { createRequester, type RequestDeps } from '../../src/platform/request/request.ts';
import { createMemoryStorage, createSessionStorage } from '../../src/platform/session/session-storage.ts';

export type FetchHandler = (
  url: string,
  init: RequestInit & { headers: Headers },
) => Response | Promise<Response>;

export const json = (status: number, body: unknown, init: { statusText?: string; version?: string } = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    statusText: init.statusText ?? '',
    headers: { 'content-type': 'application/json', 'x-app-version': init.version ?? 'v1' },
  });

/** A request layer over a given fetch, with a memory session and spies for every UI effect. */
export function createTestRequester(
  fetchImpl: FetchHandler,
  options: { cookies?: Map<string, string>; appVersion?: string; now?: () => number } = {},
) {
  const session = createSessionStorage(createMemoryStorage());
  const calls: { method: string; url: string; headers: Headers; body: unknown; credentials: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init.headers);
    calls.push({
      method: init.method ?? 'GET',
      url,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      credentials: init.credentials,
    });
    return fetchImpl(url, { ...init, headers });
  }) as typeof globalThis.fetch;
  const cookies = options.cookies ?? new Map<string, string>();
  const api = createApiClient({ session, fetch, readCookie: (n) => cookies.get(n) ?? null });
  const deps: RequestDeps = {
    api,
    session,
    refresher: createTokenRefresher({ api, session, ...(options.now ? { now: options.now } : {}) }),
    appVersion: options.appVersion ?? 'v1',
    now: options.now ?? (() => Date.now()),
    navigate: vi.fn(),
    toastError: vi.fn(),
    toastSuccess: vi.fn(),
    report: vi.fn(),
    onSessionExpired: vi.fn(),
    onVersionMismatch: vi.fn(),
  };
  return { request: createRequester(deps), deps, session, calls, cookies };
}
