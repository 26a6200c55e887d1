import type { EventObject } from 'xstate';
import { type AuthInput, authMachine } from '../../../machines/authMachine.ts';
import type { Shop } from '../../../contracts/shops.ts';
import type { User, UserFlag } from '../../../contracts/accounts.ts';
import { ApiRequestError, ERRORS } from '../../../machines/errors.ts';
import type { ClientRole, StoredSession } from '../../../machines/session.ts';
import { makeShop, makeUser } from '../fixtures.ts';
import type { ModelOptions } from '../model-harness.ts';
import type { FakeServer, OracleSuite } from '../oracle-harness.ts';

/**
 * The auth actor's oracle: a reference model of seed spec sections 3, 4 and 8 (and ADR 0024 where
 * the spec leaves a choice), written from the rules, not from machines/authMachine.ts. It knows
 * what the user and the app observe: the three storage keys, the OAuth mode cookie, navigation,
 * the API calls made and in flight, toasts, error reports, and the context fields the UI reads.
 */

// Fixtures: every source of a user or shop is a different id, so the observation says where it came from.
export const verified = makeUser();
export const unverified = makeUser({ email_verified: false, id: 8 });
export const flagged = makeUser({ flag_status: { ...verified.flag_status, savedFirstProfile: true } });
export const storedUser = makeUser({ id: 5, name: '保存された 花子' });
export const fetchedUser = makeUser({ id: 9, name: '最新の 花子' });
export const eventShop = makeShop({ id: 1 });
export const storedShop = makeShop({ id: 2 });
export const fetchedShop = makeShop({ id: 3 });
export const enteredShop = makeShop({ id: 4 });
const REFERRAL_SHOP_ID = '12';
const failure = (id: string) => ({
  type: `xstate.error.actor.${id}`,
  error: new ApiRequestError('失敗', 'http', 500),
});

const userLabel = (u: User | null) =>
  u
    ? `user${u.id}${u.email_verified ? '' : ' unverified'}${u.flag_status.savedFirstProfile ? ' +profile' : ''}`
    : null;
const shopLabel = (s: Shop | null) => (s ? `shop${s.id}` : null);
const storeLabel = (s: StoredSession | null) =>
  s ? `${s.login ? 'login' : 'guest'}|${userLabel(s.user)}|${s.role}|${shopLabel(s.shop)}` : null;
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface AuthObservation {
  storage: {
    accessToken: string | null;
    store: string | null;
    referralShopId: string | null;
    oauthMode: string | null;
  };
  location: string[];
  calls: string[];
  inFlight: string[];
  toasts: string[];
  reports: string[];
  ui: {
    login: boolean;
    user: string | null;
    role: ClientRole;
    shop: string | null;
    initialLoading: boolean;
    loading: boolean;
    loginError: string | null;
    /** Issue 25: what waits for the signed-in session to be idle (a user refresh, flags), in order. */
    queued: string[];
  };
}

type Mode =
  | 'restoringToken'
  | 'restoringUser'
  | 'signedOut'
  | 'loggingIn'
  | 'redirecting'
  | 'idle'
  | 'refreshingUser'
  | 'refreshingShop'
  | 'enteringShop'
  | 'raisingFlag'
  | 'loggingOut';

interface AuthModel {
  mode: Mode;
  /** The token the app holds in memory (decides whether a user refresh is possible). */
  token: string | null;
  stored: StoredSession | null;
  login: boolean;
  user: User | null;
  role: ClientRole;
  shop: Shop | null;
  initialLoading: boolean;
  loading: boolean;
  loginError: string | null;
  storage: AuthObservation['storage'];
  location: string[];
  calls: string[];
  inFlight: string[];
  toasts: string[];
  reports: string[];
  /** Issue 25: a user refresh asked for while the signed-in session was busy. */
  refreshQueued: boolean;
  /** Issue 25: flags raised while the signed-in session was busy, in order. */
  queuedFlags: UserFlag[];
}

