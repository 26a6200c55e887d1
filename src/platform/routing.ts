import type { MenuEntry } from './menu.ts';
import type { ComponentType } from 'react';

/**
 * Seed spec section 2: what a feature declares about each of its screens: the path, its Japanese title
 * and description, who may open it, its theme and footer, and the lazy loader of the screen (each screen
 * is its own chunk). The app assembles every feature's routes into one table.
 */

/** Seed spec section 3: the page theme (default, or legacy with a gradient background). */
export type PageTheme = 'default' | 'legacy';

export type Access =
  /** Anyone. */
  | 'public'
  /** Signed-in users; a guest goes to /login and comes back after logging in. */
  | 'member'
  /** Signed-in staff (role priority <= 5); others see that they have no access. */
  | 'staff'
  /** Guests only (login and sign-up); a signed-in user goes to /. */
  | 'guest';

export type ScreenProps = { params: Record<string, string> };

/** A breadcrumb: a screen above this one (with its link), or this one (the last, without). */
export type Crumb = { label: string; href?: string };

/**
 * Issue 29 (ADR 0211): the head of a screen that is the same for everyone (its breadcrumbs, its h1 and its
 * lead sentence). The screen draws it (`PageFrame`), and so do the session frame and the start-up state,
 * so a visitor with a session sees where they are at the first paint, before the app has run.
 */
export type ScreenHead = { title: string; lead?: string; breadcrumbs?: Crumb[] };
/**
 * A screen's chunk: the screen, and its head when it is the same for everyone (ADR 0213: in the screen's
 * chunk, not in the route table every first screen loads).
 */
export type ScreenModule = { default: ComponentType<ScreenProps>; head?: ScreenHead | ModeHeads };

/**
 * ADR 0215: the heads of a screen that says something else in each mode (`/history`: a supporter's rewards
 * and payouts, a shop's billing), each the same for everyone in that mode. The session frame holds both and
 * shows the one of the mode the session store remembers.
 */
export type ModeHeads = { focustar: ScreenHead; shop: ScreenHead };

/** The head a screen shows in `mode` (its only head, or the mode's). */
export function headIn(
  head: ScreenHead | ModeHeads | undefined,
  mode: keyof ModeHeads,
): ScreenHead | undefined {
  return head && 'focustar' in head ? head[mode] : head;
}

export type RouteDef = {
  path: string;
  title: string;
  description: string;
  access: Access;
  theme?: PageTheme;
  footer?: boolean;
  /** Path params that must pass the id rule (seed spec section 5) before the screen loads. */
  ids?: string[];
  load: () => Promise<ScreenModule>;
};

export const SITE_NAME = 'Focustar';
export const pageTitle = (title: string) => `${title} | ${SITE_NAME}`;

/** A tile of the admin menu (`/admin-menu`): a staff screen of a feature, with what it is for. */
export type AdminLink = { href: string; label: string; note: string };

/**
 * What a feature gives the app (src/app/features.ts lists them): its screens, its side-menu items and
 * the tiles of its staff screens on the admin menu.
 */
export type ClientFeature = {
  name: string;
  routes: readonly RouteDef[];
  /**
   * The feature's side-menu items: preferably the lazy import of its menu.ts (`() => import('./menu.ts')`),
   * so that the items and their icons load with the menu, after the first paint (ADR 0038).
   */
  menu?: readonly MenuEntry[] | (() => Promise<{ menu: readonly MenuEntry[] }>);
  adminLinks?: readonly AdminLink[];
};
