import type { $Fetch } from 'ofetch';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  EARLY_SESSION_KEY,
  SESSION_STORE_STORAGE_KEY,
} from '../../contracts/values.ts';
import { EARLY_SESSION_SCRIPT } from '../../server/platform/first-paint.ts';
import { createTokenRefresher } from '../../src/platform/request/refresh.ts';
import { createRequester, requestDeps } from '../../src/platform/request/request.ts';
import { takeEarlyMe, takeEarlyRead } from '../../src/platform/session/early-session.ts';
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
    const failed = setup({
      token: 'old-token',
      refresh: Promise.reject(new Error('419')),
      me: Promise.resolve({}),
    });
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

/**
 * Issue 29 (ADR 0203): the page's first script also begins the first reads of the screen a returning
 * visitor's path and remembered mode draw (`EARLY_READS`: `/` in advertiser mode is the shop switch, seed
 * spec section 2), with the token its refresh gave; the request layer takes each over once, for that token.
 */
describe('the early reads of the first screen (issue 29, ADR 0203)', () => {
  interface Sent {
    path: string;
    authorization: string | undefined;
  }

  /** Runs the page's first script in a stand-in browser: storage, cookie, location and fetch. */
  async function runScript(options: {
    path: string;
    store: unknown;
    token?: string | null;
    cookie?: string;
  }) {
    const sent: Sent[] = [];
    const storage: Record<string, string> = {};
    if (options.token !== null) storage[ACCESS_TOKEN_STORAGE_KEY] = options.token ?? 'old-token';
    if (options.store !== undefined) storage[SESSION_STORE_STORAGE_KEY] = JSON.stringify(options.store);
    const window: Record<string, unknown> = {};
    const fetch = async (path: string, init: { headers: Record<string, string> }) => {
      sent.push({ path, authorization: init.headers.Authorization });
      const body = path === '/api/refresh' ? { access_token: 'early-token' } : { path };
      return { ok: true, status: 200, json: async () => body };
    };
    const attributes: Record<string, string> = {};
    const document = {
      cookie: options.cookie ?? 'XSRF-TOKEN=csrf',
      documentElement: { setAttribute: (name: string, value: string) => void (attributes[name] = value) },
    };
    const localStorage = { getItem: (key: string) => storage[key] ?? null };
    // The script is the server's inline script, run as the browser runs it (its globals are `window`'s).
    new Function('window', 'document', 'localStorage', 'location', 'fetch', EARLY_SESSION_SCRIPT)(
      window,
      document,
      localStorage,
      { pathname: options.path },
      fetch,
    );
    const early = window[EARLY_SESSION_KEY] as {
      me: Promise<unknown>;
      reads?: Record<string, Promise<unknown>>;
    };
    if (early) await Promise.all([early.me, ...Object.values(early.reads ?? {})]).catch(() => {});
    return { sent, early, attributes };
  }

  const owner = { login: true, role: 'shop', user: null, shop: null };

  it("begins GET /api/myShops for an owner in advertiser mode at /, with the refresh's new token, beside me", async () => {
    const { sent } = await runScript({ path: '/', store: owner });
    expect(sent).toEqual([
      { path: '/api/refresh', authorization: 'Bearer old-token' },
      { path: '/api/me', authorization: 'Bearer early-token' },
      { path: '/api/myShops', authorization: 'Bearer early-token' },
    ]);
  });

  it("ADR 0214: begins the first reads of a supporter's /advertisements and /history, and of an owner's /history", async () => {
    const supporter = { ...owner, role: 'focustar' };
    const early = (path: string) => [
      { path: '/api/refresh', authorization: 'Bearer old-token' },
      { path: '/api/me', authorization: 'Bearer early-token' },
      { path, authorization: 'Bearer early-token' },
    ];
    // Seed spec section 2: 拡散依頼の確認 shows the supporter's units and balance; 報酬・お支払い履歴 their
    // payouts and rewards in supporter mode, the shop's billing in advertiser mode.
    const units = await runScript({ path: '/advertisements', store: supporter });
    expect(units.sent).toEqual([...early('/api/units'), early('/api/rewards')[2]]);
    expect(Object.keys(units.early.reads ?? {})).toEqual(['/api/units', '/api/rewards']);
    const history = await runScript({ path: '/history', store: supporter });
    expect(history.sent).toEqual([...early('/api/payments'), early('/api/rewards')[2]]);
    expect((await runScript({ path: '/history', store: owner })).sent).toEqual(early('/api/billing'));
  });

  it("ADR 0215: marks the mode the store remembers, for the frame's head: shop mode only, with a session only", async () => {
    expect((await runScript({ path: '/history', store: owner })).attributes).toEqual({
      'data-session': '',
      'data-mode': 'shop',
    });
    expect((await runScript({ path: '/history', store: { ...owner, role: 'focustar' } })).attributes).toEqual(
      {
        'data-session': '',
      },
    );
    expect((await runScript({ path: '/history', store: '{not json' })).attributes).toEqual({
      'data-session': '',
    });
    expect((await runScript({ path: '/history', store: owner, token: null })).attributes).toEqual({});
  });

  it('begins no other read: supporter mode, another path, a store not signed in, a broken store, no cookie', async () => {
    const onlyMe = [
      { path: '/api/refresh', authorization: 'Bearer old-token' },
      { path: '/api/me', authorization: 'Bearer early-token' },
    ];
    expect((await runScript({ path: '/', store: { ...owner, role: 'focustar' } })).sent).toEqual(onlyMe);
    expect((await runScript({ path: '/admin-menu', store: owner })).sent).toEqual(onlyMe);
    expect((await runScript({ path: '/advertisements', store: owner })).sent).toEqual(onlyMe);
    expect((await runScript({ path: '/', store: { ...owner, login: false } })).sent).toEqual(onlyMe);
    expect((await runScript({ path: '/', store: { ...owner, role: 'constructor' } })).sent).toEqual(onlyMe);
    expect((await runScript({ path: '/', store: '{not json' })).sent).toEqual(onlyMe);
    // No XSRF cookie yet (a new browser session) or no token: nothing starts, as before.
    expect((await runScript({ path: '/', store: owner, cookie: '' })).sent).toEqual([]);
    expect((await runScript({ path: '/', store: owner, token: null })).sent).toEqual([]);
  });

  it("the request layer takes the early read once, for the early refresh's token only, and calls when it failed", async () => {
    const read = Promise.resolve([{ id: 1 }]);
    globals.window = {
      [EARLY_SESSION_KEY]: {
        token: 'old-token',
        refresh: null,
        me: null,
        refreshed: 'early-token',
        reads: { '/api/myShops': read, '/api/broken': Promise.reject(new Error('500')) },
      },
    };
    expect(takeEarlyRead('/api/myShops', 'token-of-another-tab')).toBeNull();
    expect(takeEarlyRead('/api/other', 'early-token')).toBeNull();

    const session = createSessionStorage(createMemoryStorage());
    session.setToken('early-token');
    const called: string[] = [];
    const api = Object.assign(async () => ({}), {
      raw: async (path: string) => {
        called.push(path);
        return { status: 200, statusText: 'OK', _data: { called: path }, headers: new Headers() };
      },
    }) as unknown as $Fetch;
    const request = createRequester({
      ...requestDeps,
      api,
      session,
      refresher: createTokenRefresher({ api, session }),
    });
    await expect(request({ method: 'GET', path: '/api/myShops' })).resolves.toEqual({
      status: 200,
      data: [{ id: 1 }],
    });
    expect(called).toEqual([]);
    // Taken once: the next read of the path is a call.
    await expect(request({ method: 'GET', path: '/api/myShops' })).resolves.toEqual({
      status: 200,
      data: { called: '/api/myShops' },
    });
    // A read that failed in the page is made again by the app.
    await expect(request({ method: 'GET', path: '/api/broken' })).resolves.toEqual({
      status: 200,
      data: { called: '/api/broken' },
    });
    expect(called).toEqual(['/api/myShops', '/api/broken']);
  });

  it('ADR 0214: a call with an empty query takes the early read; one with a query calls', async () => {
    globals.window = {
      [EARLY_SESSION_KEY]: {
        token: 'old-token',
        refresh: null,
        me: null,
        refreshed: 'early-token',
        reads: {
          '/api/units': Promise.resolve({ items: ['early'] }),
          '/api/rewards': Promise.resolve({ r: 1 }),
        },
      },
    };
    const session = createSessionStorage(createMemoryStorage());
    session.setToken('early-token');
    const called: string[] = [];
    const api = Object.assign(async () => ({}), {
      raw: async (path: string) => {
        called.push(path);
        return { status: 200, statusText: 'OK', _data: { called: path }, headers: new Headers() };
      },
    }) as unknown as $Fetch;
    const request = createRequester({
      ...requestDeps,
      api,
      session,
      refresher: createTokenRefresher({ api, session }),
    });
    await expect(request({ method: 'GET', path: '/api/units', query: {} })).resolves.toEqual({
      status: 200,
      data: { items: ['early'] },
    });
    // `?cursor=…` is another read than the page's: called, and the page's stays for the call without one.
    await expect(request({ method: 'GET', path: '/api/rewards', query: { cursor: '5' } })).resolves.toEqual({
      status: 200,
      data: { called: '/api/rewards' },
    });
    await expect(request({ method: 'GET', path: '/api/rewards' })).resolves.toEqual({
      status: 200,
      data: { r: 1 },
    });
    expect(called).toEqual(['/api/rewards']);
  });
});