const SIGNED_IN: Mode[] = ['idle', 'refreshingUser', 'refreshingShop', 'enteringShop', 'raisingFlag'];
// ADR 0024 ("start/finish loading" of section 4): the work a user waits for shows the loading overlay.
const SHOWS_LOADING: Mode[] = ['loggingIn', 'redirecting', 'enteringShop', 'loggingOut'];
const KNOWN = new Set([
  'auth.initialize',
  'auth.login',
  'auth.submitLogin',
  'auth.logout',
  'auth.setRole',
  'auth.setShop',
  'auth.initialLoading.start',
  'auth.initialLoading.finish',
  'auth.loading.start',
  'auth.loading.finish',
  'auth.refreshUser',
  'auth.refreshShop',
  'auth.loginShop',
  'auth.flagUp',
  'auth.oauthLogin',
  'auth.tokenChanged',
  'auth.sessionExpired',
]);

/** Seed spec section 7: how each call looks on the wire. */
export function describeAuthCall(src: string, input: unknown): string {
  const i = (input ?? {}) as Record<string, unknown>;
  switch (src) {
    case 'refreshToken':
      return `POST /api/refresh (Bearer ${String(i.token)})`;
    case 'fetchMe':
      return 'GET /api/me';
    case 'login':
      return `POST /api/login ${String(i.email)}`;
    case 'logout':
      return 'POST /api/logout';
    case 'fetchShop':
      return `GET /api/shops/${String(i.shopId)}`;
    case 'loginShop':
      return `POST /api/shops/${String(i.shopId)}/login`;
    case 'flagUp':
      return `PUT /api/users/flag-up ${String(i.flag)}`;
    case 'oauthUrl':
      return `GET /api/oauth/${String(i.provider)}/url?mode=${String(i.mode)}`;
    default:
      return `${src}?`;
  }
}

// ---- the rules -------------------------------------------------------------------------------

const persist = (m: AuthModel): AuthModel => ({
  ...m,
  storage: { ...m.storage, store: storeLabel({ login: m.login, user: m.user, role: m.role, shop: m.shop }) },
});

/** Issue 25: a session that ends forgets what it had queued (the next session must not raise it). */
const noQueue = { refreshQueued: false, queuedFlags: [] as UserFlag[] };

/** Leaving a piece of work cancels its call and, if it showed the overlay, hides it. */
const leave = (m: AuthModel): AuthModel => ({
  ...m,
  inFlight: [],
  loading: SHOWS_LOADING.includes(m.mode) ? false : m.loading,
});

const enter = (m: AuthModel, mode: Mode, call?: string): AuthModel => ({
  ...m,
  mode,
  loading: SHOWS_LOADING.includes(mode) ? true : m.loading,
  calls: call ? [...m.calls, call] : m.calls,
  inFlight: call ? [call] : [],
});

/** seed spec §4 logout: clears token and store, goes to the login page, initial loading finished. */
const logoutAction = (m: AuthModel): AuthModel => ({
  ...leave(m),
  ...noQueue,
  mode: 'signedOut',
  token: null,
  login: false,
  user: null,
  role: 'focustar',
  shop: null,
  initialLoading: false,
  storage: { ...m.storage, accessToken: null, store: null },
  location: [...m.location, '/login'],
});

/** seed spec §3: referralShopId is removed once the e-mail is verified, however the verified user arrives. */
const forgetReferralIfVerified = (m: AuthModel, user: User): AuthModel =>
  user.email_verified ? { ...m, storage: { ...m.storage, referralShopId: null } } : m;

/** seed spec §4 login: sets user, login = email_verified, stores token if given, clears referral shop id if verified, persists. */
const loginAction = (m: AuthModel, user: User, token: string | null): AuthModel => {
  let next: AuthModel = { ...m, user, login: user.email_verified };
  if (token) next = { ...next, token, storage: { ...next.storage, accessToken: token } };
  if (user.email_verified) next = { ...next, storage: { ...next.storage, referralShopId: null } };
  return persist(next);
};

