import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type AuthInput, authMachine } from '../../machines/authMachine.ts';
import { ApiRequestError, ERRORS } from '../../machines/errors.ts';
import type { StoredSession } from '../../machines/session.ts';
import { makeShop, makeUser } from './fixtures.ts';

/** Unit tests of the auth actor with its calls swapped by `machine.provide` (seed spec section 4). */

function setupAuth(
  input: AuthInput,
  calls: Partial<Record<string, (input: never) => Promise<unknown>>> = {},
) {
  const effects = {
    persist: vi.fn(),
    storeToken: vi.fn(),
    clearSession: vi.fn(),
    removeReferralShopId: vi.fn(),
    navigate: vi.fn(),
    redirect: vi.fn(),
    scrollToTop: vi.fn(),
    storeOAuthMode: vi.fn(),
    report: vi.fn(),
    toastError: vi.fn(),
  };
  const never = () => new Promise<never>(() => {});
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each fake stands in for a differently typed call
  const actor = (name: string): any =>
    fromPromise(
      ({ input }: { input: never }) => (calls[name] ? calls[name](input) : never()) as Promise<never>,
    );
  const logic = authMachine.provide({
    actors: {
      refreshToken: actor('refreshToken'),
      fetchMe: actor('fetchMe'),
      login: actor('login'),
      logout: actor('logout'),
      fetchShop: actor('fetchShop'),
      loginShop: actor('loginShop'),
      flagUp: actor('flagUp'),
      oauthUrl: actor('oauthUrl'),
    },
    actions: {
      persist: (_, p) => effects.persist(p.session),
      storeToken: (_, p) => effects.storeToken(p.token),
      clearSession: () => effects.clearSession(),
      removeReferralShopId: () => effects.removeReferralShopId(),
      navigate: (_, p) => effects.navigate(p.to),
      redirect: (_, p) => effects.redirect(p.url),
      scrollToTop: () => effects.scrollToTop(),
      storeOAuthMode: (_, p) => effects.storeOAuthMode(p.mode),
      report: (_, p) => effects.report(p.message),
      toastError: (_, p) => effects.toastError(p.message),
    },
  });
  const a = createActor(logic, { input });
  a.start();
  return { actor: a, effects };
}

const signedIn = async (overrides: Parameters<typeof makeUser>[0] = {}, calls = {}) => {
  const user = makeUser(overrides);
  const ctx = setupAuth(
    { token: 'tok', stored: null },
    { refreshToken: async () => 'tok2', fetchMe: async () => user, ...calls },
  );
  await waitFor(ctx.actor, (s) => s.matches('signedIn'));
  return { ...ctx, user };
};

describe('authMachine start-up (seed spec section 4)', () => {
  it('without a stored token initialises as logged out and finishes the initial loading', () => {
    const { actor } = setupAuth({ token: null, stored: null });
    const s = actor.getSnapshot();
    expect(s.value).toBe('signedOut');
    expect(s.context).toMatchObject({
      login: false,
      user: null,
      role: 'focustar',
      shop: null,
      initialLoading: false,
    });
  });

  it('with a token refreshes it, restores the stored user and shop, then fetches /api/me', async () => {
    const storedUser = makeUser({ name: '保存されたユーザー' });
    const shop = makeShop();
    const stored: StoredSession = { login: true, user: storedUser, role: 'shop', shop };
    const fresh = makeUser({ name: '最新のユーザー' });
    let resolveMe: (u: typeof fresh) => void = () => {};
    const { actor, effects } = setupAuth(
      { token: 'old', stored },
      {
        refreshToken: async (input: { token: string }) => (input.token === 'old' ? 'new' : 'wrong'),
        fetchMe: () => new Promise((r) => (resolveMe = r)),
      },
    );
    expect(actor.getSnapshot().context.initialLoading).toBe(true);
    await waitFor(actor, (s) => s.matches({ restoring: 'fetchingUser' }));
    expect(effects.storeToken).toHaveBeenCalledWith('new');
    expect(actor.getSnapshot().context).toMatchObject({ user: storedUser, shop, role: 'shop', token: 'new' });
    resolveMe(fresh);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(actor.getSnapshot().context).toMatchObject({ user: fresh, login: true, initialLoading: false });
    expect(effects.persist).toHaveBeenLastCalledWith({ login: true, user: fresh, role: 'shop', shop });
  });

  it.each(['refreshToken', 'fetchMe'])('logs out when %s fails: store cleared, /login', async (failing) => {
    const { actor, effects } = setupAuth(
      { token: 'old', stored: null },
      {
        refreshToken: async () => {
          if (failing === 'refreshToken') throw new Error('401');
          return 'new';
        },
        fetchMe: async () => {
          throw new Error('401');
        },
      },
    );
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(effects.clearSession).toHaveBeenCalled();
    expect(effects.navigate).toHaveBeenCalledWith('/login');
    expect(actor.getSnapshot().context).toMatchObject({ user: null, token: null, initialLoading: false });
  });
});

