import { useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { type SnapshotFrom, waitFor } from 'xstate';
import type { AuthContext, OAuthMode } from '../../../machines/authMachine.ts';
import {
  companyAvailable,
  isAdmin,
  isBeginnerShop,
  isBeginnerUser,
  isStaff,
  type MenuAppearance,
  shopUnderReview,
} from '../../../machines/selectors.ts';
import type { LoginProvider } from '../../../contracts/oauth.ts';
import type { Shop } from '../../../contracts/shops.ts';
import type { User, UserFlag } from '../../../contracts/accounts.ts';
import { ERRORS } from '../../../machines/errors.ts';
import { requireId } from '../lib/ids.ts';
import type { ClientRole } from '../../../machines/session.ts';
import { authActor, sideMenuActor } from './actors.ts';
import { versionStore } from './versionStore.ts';

/** Small hooks over the app-wide actors: each reads one slice, so a component re-renders only for it. */

export interface AuthState {
  login: boolean;
  user: User | null;
  role: ClientRole;
  shop: Shop | null;
  initialLoading: boolean;
  /** Issue 29 (ADR 0200): starting up with a stored session (signing the visitor back in). */
  restoring: boolean;
  loading: boolean;
  isStaff: boolean;
  isAdmin: boolean;
  companyAvailable: boolean;
  shopUnderReview: boolean;
  isBeginnerShop: boolean;
  isBeginnerUser: boolean;
  send: typeof authActor.send;
}

type AuthSlice = Omit<AuthState, 'send'>;

export function selectAuth(context: AuthContext): AuthSlice {
  return {
    login: context.login,
    user: context.user,
    role: context.role,
    shop: context.shop,
    initialLoading: context.initialLoading,
    restoring: context.initialLoading && context.token !== null,
    loading: context.loading,
    isStaff: isStaff(context.user),
    isAdmin: isAdmin(context.user),
    companyAvailable: companyAvailable(context.user),
    shopUnderReview: shopUnderReview(context.shop),
    isBeginnerShop: isBeginnerShop(context.shop),
    isBeginnerUser: isBeginnerUser(context.user),
  };
}

function shallowEqual<T extends object>(a: T, b: T): boolean {
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]));
}

const selectAuthSnapshot = (s: SnapshotFrom<typeof authActor>) => selectAuth(s.context);
const send = authActor.send.bind(authActor);

export function useAuth(): AuthState {
  const slice = useSelector(authActor, selectAuthSnapshot, shallowEqual);
  return { ...slice, send };
}

export interface SideMenuState {
  open: boolean;
  appearance: MenuAppearance;
  send: typeof sideMenuActor.send;
}

const sendMenu = sideMenuActor.send.bind(sideMenuActor);
const selectMenuOpen = (s: SnapshotFrom<typeof sideMenuActor>) => s.matches('open') || s.matches('closing');

export function useSideMenu(): SideMenuState {
  const open = useSelector(sideMenuActor, selectMenuOpen);
  const appearance = useSelector(sideMenuActor, (s) => s.context.appearance);
  return { open, appearance, send: sendMenu };
}

/** Section 4: the server answered with another version than this build's. */
export function useVersionMismatch(): boolean {
  return useSyncExternalStore(versionStore.subscribe, versionStore.get, versionStore.get);
}

export interface AuthActions {
  /** Resolves when signed in; rejects with the API error (an ApiRequestError with field `errors`). */
  login(email: string, password: string, recaptchaToken?: string | null, remember?: boolean): Promise<void>;
  logout(): Promise<void>;
  switchMode(role: ClientRole): void;
  switchShop(): void;
  loginShop(shopId: number): Promise<void>;
  flagUp(flag: UserFlag): Promise<void>;
  oauthLogin(provider: LoginProvider, mode?: OAuthMode): Promise<void>;
  /** Reads the user again (after a screen changed it: profile, avatar, SNS accounts). */
  refreshUser(): Promise<void>;
}

type AuthSnapshot = SnapshotFrom<typeof authActor>;
const settled = (busy: (s: AuthSnapshot) => boolean) =>
  waitFor(authActor, (s) => !busy(s)).then(() => undefined);

export const authActions: AuthActions = {
  async login(email, password, recaptchaToken, remember) {
    authActor.send({
      type: 'auth.submitLogin',
      email,
      password,
      recaptchaToken: recaptchaToken ?? null,
      remember: remember ?? false,
    });
    const snapshot = await waitFor(authActor, (s) => !s.matches('loggingIn'));
    if (snapshot.matches('signedIn')) {
      // Issue 25 (ADR 0167): back into the shop the person used last; a shop that can no longer be
      // entered leaves them on the shop switch, with the server's message.
      const user = snapshot.context.user;
      if (user?.last_mode === 'shop' && user.last_shop_id) {
        await authActions.loginShop(user.last_shop_id).catch(() => {});
      }
      return;
    }
    throw snapshot.context.loginError ?? new Error('ログインできませんでした。');
  },
  async logout() {
    authActor.send({ type: 'auth.logout' });
    await waitFor(authActor, (s) => s.matches('signedOut'));
  },
  switchMode(role) {
    sideMenuActor.send({ type: 'menu.switchMode', role });
  },
  switchShop() {
    sideMenuActor.send({ type: 'menu.switchShop' });
  },
  async loginShop(shopId) {
    // Section 5: a bad id is shown and reported here, and the call is not made.
    authActor.send({ type: 'auth.loginShop', shopId: requireId(shopId) });
    await settled((s) => s.matches({ signedIn: 'enteringShop' }));
  },
  async flagUp(flag) {
    const signedIn = authActor.getSnapshot().matches('signedIn');
    authActor.send({ type: 'auth.flagUp', flag });
    // Section 4: raising a flag while logged out is an error (the machine reports it; the caller hears it).
    if (!signedIn) throw new Error(ERRORS.notLoggedInUpdate);
    await settled((s) => s.matches({ signedIn: 'raisingFlag' }));
  },
  async oauthLogin(provider, mode) {
    authActor.send({ type: 'auth.oauthLogin', provider, ...(mode ? { mode } : {}) });
    await settled((s) => s.matches('redirectingToProvider'));
  },
  async refreshUser() {
    authActor.send({ type: 'auth.refreshUser' });
    await settled((s) => s.matches({ signedIn: 'refreshingUser' }));
  },
};

export function useAuthActions(): AuthActions {
  return authActions;
}