/** seed spec §4 initialize: no login, no user, role focustar, no shop. */
const initialize = (m: AuthModel): AuthModel => ({
  ...m,
  login: false,
  user: null,
  role: 'focustar',
  shop: null,
});

/** seed spec §8: an error is reported and shown as an error toast. */
const failWith = (m: AuthModel, message: string): AuthModel => ({
  ...m,
  reports: [...m.reports, message],
  toasts: [...m.toasts, message],
});

function start(input: AuthInput): AuthModel {
  const base: AuthModel = {
    mode: 'signedOut',
    token: input.token,
    stored: input.stored,
    login: false,
    user: null,
    role: 'focustar',
    shop: null,
    initialLoading: true,
    loading: false,
    loginError: null,
    storage: {
      accessToken: input.token,
      store: storeLabel(input.stored),
      referralShopId: REFERRAL_SHOP_ID,
      oauthMode: null,
    },
    location: [],
    calls: [],
    inFlight: [],
    toasts: [],
    reports: [],
    ...noQueue,
  };
  // seed spec §4 start-up: no stored token means initialise as logged out (initial loading over).
  if (!input.token) return { ...initialize(base), initialLoading: false };
  // seed spec §4 start-up: otherwise refresh the token first.
  return enter(base, 'restoringToken', describeAuthCall('refreshToken', { token: input.token }));
}

