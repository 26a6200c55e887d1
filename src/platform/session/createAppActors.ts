import { type Actor, createActor, fromPromise, type InspectionEvent } from 'xstate';
import { authMachine } from '../../../machines/authMachine.ts';
import { menuAppearance } from '../../../machines/selectors.ts';
import { sideMenuMachine } from '../../../machines/sideMenuMachine.ts';
import { getMe } from './api/auth/get-me.ts';
import { login } from './api/auth/login.ts';
import { logout } from './api/auth/logout.ts';
import { refreshToken } from './api/auth/refresh-token.ts';
import { storeOAuthMode } from '../request/cookies.ts';
import { getOAuthUrl } from './api/oauth/get-oauth-url.ts';
import { getShop } from './api/shops/get-shop.ts';
import { loginShop } from './api/shops/login-shop.ts';
import { flagUp } from './api/users/flag-up.ts';
import { rememberSupporterMode } from './api/users/remember-mode.ts';
import type { SessionStorage } from './session-storage.ts';

/** The calls the auth actor makes; the API files by default, fakes in tests. */
export interface AuthCalls {
  refreshToken: () => Promise<string>;
  getMe: typeof getMe;
  login: typeof login;
  logout: typeof logout;
  getShop: typeof getShop;
  loginShop: typeof loginShop;
  flagUp: typeof flagUp;
  getOAuthUrl: typeof getOAuthUrl;
  /** Issue 25 (ADR 0167): switching to supporter mode is remembered for the next login. */
  rememberSupporterMode?: typeof rememberSupporterMode;
}

export const apiAuthCalls: AuthCalls = {
  refreshToken,
  getMe,
  login,
  logout,
  getShop,
  loginShop,
  flagUp,
  getOAuthUrl,
  rememberSupporterMode,
};

export interface AppDeps {
  session: SessionStorage;
  calls: AuthCalls;
  navigate: (to: string) => void;
  redirect: (url: string) => void;
  scrollToTop: () => void;
  storeOAuthMode: (mode: 'login' | 'register') => void;
  report: (error: unknown, extra?: Record<string, unknown>) => void;
  toastError: (message: string) => void;
  inspect?: ((event: InspectionEvent) => void) | undefined;
}

export const defaultBrowserEffects = {
  redirect: (url: string) => window.location.assign(url),
  scrollToTop: () => window.scrollTo({ top: 0, left: 0 }),
  storeOAuthMode,
};

export function createAuthLogic(deps: AppDeps) {
  const { session, calls } = deps;
  return authMachine.provide({
    actors: {
      // NOTE: the start-up refresh is the request layer's shared one; it is not aborted with this
      // actor, because other calls may be waiting on it.
      refreshToken: fromPromise(() => calls.refreshToken()),
      fetchMe: fromPromise(({ signal }) => calls.getMe({ signal })),
      login: fromPromise(({ input, signal }) =>
        calls.login(
          {
            email: input.email,
            password: input.password,
            recaptchaToken: input.recaptchaToken,
            remember: input.remember,
          },
          { signal },
        ),
      ),
      logout: fromPromise(({ signal }) => calls.logout({ signal })),
      fetchShop: fromPromise(({ input, signal }) => calls.getShop(input.shopId, { signal })),
      loginShop: fromPromise(({ input, signal }) => calls.loginShop(input.shopId, { signal })),
      flagUp: fromPromise(({ input, signal }) => calls.flagUp(input.flag, { signal })),
      // A sign-up from a shop's referral link keeps the shop id through the provider round trip.
      oauthUrl: fromPromise(({ input, signal }) =>
        calls.getOAuthUrl(
          input.provider,
          { mode: input.mode, referralShopId: session.getReferralShopId() },
          { signal },
        ),
      ),
    },
    actions: {
      persist: (_, { session: stored }) => session.writeStore(stored),
      storeToken: (_, { token }) => session.setToken(token),
      clearSession: () => {
        session.removeToken();
        session.removeStore();
      },
      removeReferralShopId: () => session.removeReferralShopId(),
      navigate: (_, { to }) => deps.navigate(to),
      redirect: (_, { url }) => deps.redirect(url),
      scrollToTop: () => deps.scrollToTop(),
      storeOAuthMode: (_, { mode }) => deps.storeOAuthMode(mode),
      report: (_, { message, error }) => deps.report(error ?? new Error(message), { message }),
      toastError: (_, { message }) => deps.toastError(message),
    },
  });
}

export type AuthActor = Actor<ReturnType<typeof createAuthLogic>>;

export function createSideMenuLogic(
  auth: AuthActor,
  deps: Pick<AppDeps, 'navigate'> & Partial<Pick<AppDeps, 'calls' | 'report'>>,
) {
  const remember = deps.calls?.rememberSupporterMode;
  return sideMenuMachine.provide({
    actions: {
      setRole: (_, { role }) => {
        auth.send({ type: 'auth.setRole', role });
        // ADR 0167: supporter mode is remembered on the server (entering a shop remembers itself); the
        // user is read again so the top page knows the choice. A failure costs only the memory.
        if (role === 'focustar' && remember && auth.getSnapshot().matches('signedIn')) {
          remember().then(
            () => auth.send({ type: 'auth.refreshUser' }),
            (error: unknown) => deps.report?.(error, { message: 'rememberSupporterMode' }),
          );
        }
      },
      clearShop: () => auth.send({ type: 'auth.setShop', shop: null }),
      logout: () => auth.send({ type: 'auth.logout' }),
      navigate: (_, { to }) => deps.navigate(to),
    },
  });
}

/**
 * Creates and starts the app-wide actors once. Legacy social-login items are deleted first
 * (section 3), the stored session is the auth actor's input, token changes made by the request
 * layer flow into the auth actor, and the menu's appearance follows the auth state.
 */
export function createAppActors(deps: AppDeps) {
  deps.session.removeLegacyItems();
  const authActor = createActor(createAuthLogic(deps), {
    systemId: 'auth',
    input: { token: deps.session.getToken(), stored: deps.session.readStore() },
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  const sideMenuActor = createActor(createSideMenuLogic(authActor, deps), {
    systemId: 'sideMenu',
    input: { appearance: 'guest' },
    ...(deps.inspect ? { inspect: deps.inspect } : {}),
  });
  const stopToken = deps.session.onTokenChange((token) =>
    authActor.send({ type: 'auth.tokenChanged', token }),
  );
  let appearance = sideMenuActor.getSnapshot().context.appearance;
  const appearanceSub = authActor.subscribe((snapshot) => {
    const next = menuAppearance(snapshot.context);
    if (next === appearance) return;
    appearance = next;
    sideMenuActor.send({ type: 'menu.appearance', appearance: next });
  });
  sideMenuActor.start();
  authActor.start();
  return {
    authActor,
    sideMenuActor,
    stop() {
      stopToken();
      appearanceSub.unsubscribe();
      sideMenuActor.stop();
      authActor.stop();
    },
  };
}
