import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { LoginProvider } from '../contracts/oauth.ts';
import type { Shop } from '../contracts/shops.ts';
import type { User, UserFlag } from '../contracts/accounts.ts';
import { ERRORS } from './errors.ts';
import type { ClientRole, StoredSession } from './session.ts';

/**
 * The auth actor (seed spec section 4). Pure: storage, navigation, the network and the error
 * reporter are named actors and actions that the app provides (src/app/actors.ts) and the tests
 * swap with `machine.provide(...)`. The defaults below throw or do nothing on purpose: a machine
 * that was not given its effects must not reach the network.
 */

export type OAuthMode = 'login' | 'register';

export interface AuthContext {
  login: boolean;
  user: User | null;
  role: ClientRole;
  shop: Shop | null;
  token: string | null;
  initialLoading: boolean;
  loading: boolean;
  /** The last login failure (an ApiRequestError), for the login form's field messages. */
  loginError: unknown;
  /** Session restored from storage at start-up. */
  stored: StoredSession | null;
  /**
   * Issue 25: flags raised while the signed-in session was busy (reading the user or the shop, entering a
   * shop, raising another flag), raised in order once it is idle again; forgotten when the session ends.
   */
  queuedFlags: UserFlag[];
  /** Issue 25: a user refresh asked for while busy, done once idle again. */
  userRefreshQueued: boolean;
}

export interface AuthInput {
  token: string | null;
  stored: StoredSession | null;
}

export type AuthEvent =
  | { type: 'auth.initialize' }
  | { type: 'auth.login'; user: User; accessToken?: string | null }
  | {
      type: 'auth.submitLogin';
      email: string;
      password: string;
      recaptchaToken?: string | null;
      /** "ログインしたままにする" (issue 10): refreshable for 14 days after expiry instead of 24 hours. */
      remember?: boolean;
    }
  | { type: 'auth.logout' }
  | { type: 'auth.setRole'; role: ClientRole }
  | { type: 'auth.setShop'; shop: Shop | null }
  | { type: 'auth.initialLoading.start' }
  | { type: 'auth.initialLoading.finish' }
  | { type: 'auth.loading.start' }
  | { type: 'auth.loading.finish' }
  | { type: 'auth.refreshUser' }
  | { type: 'auth.refreshShop' }
  | { type: 'auth.loginShop'; shopId: number }
  | { type: 'auth.flagUp'; flag: UserFlag }
  | { type: 'auth.oauthLogin'; provider: LoginProvider; mode?: OAuthMode }
  | { type: 'auth.tokenChanged'; token: string | null }
  | { type: 'auth.sessionExpired' };

/** Every event the machine knows; anything else is an error (section 4: "An unknown action is an error"). */
export const AUTH_EVENT_TYPES: readonly AuthEvent['type'][] = [
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
];

const known = new Set<string>(AUTH_EVENT_TYPES);

export interface LoginAnswer {
  user: User;
  access_token: string;
}

/** A placeholder the app replaces with `machine.provide`; reaching it is a wiring bug. */
const notProvided = <TOutput, TInput = void>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`authMachine: actor "${name}" was not provided`);
  });

export const sessionOf = (c: Pick<AuthContext, 'login' | 'user' | 'role' | 'shop'>): StoredSession => ({
  login: c.login,
  user: c.user,
  role: c.role,
  shop: c.shop,
});

/** The message an actor's failure carries, for reports and toasts. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : ERRORS.unexpectedAnswer;

/** The effects the named `enqueueActions` actions enqueue (typed here: setup cannot infer its own actions). */
type LoginAction =
  | { type: 'storeToken'; params: { token: string } }
  | { type: 'removeReferralShopId'; params: undefined }
  | { type: 'persist'; params: { session: StoredSession } };