function stepOnce(m: AuthModel, e: EventObject): AuthModel {
  const ev = e as EventObject & Record<string, unknown>;
  const signedIn = SIGNED_IN.includes(m.mode);
  switch (e.type) {
    // ---- answers of the calls in flight ----
    case 'xstate.done.actor.refreshToken': {
      if (m.mode !== 'restoringToken') return m;
      // seed spec §4 start-up: refresh the token, restore stored user and shop, fetch the current user.
      const token = ev.output as string;
      const s = m.stored;
      return enter(
        {
          ...leave(m),
          token,
          storage: { ...m.storage, accessToken: token },
          user: s?.user ?? null,
          shop: s?.shop ?? null,
          role: s?.role ?? 'focustar',
          login: s?.login ?? false,
        },
        'restoringUser',
        describeAuthCall('fetchMe', undefined),
      );
    }
    case 'xstate.error.actor.refreshToken':
      // seed spec §4 start-up: on failure log out.
      return m.mode === 'restoringToken' ? logoutAction(m) : m;
    case 'xstate.done.actor.fetchMe': {
      const user = ev.output as User;
      if (m.mode === 'restoringUser') {
        // seed spec §4 start-up: the fetched user replaces the stored one; initial loading finished.
        return persist({
          ...forgetReferralIfVerified(leave(m), user),
          mode: 'idle',
          user,
          login: user.email_verified,
          initialLoading: false,
        });
      }
      if (m.mode === 'refreshingUser') {
        return persist({
          ...forgetReferralIfVerified(leave(m), user),
          mode: 'idle',
          user,
          login: user.email_verified,
        });
      }
      return m;
    }
    case 'xstate.error.actor.fetchMe':
      if (m.mode === 'restoringUser') return logoutAction(m); // seed spec §4: on failure log out
      // seed spec §8: 'ユーザー情報が取得できませんでした。'
      if (m.mode === 'refreshingUser') return failWith({ ...leave(m), mode: 'idle' }, ERRORS.userFetchFailed);
      return m;
    case 'xstate.done.actor.login': {
      if (m.mode !== 'loggingIn') return m;
      const answer = ev.output as { user: User; access_token: string };
      // seed spec §7 POST /api/login answers user and access_token; §4 login action.
      return loginAction({ ...leave(m), mode: 'idle' }, answer.user, answer.access_token);
    }
    case 'xstate.error.actor.login':
      // ADR 0024: the failure is kept for the login form's field messages (seed spec §8, 422).
      return m.mode === 'loggingIn' ? { ...leave(m), mode: 'signedOut', loginError: messageOf(ev.error) } : m;
    case 'xstate.done.actor.oauthUrl':
      // seed spec §4 OAuth login: fetch a redirect URL, navigate there.
      return m.mode === 'redirecting'
        ? { ...leave(m), mode: 'signedOut', location: [...m.location, `redirect ${String(ev.output)}`] }
        : m;
    case 'xstate.error.actor.oauthUrl':
      return m.mode === 'redirecting' ? failWith({ ...leave(m), mode: 'signedOut' }, messageOf(ev.error)) : m;
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
      // seed spec §4: logout clears state even if the server call fails.
      return m.mode === 'loggingOut' ? logoutAction(m) : m;
    case 'xstate.done.actor.fetchShop':
      return m.mode === 'refreshingShop'
        ? persist({ ...leave(m), mode: 'idle', shop: ev.output as Shop })
        : m;
    case 'xstate.error.actor.fetchShop':
      // seed spec §8: 'ショップ情報が取得できませんでした。'
      return m.mode === 'refreshingShop'
        ? failWith({ ...leave(m), mode: 'idle' }, ERRORS.shopFetchFailed)
        : m;
    case 'xstate.done.actor.loginShop':
      // seed spec §4: logging into a shop sets the current shop and scrolls to top (§6: act as the shop).
      return m.mode === 'enteringShop'
        ? persist({
            ...leave(m),
            mode: 'idle',
            shop: ev.output as Shop,
            role: 'shop',
            location: [...m.location, 'scroll to top'],
          })
        : m;
    case 'xstate.error.actor.loginShop':
      return m.mode === 'enteringShop' ? failWith({ ...leave(m), mode: 'idle' }, messageOf(ev.error)) : m;
    case 'xstate.done.actor.flagUp': {
      if (m.mode !== 'raisingFlag') return m;
      const user = ev.output as User;
      return persist({
        ...forgetReferralIfVerified(leave(m), user),
        mode: 'idle',
        user,
        login: user.email_verified,
      });
    }
    case 'xstate.error.actor.flagUp':
      // ADR 0024: a failed flag-up is reported, without a toast (the flag is not the user's task).
      return m.mode === 'raisingFlag'
        ? { ...leave(m), mode: 'idle', reports: [...m.reports, messageOf(ev.error)] }
        : m;

    // ---- the reducer actions of section 4, which apply in every state ----
    case 'auth.setRole':
      return persist({ ...m, role: ev.role as ClientRole }); // seed spec §4: set role (merge, persist)
    case 'auth.setShop':
      return persist({ ...m, shop: ev.shop as Shop | null }); // seed spec §4: set shop (merge, persist)
    case 'auth.initialLoading.start':
      return { ...m, initialLoading: true }; // seed spec §4: start initial loading
    case 'auth.initialLoading.finish':
      return { ...m, initialLoading: false };
    case 'auth.loading.start':
      return { ...m, loading: true }; // seed spec §4: start loading
    case 'auth.loading.finish':
      return { ...m, loading: false };
    case 'auth.tokenChanged':
      return { ...m, token: (ev.token as string | null) ?? null };
    case 'auth.sessionExpired':
      // seed spec §8 (401): the request layer removed token and store and navigated; the app forgets the user.
      return {
        ...leave(m),
        ...noQueue,
        mode: 'signedOut',
        token: null,
        login: false,
        user: null,
        role: 'focustar',
        shop: null,
        initialLoading: false,
      };
    case 'auth.logout':
      // seed spec §4: logout calls the server first (POST /api/logout), whatever the app was doing.
      return enter({ ...leave(m), ...noQueue }, 'loggingOut', describeAuthCall('logout', undefined));
    case 'auth.login': {
      const user = ev.user as User;
      const token = (ev.accessToken as string | null | undefined) ?? null;
      // ADR 0024: a login answer while signed in updates the session without interrupting work.
      if (signedIn) return loginAction(m, user, token);
      if (m.mode === 'signedOut') return loginAction({ ...m, mode: 'idle' }, user, token);
      // ADR 0024: a login answer during start-up, a password login, a redirect or a logout ends that work.
      return loginAction({ ...leave(m), mode: 'idle', initialLoading: false }, user, token);
    }
    default:
      break;
  }

  if (m.mode === 'signedOut') {
    switch (e.type) {
      case 'auth.initialize':
        return initialize(m);
      case 'auth.submitLogin':
        // seed spec §5/§7: POST /api/login with email, password, reCAPTCHA token.
        return enter({ ...m, loginError: null }, 'loggingIn', describeAuthCall('login', { email: ev.email }));
      case 'auth.oauthLogin': {
        // seed spec §4 OAuth login: store the mode cookie (default login), fetch a redirect URL.
        const mode = (ev.mode as string | undefined) ?? 'login';
        return enter(
          { ...m, storage: { ...m.storage, oauthMode: mode } },
          'redirecting',
          describeAuthCall('oauthUrl', { provider: ev.provider, mode }),
        );
      }
      case 'auth.flagUp':
        // seed spec §4: raising a flag is an error if not logged in.
        return { ...m, reports: [...m.reports, ERRORS.notLoggedInUpdate] };
      case 'auth.refreshUser':
        return logoutAction(m); // seed spec §4: refreshing the user without a token logs out
      case 'auth.refreshShop':
        // seed spec §4: refreshing the shop with no shop id sets role focustar and clears the shop.
        return persist({ ...m, role: 'focustar', shop: null });
    }
  }

  if (m.mode === 'idle') {
    switch (e.type) {
      case 'auth.initialize':
        return { ...initialize(m), ...noQueue, mode: 'signedOut' };
      case 'auth.refreshUser':
        // seed spec §4: refreshing the user without a token logs out; with one, GET /api/me.
        return m.token ? enter(m, 'refreshingUser', describeAuthCall('fetchMe', undefined)) : logoutAction(m);
      case 'auth.refreshShop':
        // seed spec §4: refreshing the shop with no shop id sets role focustar and clears the shop.
        return m.shop?.id
          ? enter(m, 'refreshingShop', describeAuthCall('fetchShop', { shopId: m.shop.id }))
          : persist({ ...m, role: 'focustar', shop: null });
      case 'auth.loginShop':
        return enter(m, 'enteringShop', describeAuthCall('loginShop', { shopId: ev.shopId }));
      case 'auth.flagUp':
        // seed spec §4: raising a flag is skipped if already true.
        return m.user?.flag_status[ev.flag as UserFlag]
          ? m
          : enter(m, 'raisingFlag', describeAuthCall('flagUp', { flag: ev.flag }));
    }
  }

  // Issue 25: a signed-in user's refresh or flag asked while the session is busy waits until it is idle.
  if (signedIn && m.mode !== 'idle') {
    if (e.type === 'auth.refreshUser') return { ...m, refreshQueued: true };
    if (e.type === 'auth.flagUp') return { ...m, queuedFlags: [...m.queuedFlags, ev.flag as UserFlag] };
  }

  // seed spec §4: an unknown action is an error (ADR 0024: reported; a known one that does not apply is ignored).
  if (!KNOWN.has(e.type) && !e.type.startsWith('xstate.')) {
    return { ...m, reports: [...m.reports, `${ERRORS.unknownAuthEvent}: ${e.type}`] };
  }
  return m;
}

