import type { StoredSession } from '../../../machines/session.ts';
import { readStoredSession } from './stored-session.ts';
import { ACCESS_TOKEN_STORAGE_KEY, SESSION_STORE_STORAGE_KEY } from '../../../contracts/values.ts';

/**
 * Seed spec section 3: the session store kept in the browser. Exactly three keys: `accessToken`,
 * `store` (login, user, role, shop) and `referralShopId`. localStorage, so a login survives a
 * closed tab (ADR 0023). Every read is validated (stored-session.ts, without zod: ADR 0038): a tampered
 * or outdated `store` reads as empty.
 */
export const STORAGE_KEYS = {
  accessToken: ACCESS_TOKEN_STORAGE_KEY,
  store: SESSION_STORE_STORAGE_KEY,
  referralShopId: 'referralShopId',
} as const;

/**
 * Items an earlier social-login flow left in storage (section 3: "Legacy social-login items are
 * deleted"). The old names are not shown by the spec; these prefixes cover the ones such flows
 * used (ADR 0023).
 */
export const LEGACY_KEY_PREFIXES = ['socialLogin', 'social_login', 'sns_login', 'snsLogin'] as const;

/** The subset of the Web Storage API used here (tests pass a Map-backed one). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

type Listener = (token: string | null) => void;

export interface SessionStorage {
  getToken(): string | null;
  setToken(token: string): void;
  removeToken(): void;
  readStore(): StoredSession | null;
  writeStore(session: StoredSession): void;
  removeStore(): void;
  getReferralShopId(): number | null;
  setReferralShopId(id: number): void;
  removeReferralShopId(): void;
  removeLegacyItems(): string[];
  /** Called whenever the token changes (the request layer refreshes it; the auth actor mirrors it). */
  onTokenChange(listener: Listener): () => void;
}

/** An in-memory storage for environments without Web Storage (private modes that throw, tests). */
export function createMemoryStorage(): KeyValueStorage {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

export function createSessionStorage(storage: KeyValueStorage): SessionStorage {
  const listeners = new Set<Listener>();
  const emit = (token: string | null) => {
    for (const l of listeners) l(token);
  };
  const safeGet = (key: string) => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  const safeSet = (key: string, value: string) => {
    try {
      storage.setItem(key, value);
    } catch {
      // NOTE: a full or disabled storage must not break the app; the session then lasts the page.
    }
  };
  const safeRemove = (key: string) => {
    try {
      storage.removeItem(key);
    } catch {
      // see safeSet
    }
  };

  return {
    getToken: () => safeGet(STORAGE_KEYS.accessToken) || null,
    setToken(token) {
      if (safeGet(STORAGE_KEYS.accessToken) === token) return;
      safeSet(STORAGE_KEYS.accessToken, token);
      emit(token);
    },
    removeToken() {
      if (safeGet(STORAGE_KEYS.accessToken) === null) return;
      safeRemove(STORAGE_KEYS.accessToken);
      emit(null);
    },
    readStore() {
      const raw = safeGet(STORAGE_KEYS.store);
      if (!raw) return null;
      try {
        return readStoredSession(JSON.parse(raw));
      } catch {
        return null;
      }
    },
    writeStore: (session) => safeSet(STORAGE_KEYS.store, JSON.stringify(session)),
    removeStore: () => safeRemove(STORAGE_KEYS.store),
    getReferralShopId() {
      const raw = safeGet(STORAGE_KEYS.referralShopId);
      const id = raw === null ? Number.NaN : Number(raw);
      return Number.isSafeInteger(id) && id >= 1 ? id : null;
    },
    setReferralShopId: (id) => safeSet(STORAGE_KEYS.referralShopId, String(id)),
    removeReferralShopId: () => safeRemove(STORAGE_KEYS.referralShopId),
    removeLegacyItems() {
      const doomed: string[] = [];
      try {
        for (let i = 0; i < storage.length; i += 1) {
          const key = storage.key(i);
          if (key && LEGACY_KEY_PREFIXES.some((p) => key.startsWith(p))) doomed.push(key);
        }
      } catch {
        return [];
      }
      for (const key of doomed) safeRemove(key);
      return doomed;
    },
    onTokenChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) {
      // NOTE: reading `localStorage` itself throws in some privacy modes, hence the probe.
      window.localStorage.getItem(STORAGE_KEYS.accessToken);
      return window.localStorage;
    }
  } catch {
    // fall through to memory
  }
  return createMemoryStorage();
}

/** The app's one session storage. */
export const session: SessionStorage = createSessionStorage(browserStorage());
