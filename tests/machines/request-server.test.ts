import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../server/db/seed.ts';
import { getMe } from '../../src/api/auth/get-me.ts';
import { login } from '../../src/api/auth/login.ts';
import { logout } from '../../src/api/auth/logout.ts';
import { createApiClient } from '../../src/api/client.ts';
import type { ApiRequestError } from '../../src/api/errors.ts';
import { getOAuthUrl } from '../../src/api/oauth/get-oauth-url.ts';
import { createTokenRefresher } from '../../src/api/refresh.ts';
import { configureRequests, type RequestDeps } from '../../src/api/request.ts';
import { getShop } from '../../src/api/shops/get-shop.ts';
import { getShopStatus } from '../../src/api/shops/get-shop-status.ts';
import { loginShop } from '../../src/api/shops/login-shop.ts';
import { flagUp } from '../../src/api/users/flag-up.ts';
import { createMemoryStorage, createSessionStorage } from '../../src/lib/session-storage.ts';
import { createTestApp, TEST_VERSION, type TestApp } from '../support/app.ts';
import { createInjectFetch } from '../support/inject-fetch.ts';

/**
 * The API call files and the request actor against the real Fastify app (through `inject`, with a
 * cookie jar like a browser's): seed spec sections 7 and 8 end to end.
 */

let t: TestApp;
let jar: Map<string, string>;
let seen: string[];
const session = createSessionStorage(createMemoryStorage());
let deps: RequestDeps;

beforeAll(async () => {
  t = await createTestApp('pglite', { APP_URL: 'http://localhost:3000' });
  await seedDemoData(t.database.db);
  const inject = createInjectFetch(t.app);
  jar = inject.jar;
  seen = inject.calls;
  const api = createApiClient({
    session,
    fetch: inject.fetch,
    readCookie: (name) => (jar.has(name) ? decodeURIComponent(jar.get(name)!) : null),
  });
  deps = {
    api,
    session,
    refresher: createTokenRefresher({ api, session }),
    appVersion: 'client-build',
    now: () => Date.now(),
    navigate: vi.fn(),
    toastError: vi.fn(),
    toastSuccess: vi.fn(),
    report: vi.fn(),
    onSessionExpired: vi.fn(),
    onVersionMismatch: vi.fn(),
  };
  configureRequests(deps);
});

afterAll(async () => {
  await t?.close();
});

describe('request layer against the real API (seed spec sections 7 and 8)', () => {
  it('a wrong password answers 422 and each field message is shown', async () => {
    const failure = login({ email: 'supporter@example.com', password: 'wrong-password' });
    await expect(failure).rejects.toMatchObject({ status: 422 });
    const error = (await failure.catch((e: unknown) => e)) as ApiRequestError;
    expect(Object.keys(error.errors)).toContain('email');
    expect(deps.toastError).toHaveBeenCalledWith(error.errors.email![0]);
  });

  it('the first unsafe call fetched the XSRF cookie after a 419 and retried', () => {
    expect(seen.slice(0, 3)).toEqual(['POST /api/login', 'GET /api/csrf-cookie', 'POST /api/login']);
    expect(jar.has('XSRF-TOKEN')).toBe(true);
  });

  it('logs in, then sends the bearer token: /api/me answers the user (parsed by the contract)', async () => {
    const answer = await login({ email: 'supporter@example.com', password: DEMO_PASSWORD });
    expect(answer.user.email).toBe('supporter@example.com');
    session.setToken(answer.access_token);
    const me = await getMe();
    expect(me.id).toBe(answer.user.id);
    expect(typeof me.email_verified).toBe('boolean');
  });

  it('flags the version when X-App-Version differs from the build (section 4)', () => {
    expect(deps.onVersionMismatch).toHaveBeenCalledWith(TEST_VERSION);
  });

  it('raises a flag with PUT /api/users/flag-up', async () => {
    const user = await flagUp('watchedFocustarRule');
    expect(user.flag_status.watchedFocustarRule).toBe(true);
  });

  it('concurrent refreshes share one POST /api/refresh, and the new token works', async () => {
    const before = seen.filter((s) => s === 'POST /api/refresh').length;
    const old = session.getToken();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => deps.refresher.refresh()));
    expect(seen.filter((s) => s === 'POST /api/refresh').length - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(old);
    expect((await getMe()).email).toBe('supporter@example.com');
  });

  it('a refresh in a new browser session (no XSRF cookie yet) gets a fresh cookie and succeeds', async () => {
    jar.delete('XSRF-TOKEN');
    const before = seen.length;
    const token = await deps.refresher.refresh();
    expect(seen.slice(before)).toEqual(['POST /api/refresh', 'GET /api/csrf-cookie', 'POST /api/refresh']);
    expect(session.getToken()).toBe(token);
  });

  it('reads a shop, its latest review status, and logs in as the shop (owner)', async () => {
    const owner = await login({ email: 'owner@example.com', password: DEMO_PASSWORD });
    session.setToken(owner.access_token);
    const shop = await getShop(1);
    expect(shop.id).toBe(1);
    const status = await getShopStatus(1);
    expect(typeof status.status).toBe('string');
    const entered = await loginShop(1);
    expect(entered.id).toBe(1);
  });

  it('an OAuth URL call for a provider that is not configured fails with the server message', async () => {
    const failure = getOAuthUrl('line');
    await expect(failure).rejects.toMatchObject({ status: 404 });
    const { message } = (await failure.catch((e: unknown) => e)) as ApiRequestError;
    expect(deps.toastError).toHaveBeenCalledWith(message);
  });

  it('logout answers 200; afterwards the old token gets 401: token and store removed, / and the toast', async () => {
    session.writeStore({ login: true, user: null, role: 'focustar', shop: null });
    await logout();
    await expect(getMe({ retry: false })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(session.getToken()).toBeNull();
    expect(session.readStore()).toBeNull();
    expect(deps.navigate).toHaveBeenCalledWith('/');
    expect(deps.toastError).toHaveBeenCalledWith('認証期限が切れました。再ログインが必要です。');
    expect(deps.onSessionExpired).toHaveBeenCalled();
  });
});
