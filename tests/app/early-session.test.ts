import type { $Fetch } from 'ofetch';
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_SESSION_KEY } from '../../contracts/values.ts';
import { createTokenRefresher } from '../../src/platform/request/refresh.ts';
import { takeEarlyMe } from '../../src/platform/session/early-session.ts';
import { createMemoryStorage, createSessionStorage } from '../../src/platform/session/session-storage.ts';

/**
 * Issue 29 (ADR 0190): the start-up refresh and `GET /api/me` the page's inline script began (seed spec
 * section 4) are taken over by the app once, for the token they started from; otherwise the app calls.
 */
const globals = globalThis as unknown as { window?: Record<string, unknown> };

function setup(early: { token: string; refresh: Promise<unknown>; me: Promise<unknown> } | null) {
  globals.window = early ? { [EARLY_SESSION_KEY]: early } : {};
  const session = createSessionStorage(createMemoryStorage());
  session.setToken('old-token');
  const calls: string[] = [];
  const api = (async (path: string) => {
    calls.push(path);
    return { access_token: 'called-token' };
  }) as unknown as $Fetch;
  return { session, calls, refresher: createTokenRefresher({ api, session }) };
}

afterEach(() => {
  delete globals.window;
});

describe('the early start-up calls (issue 29, ADR 0190)', () => {
  it("takes the early refresh's token instead of calling, then the early me for that token, each once", async () => {
    const me = Promise.resolve({ id: 1 });
    const { session, calls, refresher } = setup({
      token: 'old-token',
      refresh: Promise.resolve({ access_token: 'early-token' }),
      me,
    });
    await expect(refresher.refresh()).resolves.toBe('early-token');
    expect(session.getToken()).toBe('early-token');
    expect(calls).toEqual([]);
    expect(takeEarlyMe('other-token')).toBeNull();
    expect(takeEarlyMe('early-token')).toBe(me);
    expect(takeEarlyMe('early-token')).toBeNull();
    // The next refresh (a 401 later on) is the app's own call.
    await expect(refresher.refresh()).resolves.toBe('called-token');
    expect(calls).toEqual(['/api/refresh']);
  });

  it('calls itself when the early refresh failed, or began with another token, and then takes no early me', async () => {
    const failed = setup({ token: 'old-token', refresh: Promise.reject(new Error('419')), me: Promise.resolve({}) });
    await expect(failed.refresher.refresh()).resolves.toBe('called-token');
    expect(failed.calls).toEqual(['/api/refresh']);
    expect(takeEarlyMe('called-token')).toBeNull();

    const other = setup({
      token: 'token-of-another-tab',
      refresh: Promise.resolve({ access_token: 'early-token' }),
      me: Promise.resolve({}),
    });
    await expect(other.refresher.refresh()).resolves.toBe('called-token');
    expect(other.calls).toEqual(['/api/refresh']);
  });

  it('calls as before when the page began nothing (a guest page, no XSRF cookie yet)', async () => {
    const { calls, refresher } = setup(null);
    await expect(refresher.refresh()).resolves.toBe('called-token');
    expect(calls).toEqual(['/api/refresh']);
  });
});
