import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_SUMMARY } from '../../contracts/values.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { getMe } from '../../src/platform/session/api/auth/get-me.ts';
import { login } from '../../src/platform/session/api/auth/login.ts';
import { logout } from '../../src/platform/session/api/auth/logout.ts';
import { createApiClient } from '../../src/platform/request/client.ts';
import type { ApiRequestError } from '../../machines/errors.ts';
import { getOAuthUrl } from '../../src/platform/session/api/oauth/get-oauth-url.ts';
import { createTokenRefresher } from '../../src/platform/request/refresh.ts';
import { configureRequests, type RequestDeps } from '../../src/platform/request/request.ts';
import { getShop } from '../../src/platform/session/api/shops/get-shop.ts';
import { getShopStatus } from '../../src/platform/session/api/shops/get-shop-status.ts';
import { loginShop } from '../../src/platform/session/api/shops/login-shop.ts';
import { flagUp } from '../../src/platform/session/api/users/flag-up.ts';
import { createMemoryStorage, createSessionStorage } from '../../src/platform/session/session-storage.ts';
import { createTestApp, TEST_VERSION, type TestApp } from '../support/app.ts';
import { createInjectFetch } from '../support/inject-fetch.ts';

/**
 * The API call files and the request actor against the real Fastify app (through `inject`, with a
 * cookie jar like a browser's): seed spec sections 7 and 8 end to end. The app and its database are
 * shared; every test starts a fresh browser session (cookie jar, storage, UI spies), so each one
 * passes alone and in any order.
 */

let t: TestApp;
let jar: Map<string, string>;
let seen: string[];
let session: ReturnType<typeof createSessionStorage>;
let deps: RequestDeps;

beforeAll(async () => {
  t = await createTestApp('pglite', { APP_URL: 'http://localhost:3000' });
  await seedDemoData(t.database.db);
});

beforeEach(() => {
  const inject = createInjectFetch(t.app);
  jar = inject.jar;
  seen = inject.calls;
  session = createSessionStorage(createMemoryStorage());
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

/** Logs in through the API (section 7) and keeps the token, as the login form does. */
async function signIn(email = 'supporter@example.com') {
  const answer = await login({ email, password: DEMO_PASSWORD });
  session.setToken(answer.access_token);
  return answer;
}

describe('request layer against the real API (seed spec sections 7 and 8)', () => {
  it('a wrong password answers 422: the field message goes to the form, one summary toast (issue 11)', async () => {
    const failure = login({ email: 'supporter@example.com', password: 'wrong-password' });
    await expect(failure).rejects.toMatchObject({ status: 422 });
    const error = (await failure.catch((e: unknown) => e)) as ApiRequestError;
    expect(Object.keys(error.errors)).toContain('email');
    expect(error.errors.email![0]).toBeTruthy();
    expect(deps.toastError).toHaveBeenCalledTimes(1);
    expect(deps.toastError).toHaveBeenCalledWith(VALIDATION_SUMMARY);
  });

  it('the first unsafe call of a browser session fetches the XSRF cookie after a 419 and retries (section 7)', async () => {
    await signIn();
    expect(seen.slice(0, 3)).toEqual(['POST /api/login', 'GET /api/csrf-cookie', 'POST /api/login']);
    expect(jar.has('XSRF-TOKEN')).toBe(true);
  });

  it('logs in, then sends the bearer token: /api/me answers the user (parsed by the contract)', async () => {
    const answer = await signIn();
    expect(answer.user.email).toBe('supporter@example.com');
    const me = await getMe();
    expect(me.id).toBe(answer.user.id);
    expect(typeof me.email_verified).toBe('boolean');
  });

  it('flags the version when X-App-Version differs from the build (section 4)', async () => {
    await signIn();
    expect(deps.onVersionMismatch).toHaveBeenCalledWith(TEST_VERSION);
  });

  it('raises a flag with PUT /api/users/flag-up (section 7)', async () => {
    await signIn();
    const user = await flagUp('watchedFocustarRule');
    expect(user.flag_status.watchedFocustarRule).toBe(true);
  });

  it('concurrent refreshes share one POST /api/refresh, and the new token works (section 8)', async () => {
    await signIn();
    const before = seen.filter((s) => s === 'POST /api/refresh').length;
    const old = session.getToken();
    const tokens = await Promise.all(Array.from({ length: 10 }, () => deps.refresher.refresh()));
    expect(seen.filter((s) => s === 'POST /api/refresh').length - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(old);
    expect((await getMe()).email).toBe('supporter@example.com');
  });

  it('a refresh in a new browser session (no XSRF cookie yet) gets a fresh cookie and succeeds (section 7)', async () => {
    await signIn();
    jar.delete('XSRF-TOKEN');
    const before = seen.length;
    const token = await deps.refresher.refresh();
    expect(seen.slice(before)).toEqual(['POST /api/refresh', 'GET /api/csrf-cookie', 'POST /api/refresh']);
    expect(session.getToken()).toBe(token);
  });

  it('reads a shop, its latest review status, and logs in as the shop (owner) (section 7)', async () => {
    await signIn('owner@example.com');
    const shop = await getShop(1);
    expect(shop.id).toBe(1);
    const status = await getShopStatus(1);
    expect(typeof status.status).toBe('string');
    const entered = await loginShop(1);
    expect(entered.id).toBe(1);
  });

  it('an OAuth URL call for a provider that is not configured fails with the server message (section 8)', async () => {
    const failure = getOAuthUrl('line');
    await expect(failure).rejects.toMatchObject({ status: 404 });
    const { message } = (await failure.catch((e: unknown) => e)) as ApiRequestError;
    expect(deps.toastError).toHaveBeenCalledWith(message);
  });

  it('logout answers 200; afterwards the old token gets 401: token and store removed, / and the toast (section 8)', async () => {
    await signIn();
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