describe('authMachine login and logout (seed spec section 4)', () => {
  it('"remember me" on the login form reaches the login call (issue 10: tokens in the browser)', async () => {
    const login = vi.fn(async () => ({ user: makeUser({ email_verified: true }), access_token: 'jwt' }));
    const { actor } = setupAuth({ token: null, stored: null }, { login });
    actor.send({ type: 'auth.submitLogin', email: 'a@example.com', password: 'pw', remember: true });
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(login).toHaveBeenCalledWith({
      email: 'a@example.com',
      password: 'pw',
      recaptchaToken: null,
      remember: true,
    });
  });

  it('login sets the user, login = email_verified, stores the token, drops referralShopId, persists', async () => {
    const user = makeUser({ email_verified: true });
    const login = vi.fn(async () => ({ user, access_token: 'jwt' }));
    const { actor, effects } = setupAuth({ token: null, stored: null }, { login });
    actor.send({
      type: 'auth.submitLogin',
      email: 'a@example.com',
      password: 'pw',
      recaptchaToken: 'captcha',
    });
    expect(actor.getSnapshot().context.loading).toBe(true);
    await waitFor(actor, (s) => s.matches('signedIn'));
    expect(login).toHaveBeenCalledWith({
      email: 'a@example.com',
      password: 'pw',
      recaptchaToken: 'captcha',
      remember: false,
    });
    expect(actor.getSnapshot().context).toMatchObject({ user, login: true, token: 'jwt', loading: false });
    expect(effects.storeToken).toHaveBeenCalledWith('jwt');
    expect(effects.removeReferralShopId).toHaveBeenCalledTimes(1);
    expect(effects.persist).toHaveBeenLastCalledWith({ login: true, user, role: 'focustar', shop: null });
  });

  it('an unverified user is not `login` and keeps referralShopId', () => {
    const user = makeUser({ email_verified: false });
    const { actor, effects } = setupAuth({ token: null, stored: null });
    actor.send({ type: 'auth.login', user });
    expect(actor.getSnapshot().context).toMatchObject({ user, login: false, token: null });
    expect(effects.storeToken).not.toHaveBeenCalled();
    expect(effects.removeReferralShopId).not.toHaveBeenCalled();
  });

  it('start-up with the user now verified (the verification link) drops referralShopId; unverified keeps it (seed spec section 3, issue 12)', async () => {
    const verified = await signedIn({ email_verified: true });
    expect(verified.effects.removeReferralShopId).toHaveBeenCalledTimes(1);
    const unverified = await signedIn({ email_verified: false });
    expect(unverified.effects.removeReferralShopId).not.toHaveBeenCalled();
  });

  it('a login answer applies even while the start-up refresh is running (OAuth callback)', () => {
    const user = makeUser();
    const { actor, effects } = setupAuth({ token: 'stale', stored: null });
    expect(actor.getSnapshot().matches('restoring')).toBe(true);
    actor.send({ type: 'auth.login', user, accessToken: 'oauth-token' });
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({
      user,
      login: true,
      token: 'oauth-token',
      initialLoading: false,
    });
    expect(effects.storeToken).toHaveBeenCalledWith('oauth-token');
  });

  it('a failed login keeps the API error for the form (422 field messages)', async () => {
    const error = new ApiRequestError('入力内容に誤りがあります。', 'http', 422, {
      email: ['認証情報が一致しません。'],
    });
    const { actor } = setupAuth({ token: null, stored: null }, { login: async () => Promise.reject(error) });
    actor.send({ type: 'auth.submitLogin', email: 'a@example.com', password: 'bad' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context.loginError).toBe(error);
    expect(actor.getSnapshot().context.loading).toBe(false);
  });

  it.each([
    ['succeeds', async () => undefined],
    ['fails', async () => Promise.reject(new Error('500'))],
  ])('logout clears token and store and goes to /login when the call %s', async (_, logout) => {
    const { actor, effects } = await signedIn({}, { logout });
    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(effects.clearSession).toHaveBeenCalledTimes(1);
    expect(effects.navigate).toHaveBeenCalledWith('/login');
    expect(actor.getSnapshot().context).toMatchObject({
      login: false,
      user: null,
      role: 'focustar',
      shop: null,
    });
  });
});

describe('authMachine user, shop and flags (seed spec section 4)', () => {
  it('refreshing the user without a token logs out', async () => {
    const { actor, effects } = await signedIn();
    actor.send({ type: 'auth.tokenChanged', token: null });
    actor.send({ type: 'auth.refreshUser' });
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(effects.navigate).toHaveBeenCalledWith('/login');
  });

  it("a failed user refresh shows 'ユーザー情報が取得できませんでした。' (section 8)", async () => {
    let calls = 0;
    const { actor, effects } = await signedIn(
      {},
      {
        fetchMe: async () => {
          calls += 1;
          if (calls > 1) throw new Error('500');
          return makeUser();
        },
      },
    );
    actor.send({ type: 'auth.refreshUser' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(effects.toastError).toHaveBeenCalledWith(ERRORS.userFetchFailed);
    expect(effects.report).toHaveBeenCalledWith(ERRORS.userFetchFailed);
  });

  it('refreshing the shop with no shop id sets role focustar and clears the shop', async () => {
    const { actor, effects } = await signedIn();
    actor.send({ type: 'auth.setRole', role: 'shop' });
    actor.send({ type: 'auth.refreshShop' });
    expect(actor.getSnapshot().context).toMatchObject({ role: 'focustar', shop: null });
    expect(effects.persist).toHaveBeenLastCalledWith(
      expect.objectContaining({ role: 'focustar', shop: null }),
    );
  });

  it("refreshing a selected shop fetches it; a failure shows 'ショップ情報が取得できませんでした。'", async () => {
    const updated = makeShop({ name: '更新後' });
    const fetchShop = vi.fn(async () => updated);
    const { actor } = await signedIn({}, { fetchShop });
    actor.send({ type: 'auth.setShop', shop: makeShop() });
    actor.send({ type: 'auth.refreshShop' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(fetchShop).toHaveBeenCalledWith({ shopId: 1 });
    expect(actor.getSnapshot().context.shop).toEqual(updated);

    const failing = await signedIn({}, { fetchShop: async () => Promise.reject(new Error('404')) });
    failing.actor.send({ type: 'auth.setShop', shop: makeShop() });
    failing.actor.send({ type: 'auth.refreshShop' });
    await waitFor(failing.actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(failing.effects.toastError).toHaveBeenCalledWith(ERRORS.shopFetchFailed);
  });

  it('shop login sets the current shop, switches to shop mode and scrolls to top', async () => {
    const shop = makeShop({ id: 12 });
    const loginShop = vi.fn(async () => shop);
    const { actor, effects } = await signedIn({}, { loginShop });
    actor.send({ type: 'auth.loginShop', shopId: 12 });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(loginShop).toHaveBeenCalledWith({ shopId: 12 });
    expect(actor.getSnapshot().context).toMatchObject({ shop, role: 'shop' });
    expect(effects.scrollToTop).toHaveBeenCalledTimes(1);
  });

  it('flag up is skipped when the flag is already true', async () => {
    const flagUp = vi.fn(async () => makeUser());
    const { actor } = await signedIn(
      { flag_status: { ...makeUser().flag_status, watchedFocustarRule: true } },
      { flagUp },
    );
    actor.send({ type: 'auth.flagUp', flag: 'watchedFocustarRule' });
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(flagUp).not.toHaveBeenCalled();
  });

  it('flag up updates the user from PUT /api/users/flag-up', async () => {
    const after = makeUser({ flag_status: { ...makeUser().flag_status, watchedFocustarRule: true } });
    const flagUp = vi.fn(async () => after);
    const { actor, effects } = await signedIn({}, { flagUp });
    actor.send({ type: 'auth.flagUp', flag: 'watchedFocustarRule' });
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    expect(flagUp).toHaveBeenCalledWith({ flag: 'watchedFocustarRule' });
    expect(actor.getSnapshot().context.user).toEqual(after);
    expect(effects.persist).toHaveBeenLastCalledWith(expect.objectContaining({ user: after }));
  });

  it("flag up while logged out is an error: 'ログインしていない状態で更新を行おうとしました'", () => {
    const { actor, effects } = setupAuth({ token: null, stored: null });
    actor.send({ type: 'auth.flagUp', flag: 'savedFirstProfile' });
    expect(effects.report).toHaveBeenCalledWith('ログインしていない状態で更新を行おうとしました');
  });
});

describe('authMachine: a flag or a user refresh asked while the session is busy (issue 25 point 5)', () => {
  /** A call that answers when the test says so. */
  const pending = <T>() => {
    let answer!: (value: T) => void;
    const promise = new Promise<T>((resolve) => (answer = resolve));
    return { promise, answer };
  };

  it('a flag raised while a shop is being entered is raised once the shop is entered', async () => {
    const shop = makeShop({ id: 12 });
    const entering = pending<typeof shop>();
    const after = makeUser({ flag_status: { ...makeUser().flag_status, checkedFirstReward: true } });
    const flagUp = vi.fn(async () => after);
    const { actor } = await signedIn({}, { loginShop: () => entering.promise, flagUp });
    actor.send({ type: 'auth.loginShop', shopId: 12 });
    actor.send({ type: 'auth.flagUp', flag: 'checkedFirstReward' });
    expect(flagUp).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.queuedFlags).toEqual(['checkedFirstReward']);
    entering.answer(shop);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.user === after);
    expect(flagUp).toHaveBeenCalledExactlyOnceWith({ flag: 'checkedFirstReward' });
    expect(actor.getSnapshot().context).toMatchObject({ shop, role: 'shop', queuedFlags: [] });
  });

  it('two flags raised while another is in flight are raised in order after it; one already up is skipped', async () => {
    const base = makeUser().flag_status;
    const first = pending<ReturnType<typeof makeUser>>();
    const answers = [
      first.promise,
      Promise.resolve(
        makeUser({ flag_status: { ...base, savedFirstProfile: true, watchedFocustarRule: true } }),
      ),
    ];
    const flagUp = vi.fn(() => answers.shift()!);
    const { actor } = await signedIn({}, { flagUp });
    actor.send({ type: 'auth.flagUp', flag: 'savedFirstProfile' });
    actor.send({ type: 'auth.flagUp', flag: 'watchedFocustarRule' });
    actor.send({ type: 'auth.flagUp', flag: 'savedFirstProfile' });
    first.answer(makeUser({ flag_status: { ...base, savedFirstProfile: true } }));
    await waitFor(
      actor,
      (s) => s.matches({ signedIn: 'idle' }) && !!s.context.user?.flag_status.watchedFocustarRule,
    );
    expect(flagUp.mock.calls).toEqual([[{ flag: 'savedFirstProfile' }], [{ flag: 'watchedFocustarRule' }]]);
  });

  it('a user refresh asked while the user is being read is done again after it (the newer answer wins)', async () => {
    const older = makeUser({ id: 1, name: '古い 花子' });
    const newer = makeUser({ id: 1, name: '新しい 花子' });
    // GET /api/me: the start-up read answers at once, the next two when the test says so.
    const second = pending<typeof older>();
    const third = pending<typeof newer>();
    const answers = [Promise.resolve(older), second.promise, third.promise];
    const fetchMe = vi.fn(() => answers.shift()!);
    const { actor } = setupAuth(
      { token: 'tok', stored: null },
      { refreshToken: async () => 'tok2', fetchMe },
    );
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
    actor.send({ type: 'auth.refreshUser' });
    actor.send({ type: 'auth.refreshUser' });
    expect(actor.getSnapshot().context.userRefreshQueued).toBe(true);
    second.answer(older);
    await waitFor(actor, (s) => s.matches({ signedIn: 'refreshingUser' }) && fetchMe.mock.calls.length === 3);
    third.answer(newer);
    await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }) && s.context.user === newer);
    expect(fetchMe).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.userRefreshQueued).toBe(false);
  });

  it('what was queued is forgotten when the session ends (the next session does not raise it)', async () => {
    const flagUp = vi.fn(async () => makeUser());
    const { actor } = await signedIn(
      {},
      { loginShop: () => new Promise(() => {}), flagUp, logout: async () => ({}) },
    );
    actor.send({ type: 'auth.loginShop', shopId: 12 });
    actor.send({ type: 'auth.flagUp', flag: 'watchedAdvertiserRule' });
    actor.send({ type: 'auth.refreshUser' });
    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(actor.getSnapshot().context).toMatchObject({ queuedFlags: [], userRefreshQueued: false });
    actor.send({ type: 'auth.login', user: makeUser() });
    expect(actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
    expect(flagUp).not.toHaveBeenCalled();
  });
});

describe('authMachine OAuth and unknown events (seed spec sections 4 and 8)', () => {
  it('OAuth login stores the mode cookie (default login), fetches the URL and goes there', async () => {
    const oauthUrl = vi.fn(async () => 'https://provider.example/authorize');
    const { actor, effects } = setupAuth({ token: null, stored: null }, { oauthUrl });
    actor.send({ type: 'auth.oauthLogin', provider: 'line' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(effects.storeOAuthMode).toHaveBeenCalledWith('login');
    expect(oauthUrl).toHaveBeenCalledWith({ provider: 'line', mode: 'login' });
    expect(effects.redirect).toHaveBeenCalledWith('https://provider.example/authorize');
  });

  it('an OAuth answer without a URL is an error that names the problem', async () => {
    const { actor, effects } = setupAuth(
      { token: null, stored: null },
      {
        oauthUrl: async () =>
          Promise.reject(new ApiRequestError(ERRORS.oauthNoContent, 'invalid-answer', 204)),
      },
    );
    actor.send({ type: 'auth.oauthLogin', provider: 'x', mode: 'register' });
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(effects.storeOAuthMode).toHaveBeenCalledWith('register');
    expect(effects.redirect).not.toHaveBeenCalled();
    expect(effects.report).toHaveBeenCalledWith(ERRORS.oauthNoContent);
    expect(effects.toastError).toHaveBeenCalledWith(ERRORS.oauthNoContent);
  });

  it('an unknown event is reported, never silently ignored', () => {
    const { actor, effects } = setupAuth({ token: null, stored: null });
    actor.send({ type: 'auth.doSomethingOdd' } as never);
    expect(effects.report).toHaveBeenCalledWith(`${ERRORS.unknownAuthEvent}: auth.doSomethingOdd`);
  });

  it('a known event that does not apply in the current state is not an error', () => {
    const { actor, effects } = setupAuth({ token: null, stored: null });
    actor.send({ type: 'auth.loginShop', shopId: 1 });
    expect(effects.report).not.toHaveBeenCalled();
  });

  it('start/finish (initial) loading set the flags', () => {
    const { actor } = setupAuth({ token: null, stored: null });
    actor.send({ type: 'auth.loading.start' });
    actor.send({ type: 'auth.initialLoading.start' });
    expect(actor.getSnapshot().context).toMatchObject({ loading: true, initialLoading: true });
    actor.send({ type: 'auth.loading.finish' });
    actor.send({ type: 'auth.initialLoading.finish' });
    expect(actor.getSnapshot().context).toMatchObject({ loading: false, initialLoading: false });
  });
});
