import { afterEach, describe, expect, it, vi } from 'vitest';
import { VALIDATION_SUMMARY } from '../../contracts/values.ts';
import { ApiRequestError, ERRORS } from '../../machines/errors.ts';
import { makeToken } from './fixtures.ts';
import { createTestRequester, json } from './request-support.ts';

/** The request actor through the real ofetch client, over a scripted fetch (seed spec sections 7 and 8). */

const nowSeconds = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.useRealTimers();
});

describe('request headers (seed spec section 7)', () => {
  it('sends the bearer token, cookies, JSON, X-Requested-With and X-XSRF-TOKEN from the cookie', async () => {
    const t = createTestRequester(() => json(200, { ok: true }), {
      cookies: new Map([['XSRF-TOKEN', 'xsrf-value']]),
    });
    t.session.setToken('token-1');
    await t.request({ method: 'PUT', path: '/api/users/flag-up', body: { flag: 'savedFirstProfile' } });
    const call = t.calls[0]!;
    expect(call.headers.get('authorization')).toBe('Bearer token-1');
    expect(call.headers.get('x-requested-with')).toBe('XMLHttpRequest');
    expect(call.headers.get('x-xsrf-token')).toBe('xsrf-value');
    expect(call.headers.get('content-type')).toContain('application/json');
    expect(call.headers.get('accept')).toContain('application/json');
    expect(call.credentials).toBe('include');
    expect(call.body).toEqual({ flag: 'savedFirstProfile' });
  });
});

describe('expired token: refresh once and retry (seed spec section 8)', () => {
  it('ten requests that hit an expired token at once cause exactly one POST /api/refresh (fake timers)', async () => {
    vi.useFakeTimers();
    const expired = makeToken(nowSeconds() - 60);
    const fresh = makeToken(nowSeconds() + 3600);
    let refreshes = 0;
    const later = <T>(ms: number, value: () => T) => new Promise<T>((r) => setTimeout(() => r(value()), ms));
    const t = createTestRequester((url, init) => {
      const auth = init.headers.get('authorization');
      if (url === '/api/refresh') {
        refreshes += 1;
        expect(auth).toBe(`Bearer ${expired}`);
        return later(50, () => json(200, { access_token: fresh }));
      }
      if (auth === `Bearer ${fresh}`) return later(10, () => json(200, { id: url }));
      return later(10, () => json(401, { message: 'Unauthenticated.' }, { statusText: 'Unauthorized' }));
    });
    t.session.setToken(expired);
    const results = Promise.all(
      Array.from({ length: 10 }, (_, i) => t.request({ method: 'GET', path: `/api/things/${i + 1}` })),
    );
    await vi.advanceTimersByTimeAsync(200);
    const answers = await results;
    expect(refreshes).toBe(1);
    expect(answers.map((a) => a.data)).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ id: `/api/things/${i + 1}` })),
    );
    expect(t.session.getToken()).toBe(fresh);
    expect(t.deps.toastError).not.toHaveBeenCalled();
    expect(t.deps.navigate).not.toHaveBeenCalled();
  });

  it('a failed refresh removes the token and goes to / (and the call fails)', async () => {
    const expired = makeToken(nowSeconds() - 60);
    const t = createTestRequester((url) =>
      url === '/api/refresh'
        ? json(401, { message: 'Unauthenticated.' }, { statusText: 'Unauthorized' })
        : json(401, { message: 'Unauthenticated.' }, { statusText: 'Unauthorized' }),
    );
    t.session.setToken(expired);
    await expect(t.request({ method: 'GET', path: '/api/me' })).rejects.toMatchObject({ kind: 'session' });
    expect(t.session.getToken()).toBeNull();
    expect(t.deps.navigate).toHaveBeenCalledWith('/');
    expect(t.deps.onSessionExpired).toHaveBeenCalled();
  });

  it('without retry allowed an expired token is not refreshed', async () => {
    const expired = makeToken(nowSeconds() - 60);
    const t = createTestRequester(() =>
      json(401, { message: 'Unauthenticated.' }, { statusText: 'Unauthorized' }),
    );
    t.session.setToken(expired);
    await expect(t.request({ method: 'GET', path: '/api/me' }, { retry: false })).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(t.calls.map((c) => c.url)).toEqual(['/api/me']);
  });

  it('the retry happens once: a second 401 after the refresh ends the session', async () => {
    const expired = makeToken(nowSeconds() - 60);
    const t = createTestRequester((url) =>
      url === '/api/refresh'
        ? json(200, { access_token: makeToken(nowSeconds() + 60) })
        : json(401, { message: 'Unauthenticated.' }, { statusText: 'Unauthorized' }),
    );
    t.session.setToken(expired);
    await expect(t.request({ method: 'GET', path: '/api/me' })).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    expect(t.calls.map((c) => c.url)).toEqual(['/api/me', '/api/refresh', '/api/me']);
  });
});