/**
 * Issue 25: back to idle, the queued requests are made again as if asked now, the user refresh first, then the
 * flags in order; the first that starts a call leaves idle, and the rest queue again behind it.
 */
function settle(m: AuthModel): AuthModel {
  if (m.mode !== 'idle' || (!m.refreshQueued && m.queuedFlags.length === 0)) return m;
  const replay: EventObject[] = [
    ...(m.refreshQueued ? [{ type: 'auth.refreshUser' }] : []),
    ...m.queuedFlags.map((flag) => ({ type: 'auth.flagUp', flag }) as EventObject),
  ];
  return replay.reduce(stepOnce, { ...m, ...noQueue });
}

function step(m: AuthModel, e: EventObject): AuthModel {
  return settle(stepOnce(m, e));
}

const queueLabels = (refresh: boolean, flags: readonly string[]) => [
  ...(refresh ? ['refreshUser'] : []),
  ...flags.map((f) => `flagUp ${f}`),
];

function observe(m: AuthModel): AuthObservation {
  return {
    storage: m.storage,
    location: m.location,
    calls: m.calls,
    inFlight: [...m.inFlight].sort(),
    toasts: m.toasts,
    reports: m.reports,
    ui: {
      login: m.login,
      user: userLabel(m.user),
      role: m.role,
      shop: shopLabel(m.shop),
      initialLoading: m.initialLoading,
      loading: m.loading,
      loginError: m.loginError,
      queued: queueLabels(m.refreshQueued, m.queuedFlags),
    },
  };
}