/** The enqueue calls the login action needs (a narrow view of xstate's enqueue). */
interface LoginEnqueue {
  (
    action:
      | { type: 'storeToken'; params: { token: string } }
      | 'removeReferralShopId'
      | { type: 'persist'; params: { session: StoredSession } },
  ): void;
  assign(values: Partial<AuthContext>): void;
}

/** The login action of section 4: user, login = email_verified, token if given, referral id, persist. */
function enqueueLogin(enqueue: LoginEnqueue, context: AuthContext, user: User, token: string | null) {
  const login = user.email_verified;
  enqueue.assign(token ? { user, login, token } : { user, login });
  if (token) enqueue({ type: 'storeToken', params: { token } });
  if (login) enqueue('removeReferralShopId');
  enqueue({ type: 'persist', params: { session: sessionOf({ ...context, user, login }) } });
}

const persistSession = {
  type: 'persist' as const,
  params: ({ context }: { context: AuthContext }) => ({ session: sessionOf(context) }),
};

/** The logout action of section 4: token and store cleared, guest state, /login, initial loading over. */
const endSession = ['clearSession', 'signOut', { type: 'navigate', params: { to: '/login' } }] as const;

/** Report the failure and show it. */
const fail = (message?: string) =>
  [
    {
      type: 'report' as const,
      params: ({ event }: { event: { error?: unknown } }) => ({
        message: message ?? messageOf(event.error),
        error: event.error,
      }),
    },
    {
      type: 'toastError' as const,
      params: ({ event }: { event: { error?: unknown } }) => ({ message: message ?? messageOf(event.error) }),
    },
  ] as const;