describe('401, 419, 422 and other answers (seed spec section 8)', () => {
  it.each([
    ['statusText Unauthorized', { message: 'x' }, 'Unauthorized'],
    ["message 'Unauthenticated.'", { message: 'Unauthenticated.' }, ''],
  ])('401 with %s removes token and store, goes to / and toasts the expiry', async (_, body, statusText) => {
    const t = createTestRequester(() => json(401, body, { statusText }));
    t.session.setToken(makeToken(nowSeconds() + 3600));
    t.session.writeStore({ login: true, user: null, role: 'focustar', shop: null });
    await expect(t.request({ method: 'GET', path: '/api/me' })).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    expect(t.session.getToken()).toBeNull();
    expect(t.session.readStore()).toBeNull();
    expect(t.deps.navigate).toHaveBeenCalledWith('/');
    expect(t.deps.toastError).toHaveBeenCalledWith('認証期限が切れました。再ログインが必要です。');
  });

  it('419 fetches a fresh XSRF cookie and retries once', async () => {
    const cookies = new Map([['XSRF-TOKEN', 'stale']]);
    const t = createTestRequester(
      (url, init) => {
        if (url === '/api/csrf-cookie') {
          cookies.set('XSRF-TOKEN', 'fresh');
          return new Response(null, { status: 204 });
        }
        return init.headers.get('x-xsrf-token') === 'fresh'
          ? json(200, { message: '保存しました。' })
          : json(419, { message: 'ページの有効期限が切れました。もう一度お試しください。' });
      },
      { cookies },
    );
    const answer = await t.request({ method: 'POST', path: '/api/contact', body: { text: 'こんにちは' } });
    expect(answer.status).toBe(200);
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/contact',
      'GET /api/csrf-cookie',
      'POST /api/contact',
    ]);
    expect(t.deps.toastSuccess).toHaveBeenCalledWith('保存しました。');
  });

  it('a second 419 is shown and not retried again', async () => {
    const t = createTestRequester((url) =>
      url === '/api/csrf-cookie'
        ? new Response(null, { status: 204 })
        : json(419, { message: 'ページの有効期限が切れました。' }),
    );
    await expect(t.request({ method: 'POST', path: '/api/contact' })).rejects.toMatchObject({ status: 419 });
    expect(t.calls).toHaveLength(3);
    expect(t.deps.toastError).toHaveBeenCalledWith('ページの有効期限が切れました。');
  });

  it('422 shows one summary toast, not each field message, and rejects with the errors map for the form (issue 11)', async () => {
    const errors = {
      email: ['メールアドレスの形式が正しくありません。'],
      password: ['パスワードを入力してください。'],
    };
    const t = createTestRequester(() => json(422, { message: '入力内容に誤りがあります。', errors }));
    const failure = t.request({ method: 'POST', path: '/api/login', body: {} });
    await expect(failure).rejects.toMatchObject({ status: 422, errors });
    expect(t.deps.toastError).toHaveBeenCalledTimes(1);
    expect(t.deps.toastError).toHaveBeenCalledWith('入力内容に誤りがあります。');
  });

  it('422 with field errors and no message (or one that repeats a field) shows the generic summary once (issue 11)', async () => {
    const errors = {
      email: ['メールアドレスの形式が正しくありません。'],
      password: ['パスワードを入力してください。'],
    };
    const t = createTestRequester(() => json(422, { errors }));
    await expect(t.request({ method: 'POST', path: '/api/login', body: {} })).rejects.toMatchObject({
      errors,
    });
    expect(t.deps.toastError).toHaveBeenCalledTimes(1);
    expect(t.deps.toastError).toHaveBeenCalledWith(VALIDATION_SUMMARY);
  });

  it.each([
    [{ message: 'サーバーでエラーが発生しました。' }, 'サーバーでエラーが発生しました。'],
    [{ error: 'Bad Gateway' }, 'Bad Gateway'],
  ])('an error answer with message or error shows an error toast (%j)', async (body, shown) => {
    const t = createTestRequester(() => json(502, body));
    await expect(t.request({ method: 'GET', path: '/api/achievements' })).rejects.toMatchObject({
      status: 502,
    });
    expect(t.deps.toastError).toHaveBeenCalledWith(shown);
  });

  it('a quiet call shows no toast for its error answer but still rejects', async () => {
    const t = createTestRequester(() =>
      json(404, { message: 'お探しのページまたはデータは見つかりませんでした。' }),
    );
    await expect(
      t.request({ method: 'GET', path: '/api/achievements' }, { quiet: true }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(t.deps.toastError).not.toHaveBeenCalled();
  });

  it('a quiet call still ends an expired session and says so (401)', async () => {
    const t = createTestRequester(() =>
      json(401, { message: 'Unauthenticated.' }, { statusText: 'Unauthorized' }),
    );
    t.session.setToken(makeToken(nowSeconds() + 3600));
    await expect(t.request({ method: 'GET', path: '/api/me' }, { quiet: true })).rejects.toMatchObject({
      kind: 'unauthenticated',
    });
    expect(t.deps.toastError).toHaveBeenCalledWith(ERRORS.sessionExpired);
  });

  it('a network failure fails with a Japanese message', async () => {
    const t = createTestRequester(() => {
      throw new TypeError('fetch failed');
    });
    await expect(t.request({ method: 'GET', path: '/api/me' })).rejects.toMatchObject({
      kind: 'network',
      message: ERRORS.network,
    });
  });

  it("cancelling rejects with 'APIリクエストをキャンセルしました'", async () => {
    const t = createTestRequester(
      (_url, init) =>
        new Promise<Response>((_, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(Object.assign(new Error('aborted'), { name: 'AbortError' })),
          );
        }),
    );
    const controller = new AbortController();
    const pending = t.request({ method: 'GET', path: '/api/me' }, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({
      kind: 'cancelled',
      message: 'APIリクエストをキャンセルしました',
    });
    expect(t.deps.toastError).not.toHaveBeenCalled();
  });

  it('an X-App-Version that differs from the build flags an incorrect version (section 4)', async () => {
    const t = createTestRequester(() => json(200, {}, { version: 'v2' }), { appVersion: 'v1' });
    await t.request({ method: 'GET', path: '/api/me' });
    expect(t.deps.onVersionMismatch).toHaveBeenCalledWith('v2');
    const same = createTestRequester(() => json(200, {}, { version: 'v1' }), { appVersion: 'v1' });
    await same.request({ method: 'GET', path: '/api/me' });
    expect(same.deps.onVersionMismatch).not.toHaveBeenCalled();
  });
});