// ---- the world: the machine's effects as src/app/createAppActors.ts wires them, over a fake storage ----

function world(input: AuthInput) {
  const storage: AuthObservation['storage'] = {
    accessToken: input.token,
    store: storeLabel(input.stored),
    referralShopId: REFERRAL_SHOP_ID,
    oauthMode: null,
  };
  const location: string[] = [];
  const toasts: string[] = [];
  const reports: string[] = [];
  const actions = {
    persist: (_: unknown, p: { session: StoredSession }) => (storage.store = storeLabel(p.session)),
    storeToken: (_: unknown, p: { token: string }) => (storage.accessToken = p.token),
    clearSession: () => {
      storage.accessToken = null;
      storage.store = null;
    },
    removeReferralShopId: () => (storage.referralShopId = null),
    navigate: (_: unknown, p: { to: string }) => location.push(p.to),
    redirect: (_: unknown, p: { url: string }) => location.push(`redirect ${p.url}`),
    scrollToTop: () => location.push('scroll to top'),
    storeOAuthMode: (_: unknown, p: { mode: string }) => (storage.oauthMode = p.mode),
    report: (_: unknown, p: { message: string }) => reports.push(p.message),
    toastError: (_: unknown, p: { message: string }) => toasts.push(p.message),
  };
  return {
    actions,
    observe(ui: { context: unknown }, server: FakeServer): AuthObservation {
      const c = ui.context as {
        login: boolean;
        user: User | null;
        role: ClientRole;
        shop: Shop | null;
        initialLoading: boolean;
        loading: boolean;
        loginError: unknown;
        queuedFlags: string[];
        userRefreshQueued: boolean;
      };
      return {
        storage: { ...storage },
        location: [...location],
        calls: [...server.made],
        inFlight: server.inFlight(),
        toasts: [...toasts],
        reports: [...reports],
        ui: {
          login: c.login,
          user: userLabel(c.user),
          role: c.role,
          shop: shopLabel(c.shop),
          initialLoading: c.initialLoading,
          loading: c.loading,
          loginError: c.loginError == null ? null : messageOf(c.loginError),
          queued: queueLabels(c.userRefreshQueued, c.queuedFlags),
        },
      };
    },
  };
}

// ---- the graph walk that chooses the paths ----

const storedSession: StoredSession = { login: true, user: storedUser, role: 'shop', shop: storedShop };

