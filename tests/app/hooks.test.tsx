// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeToken, makeUser } from '../machines/fixtures.ts';

/**
 * The app-wide actors and hooks as the app uses them: module-level actors (seed spec section 4
 * start-up) under React StrictMode, over a scripted fetch. Every test loads the app modules afresh
 * (new actors, new storage contents), so each one passes alone and in any order.
 */

const user = makeUser({ name: '佐藤 太郎' });
const oldToken = makeToken(Math.floor(Date.now() / 1000) - 10);
const newToken = makeToken(Math.floor(Date.now() / 1000) + 3600);
let calls: string[] = [];

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-app-version': 'server-build-2' },
  });

const fetchMock = vi.fn();
const scripted = async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
  calls.push(`${init.method ?? 'GET'} ${url}`);
  if (url === '/api/refresh') return answer(200, { access_token: newToken });
  if (url === '/api/me') return answer(200, user);
  if (url === '/api/logout') return answer(200, { message: 'ログアウトしました。' });
  return answer(404, { message: 'お探しのページまたはデータは見つかりませんでした。' });
};

let hooks: typeof import('../../src/platform/session/hooks.ts');
let actors: typeof import('../../src/platform/session/actors.ts');

/** A fresh app: storage as a returning user (or a guest) left it, then the modules (and their actors) loaded. */
async function startApp(as: 'returning user' | 'guest') {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  if (as === 'returning user') {
    localStorage.setItem('accessToken', oldToken);
    localStorage.setItem('store', JSON.stringify({ login: true, user, role: 'focustar', shop: null }));
  }
  localStorage.setItem('socialLoginProvider', 'line');
  calls = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(scripted);
  vi.resetModules();
  actors = await import('../../src/platform/session/actors.ts');
  hooks = await import('../../src/platform/session/hooks.ts');
}

beforeAll(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  actors?.sideMenuActor.stop();
  actors?.authActor.stop();
});

afterAll(() => {
  vi.unstubAllGlobals();
});

function Probe() {
  const auth = hooks.useAuth();
  const menu = hooks.useSideMenu();
  const mismatch = hooks.useVersionMismatch();
  return (
    <div>
      <p>{auth.initialLoading ? '読み込み中' : auth.login ? `ログイン中: ${auth.user?.name}` : 'ゲスト'}</p>
      <p>{`menu:${menu.open ? 'open' : 'closed'}:${menu.appearance}`}</p>
      <p>{mismatch ? 'version:mismatch' : 'version:same'}</p>
      <button type="button" onClick={() => menu.send({ type: 'menu.toggle' })}>
        メニュー
      </button>
    </div>
  );
}

async function renderSignedIn() {
  render(
    <StrictMode>
      <Probe />
    </StrictMode>,
  );
  await waitFor(() => expect(screen.getByText('ログイン中: 佐藤 太郎')).toBeTruthy());
}

describe('app actors and hooks (seed spec sections 3 and 4)', () => {
  it('start once under StrictMode: one refresh, one /api/me, the user restored (section 4 start-up)', async () => {
    await startApp('returning user');
    await renderSignedIn();
    expect(calls.filter((c) => c === 'POST /api/refresh')).toHaveLength(1);
    expect(calls.filter((c) => c === 'GET /api/me')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe(newToken);
  });

  it('deletes the legacy social-login items at start-up (section 3)', async () => {
    await startApp('guest');
    expect(localStorage.getItem('socialLoginProvider')).toBeNull();
  });

  it('the menu appearance follows the auth actor and the menu toggles (sections 2 and 4)', async () => {
    await startApp('returning user');
    await renderSignedIn();
    expect(screen.getByText('menu:closed:focustar')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'メニュー' }).click());
    expect(screen.getByText('menu:open:focustar')).toBeTruthy();
  });

  it('flags a server version that differs from the build (section 4)', async () => {
    await startApp('returning user');
    await renderSignedIn();
    expect(screen.getByText('version:mismatch')).toBeTruthy();
  });

  it('logout clears token and store and goes to /login (section 4)', async () => {
    await startApp('returning user');
    await renderSignedIn();
    await act(() => hooks.authActions.logout());
    expect(calls).toContain('POST /api/logout');
    expect(screen.getByText('ゲスト')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('store')).toBeNull();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByText(/menu:.*:guest/)).toBeTruthy();
  });

  it('login rejects with the API error so the form can show field messages (sections 5 and 8)', async () => {
    await startApp('guest');
    fetchMock.mockImplementationOnce(async () =>
      answer(422, {
        message: '入力内容に誤りがあります。',
        errors: { email: ['メールアドレスまたはパスワードが違います。'] },
      }),
    );
    await expect(hooks.authActions.login('a@example.com', 'wrong', null)).rejects.toMatchObject({
      status: 422,
      errors: { email: ['メールアドレスまたはパスワードが違います。'] },
    });
  });

  it("raising a flag while logged out rejects with 'ログインしていない状態で更新を行おうとしました' (section 4)", async () => {
    await startApp('guest');
    await expect(hooks.authActions.flagUp('savedFirstProfile')).rejects.toThrow(
      'ログインしていない状態で更新を行おうとしました',
    );
  });

  it('an invalid shop id is refused before any call (seed spec section 5)', async () => {
    await startApp('guest');
    const before = calls.length;
    await expect(hooks.authActions.loginShop(0)).rejects.toThrow('IDは1以上の整数である必要があります');
    expect(calls.length).toBe(before);
  });
});

describe('signing a returning visitor back in (issue 29, ADR 0200)', () => {
  it('is `restoring` while /api/me is on its way, for a returning user only (the header shows no buttons meanwhile)', async () => {
    await startApp('returning user');
    let answerMe: () => void = () => {};
    const meAnswered = new Promise<void>((r) => (answerMe = r));
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (url === '/api/me') await meAnswered;
      return scripted(input, init);
    });
    const seen: boolean[] = [];
    function Restoring() {
      const auth = hooks.useAuth();
      seen.push(auth.restoring);
      return <p>{auth.restoring ? '復元中' : auth.login ? 'ログイン中' : 'ゲスト'}</p>;
    }
    render(<Restoring />);
    expect(screen.getByText('復元中')).toBeTruthy();
    answerMe();
    await waitFor(() => expect(screen.getByText('ログイン中')).toBeTruthy());
    expect(seen.at(-1)).toBe(false);

    cleanup();
    await startApp('guest');
    render(<Restoring />);
    expect(screen.queryByText('復元中')).toBeNull();
  });
});
