import type { Shop } from '../contracts/shops.ts';
import type { User } from '../contracts/accounts.ts';

/** Seed spec section 3: the session store's shape (the UI state the auth actor keeps and persists). */
export type ClientRole = 'focustar' | 'shop';

export interface StoredSession {
  login: boolean;
  user: User | null;
  role: ClientRole;
  shop: Shop | null;
}