export const authModel: ModelOptions<AuthInput> = {
  machine: authMachine,
  inputs: [
    { name: 'no token', input: { token: null, stored: null } },
    { name: 'stored token and session', input: { token: 'stored-token', stored: storedSession } },
    { name: 'stored token only', input: { token: 'stored-token', stored: null } },
  ],
  events: [
    { type: 'xstate.done.actor.refreshToken', output: 'fresh-token' },
    failure('refreshToken'),
    { type: 'xstate.done.actor.fetchMe', output: fetchedUser },
    failure('fetchMe'),
    { type: 'auth.submitLogin', email: 'hanako@example.com', password: 'demo-pass-2026' },
    { type: 'xstate.done.actor.login', output: { user: verified, access_token: 'login-token' } },
    failure('login'),
    { type: 'auth.login', user: unverified },
    { type: 'auth.login', user: verified, accessToken: 'signup-token' },
    { type: 'auth.logout' },
    { type: 'xstate.done.actor.logout' },
    failure('logout'),
    { type: 'auth.initialize' },
    { type: 'auth.setRole', role: 'shop' },
    { type: 'auth.setShop', shop: eventShop },
    { type: 'auth.refreshUser' },
    { type: 'auth.refreshShop' },
    { type: 'xstate.done.actor.fetchShop', output: fetchedShop },
    failure('fetchShop'),
    { type: 'auth.loginShop', shopId: 4 },
    { type: 'xstate.done.actor.loginShop', output: enteredShop },
    failure('loginShop'),
    { type: 'auth.flagUp', flag: 'savedFirstProfile' },
    { type: 'xstate.done.actor.flagUp', output: flagged },
    failure('flagUp'),
    { type: 'auth.oauthLogin', provider: 'line', mode: 'register' },
    { type: 'xstate.done.actor.oauthUrl', output: 'https://access.line.me/oauth2/v2.1/authorize?x=1' },
    failure('oauthUrl'),
    { type: 'auth.initialLoading.start' },
    { type: 'auth.initialLoading.finish' },
    { type: 'auth.loading.start' },
    { type: 'auth.loading.finish' },
    // The rotated token first: from a place without a token it is the one that shows a change.
    { type: 'auth.tokenChanged', token: 'rotated-token' },
    { type: 'auth.tokenChanged', token: null },
    { type: 'auth.sessionExpired' },
    { type: 'auth.unknownThing' },
  ] as EventObject[],
  project: (s) => {
    const c = s.context;
    return {
      login: c.login,
      user: userLabel(c.user),
      role: c.role,
      shop: c.shop?.id ?? null,
      // What guards read, and the initial-loading flag that some handlers finish (the loading flag
      // is left out: it would double the graph without a new transition).
      token: c.token,
      initialLoading: c.initialLoading,
      // Issue 25: what waits for idle (so the walk reaches a busy session with something queued).
      // (whether, not how many: a queue that grows would make the graph endless).
      queued: `${c.userRefreshQueued ? 'refresh' : ''}|${c.queuedFlags.length > 0 ? 'flags' : ''}`,
    };
  },
  // Places that differ in what a transition can visibly change (role, shop, initial loading, and
  // login: a signed-in user whose e-mail is not verified yet keeps the referral shop id until a re-read
  // says it is, seed spec section 3); the input is left out, so each place is reached once, by the
  // shortest path from any input.
  pathKey: (s) => [
    s.value,
    s.context.role,
    !!s.context.shop,
    s.context.initialLoading,
    s.context.login,
    s.context.userRefreshQueued,
    s.context.queuedFlags.length > 0,
  ],
};

export const authSuite: OracleSuite<AuthInput, AuthObservation, AuthModel> = {
  name: 'authMachine',
  machine: authMachine,
  model: authModel,
  // What the app would do next tells a working state from one that only looks right.
  probe: [
    { type: 'auth.submitLogin', email: 'probe@example.com', password: 'x' },
    { type: 'auth.refreshUser' },
  ] as EventObject[],
  world,
  describeCall: describeAuthCall,
  oracle: { start, step, observe },
};