const initialContext = (input: AuthInput): AuthContext => ({
  login: false,
  user: null,
  role: 'focustar',
  shop: null,
  token: input.token,
  initialLoading: true,
  loading: false,
  loginError: null,
  stored: input.stored,
  queuedFlags: [],
  userRefreshQueued: false,
});

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    refreshToken: notProvided<string, { token: string }>('refreshToken'),
    fetchMe: notProvided<User, void>('fetchMe'),
    login: notProvided<
      LoginAnswer,
      { email: string; password: string; recaptchaToken: string | null; remember: boolean }
    >('login'),
    logout: notProvided<void, void>('logout'),
    fetchShop: notProvided<Shop, { shopId: number }>('fetchShop'),
    loginShop: notProvided<Shop, { shopId: number }>('loginShop'),
    flagUp: notProvided<User, { flag: UserFlag }>('flagUp'),
    oauthUrl: notProvided<string, { provider: LoginProvider; mode: OAuthMode }>('oauthUrl'),
  },
  actions: {
    // Effects, provided by the app. Params carry everything they need, so they stay one-liners there.
    persist: (_, _params: { session: StoredSession }) => {},
    storeToken: (_, _params: { token: string }) => {},
    clearSession: () => {},
    removeReferralShopId: () => {},
    navigate: (_, _params: { to: string }) => {},
    redirect: (_, _params: { url: string }) => {},
    scrollToTop: () => {},
    storeOAuthMode: (_, _params: { mode: OAuthMode }) => {},
    report: (_, _params: { message: string; error?: unknown }) => {},
    toastError: (_, _params: { message: string }) => {},

    initialize: assign({ login: false, user: null, role: 'focustar', shop: null }),
    queueFlag: assign(({ context }, params: { flag: UserFlag }) => ({
      queuedFlags: [...context.queuedFlags, params.flag],
    })),
    queueUserRefresh: assign({ userRefreshQueued: true }),
    forgetQueue: assign({ queuedFlags: [], userRefreshQueued: false }),
    replayQueue: enqueueActions<
      AuthContext,
      AuthEvent,
      undefined,
      AuthEvent,
      never,
      never,
      never,
      never,
      never
    >(({ context, enqueue }) => {
      if (!context.userRefreshQueued && context.queuedFlags.length === 0) return;
      enqueue.assign({ queuedFlags: [], userRefreshQueued: false });
      if (context.userRefreshQueued) enqueue.raise({ type: 'auth.refreshUser' });
      for (const flag of context.queuedFlags) enqueue.raise({ type: 'auth.flagUp', flag });
    }),
    signOut: assign({
      login: false,
      user: null,
      role: 'focustar',
      shop: null,
      token: null,
      initialLoading: false,
    }),
    restoreStored: assign(({ context }) => ({
      user: context.stored?.user ?? null,
      shop: context.stored?.shop ?? null,
      role: context.stored?.role ?? 'focustar',
      login: context.stored?.login ?? false,
    })),
    applyUser: assign((_, params: { user: User }) => ({
      user: params.user,
      login: params.user.email_verified,
    })),
    applyToken: assign((_, params: { token: string | null }) => ({ token: params.token })),
    setRole: assign((_, params: { role: ClientRole }) => ({ role: params.role })),
    setShop: assign((_, params: { shop: Shop | null }) => ({ shop: params.shop })),
    enterShop: assign((_, params: { shop: Shop }) => ({ shop: params.shop, role: 'shop' as const })),
    leaveShop: assign({ role: 'focustar', shop: null }),
    startInitialLoading: assign({ initialLoading: true }),
    finishInitialLoading: assign({ initialLoading: false }),
    startLoading: assign({ loading: true }),
    finishLoading: assign({ loading: false }),
    rememberLoginError: assign((_, params: { error: unknown }) => ({ loginError: params.error })),
    forgetLoginError: assign({ loginError: null }),
    // NOTE: the two actions that enqueue others spell out enqueueActions' types: inferred, they would refer
    // to the actions setup is still inferring, and every action's type would be lost.
    /** The login action of section 4, for the login event and a password login's answer alike. */
    applyLogin: enqueueActions<
      AuthContext,
      AuthEvent,
      { user: User; token: string | null },
      AuthEvent,
      never,
      LoginAction,
      never,
      never,
      never
    >(({ context, enqueue }, params) => {
      enqueueLogin(enqueue, context, params.user, params.token);
    }),
    /**
     * Section 3: referralShopId goes once the e-mail is verified, also when the verified user arrives by
     * start-up (the verification link) rather than by the login action.
     */
    forgetReferralIfVerified: enqueueActions<
      AuthContext,
      AuthEvent,
      { user: User },
      AuthEvent,
      never,
      LoginAction,
      never,
      never,
      never
    >(({ enqueue }, params) => {
      if (params.user.email_verified) enqueue('removeReferralShopId');
    }),
  },
  guards: {
    hasToken: ({ context }) => !!context.token,
    hasShopId: ({ context }) => !!context.shop?.id,
    flagAlreadyUp: ({ context }, params: { flag: UserFlag }) => !!context.user?.flag_status[params.flag],
    unknownEvent: ({ event }) => !known.has(event.type) && !event.type.startsWith('xstate.'),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => initialContext(input),
  initial: 'starting',
  on: {
    'auth.setRole': {
      actions: [{ type: 'setRole', params: ({ event }) => ({ role: event.role }) }, persistSession],
    },
    'auth.setShop': {
      actions: [{ type: 'setShop', params: ({ event }) => ({ shop: event.shop }) }, persistSession],
    },
    'auth.initialLoading.start': { actions: 'startInitialLoading' },
    'auth.initialLoading.finish': { actions: 'finishInitialLoading' },
    'auth.loading.start': { actions: 'startLoading' },
    'auth.loading.finish': { actions: 'finishLoading' },
    'auth.tokenChanged': { actions: { type: 'applyToken', params: ({ event }) => ({ token: event.token }) } },
    // The request layer already removed token and store and navigated (section 8, 401).
    'auth.sessionExpired': { target: '.signedOut', actions: 'signOut' },
    'auth.logout': { target: '.loggingOut' },
    // Section 4: the login action applies whatever the machine is doing (an OAuth callback or a
    // sign-up may answer while the start-up refresh or a password login is still running).
    'auth.login': {
      target: '.signedIn',
      actions: [
        {
          type: 'applyLogin',
          params: ({ event }) => ({ user: event.user, token: event.accessToken ?? null }),
        },
        'finishInitialLoading',
      ],
    },
    '*': {
      guard: 'unknownEvent',
      actions: {
        type: 'report',
        params: ({ event }) => ({ message: `${ERRORS.unknownAuthEvent}: ${event.type}` }),
      },
    },
  },
  states: {
    starting: {
      always: [
        { guard: 'hasToken', target: 'restoring' },
        { target: 'signedOut', actions: ['initialize', 'finishInitialLoading'] },
      ],
    },
    // Section 4 start-up: refresh the token, restore the stored user and shop, fetch the current user.
    restoring: {
      entry: 'startInitialLoading',
      initial: 'refreshingToken',
      states: {
        refreshingToken: {
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ token: context.token ?? '' }),
            onDone: {
              target: 'fetchingUser',
              actions: [
                { type: 'applyToken', params: ({ event }) => ({ token: event.output }) },
                { type: 'storeToken', params: ({ event }) => ({ token: event.output }) },
                'restoreStored',
              ],
            },
            onError: { target: '#auth.signedOut', actions: [...endSession] },
          },
        },
        fetchingUser: {
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            onDone: {
              target: '#auth.signedIn',
              actions: [
                { type: 'applyUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'forgetReferralIfVerified', params: ({ event }) => ({ user: event.output }) },
                persistSession,
                'finishInitialLoading',
              ],
            },
            onError: { target: '#auth.signedOut', actions: [...endSession] },
          },
        },
      },
    },
    signedOut: {
      on: {
        'auth.initialize': { actions: 'initialize' },
        'auth.login': {
          target: 'signedIn',
          actions: {
            type: 'applyLogin',
            params: ({ event }) => ({ user: event.user, token: event.accessToken ?? null }),
          },
        },
        'auth.submitLogin': { target: 'loggingIn' },
        'auth.oauthLogin': { target: 'redirectingToProvider' },
        'auth.flagUp': {
          actions: { type: 'report', params: { message: ERRORS.notLoggedInUpdate } },
        },
        // Section 4: refreshing the user without a token logs out (no token, so nothing to revoke).
        'auth.refreshUser': { actions: [...endSession] },
        'auth.refreshShop': { actions: ['leaveShop', persistSession] },
      },
    },
    loggingIn: {
      entry: ['startLoading', 'forgetLoginError'],
      exit: 'finishLoading',
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'auth.submitLogin'
            ? {
                email: event.email,
                password: event.password,
                recaptchaToken: event.recaptchaToken ?? null,
                remember: event.remember ?? false,
              }
            : { email: '', password: '', recaptchaToken: null, remember: false },
        onDone: {
          target: 'signedIn',
          actions: {
            type: 'applyLogin',
            params: ({ event }) => ({ user: event.output.user, token: event.output.access_token }),
          },
        },
        onError: {
          target: 'signedOut',
          actions: { type: 'rememberLoginError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    redirectingToProvider: {
      entry: [
        'startLoading',
        {
          type: 'storeOAuthMode',
          params: ({ event }) => ({
            mode: event.type === 'auth.oauthLogin' ? (event.mode ?? 'login') : 'login',
          }),
        },
      ],
      exit: 'finishLoading',
      invoke: {
        id: 'oauthUrl',
        src: 'oauthUrl',
        input: ({ event }) =>
          event.type === 'auth.oauthLogin'
            ? { provider: event.provider, mode: event.mode ?? 'login' }
            : { provider: 'line' as const, mode: 'login' as const },
        onDone: {
          target: 'signedOut',
          actions: { type: 'redirect', params: ({ event }) => ({ url: event.output }) },
        },
        onError: {
          target: 'signedOut',
          actions: [...fail()],
        },
      },
    },
    signedIn: {
      initial: 'idle',
      // Issue 25: what was queued for this session is not raised for the next one.
      exit: 'forgetQueue',
      on: {
        // A login answer (sign-up, e-mail verification) updates the session without interrupting work.
        'auth.login': {
          actions: {
            type: 'applyLogin',
            params: ({ event }) => ({ user: event.user, token: event.accessToken ?? null }),
          },
        },
        // Issue 25: asked while busy (idle handles them at once): kept, and replayed once idle.
        'auth.flagUp': { actions: { type: 'queueFlag', params: ({ event }) => ({ flag: event.flag }) } },
        'auth.refreshUser': { actions: 'queueUserRefresh' },
      },
      states: {
        idle: {
          // Issue 25: back to idle, the queued requests are sent again as if asked now, the user refresh first
          // (a flag's answer is a fresh user too); the first that starts a call leaves idle and the rest queue
          // again behind it.
          entry: 'replayQueue',
          on: {
            'auth.initialize': { target: '#auth.signedOut', actions: 'initialize' },
            'auth.refreshUser': [
              { guard: 'hasToken', target: 'refreshingUser' },
              { target: '#auth.signedOut', actions: [...endSession] },
            ],
            'auth.refreshShop': [
              { guard: 'hasShopId', target: 'refreshingShop' },
              { actions: ['leaveShop', persistSession] },
            ],
            'auth.loginShop': { target: 'enteringShop' },
            'auth.flagUp': [
              // Section 4: raising a flag that is already up is skipped.
              { guard: { type: 'flagAlreadyUp', params: ({ event }) => ({ flag: event.flag }) } },
              { target: 'raisingFlag' },
            ],
          },
        },
        refreshingUser: {
          invoke: {
            id: 'fetchMe',
            src: 'fetchMe',
            onDone: {
              target: 'idle',
              actions: [
                { type: 'applyUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'forgetReferralIfVerified', params: ({ event }) => ({ user: event.output }) },
                persistSession,
              ],
            },
            onError: {
              target: 'idle',
              actions: [...fail(ERRORS.userFetchFailed)],
            },
          },
        },
        refreshingShop: {
          invoke: {
            id: 'fetchShop',
            src: 'fetchShop',
            input: ({ context }) => ({ shopId: context.shop?.id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'setShop', params: ({ event }) => ({ shop: event.output }) }, persistSession],
            },
            onError: {
              target: 'idle',
              actions: [...fail(ERRORS.shopFetchFailed)],
            },
          },
        },
        enteringShop: {
          entry: 'startLoading',
          exit: 'finishLoading',
          invoke: {
            id: 'loginShop',
            src: 'loginShop',
            input: ({ event }) => ({ shopId: event.type === 'auth.loginShop' ? event.shopId : 0 }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'enterShop', params: ({ event }) => ({ shop: event.output }) },
                persistSession,
                'scrollToTop',
              ],
            },
            onError: {
              target: 'idle',
              actions: [...fail()],
            },
          },
        },
        raisingFlag: {
          invoke: {
            id: 'flagUp',
            src: 'flagUp',
            input: ({ event }) => ({ flag: event.type === 'auth.flagUp' ? event.flag : 'savedFirstProfile' }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'applyUser', params: ({ event }) => ({ user: event.output }) },
                { type: 'forgetReferralIfVerified', params: ({ event }) => ({ user: event.output }) },
                persistSession,
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'report',
                params: ({ event }) => ({ message: messageOf(event.error), error: event.error }),
              },
            },
          },
        },
      },
    },
    // Section 4: logout clears the session and goes to /login even when the server call fails.
    loggingOut: {
      entry: 'startLoading',
      exit: 'finishLoading',
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: 'signedOut', actions: [...endSession] },
        onError: { target: 'signedOut', actions: [...endSession] },
      },
    },
  },
});
