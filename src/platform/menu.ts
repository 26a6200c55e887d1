import type { LucideIcon } from 'lucide-react';

/**
 * Seed spec section 2 (side menu): the shapes of the menu. Each feature contributes its items in its
 * own menu.ts; the app assembles them in the order of the spec (src/app/shell/menu.ts).
 */
export type MenuAppearance = 'guest' | 'shop' | 'focustar';

export type MenuAction = 'close' | 'switchShop' | 'switchToShop' | 'switchToFocustar' | 'logout';
/**
 * An item's icon: a lucide-react icon imported by name in the feature's menu.ts (so only the icons used
 * are bundled). The menu and its icons load after the first paint (ADR 0038).
 */
export type MenuIcon = LucideIcon;
export type MenuItem =
  | { kind: 'link'; label: string; href: string; badge?: number; action?: MenuAction; icon?: MenuIcon }
  | { kind: 'action'; label: string; action: MenuAction; icon?: MenuIcon };

export type MenuContext = {
  /** The signed-in user's screen_name (profile at /{screen_name}). */
  userScreenName?: string | null;
  /** The selected shop, when there is one. */
  shopScreenName?: string | null;
  shopSelected: boolean;
  companyAvailable: boolean;
  isStaff: boolean;
  isBeginnerShop: boolean;
  notAcceptedUnits?: number;
};

export type MenuModel = {
  appearance: MenuAppearance;
  items: MenuItem[];
  /** Shop mode without a usable shop: why the shop items are missing. */
  shopNotice?: string;
  /** Mode switch, staff menu and logout (both signed-in menus). */
  account: MenuItem[];
  staff: MenuItem[];
};

/** Seed spec section 1: the guest sidebar copy. */
export const GUEST_SIDEBAR_COPY = [
  {
    title: '好きなお店を、SNSで応援',
    body: 'お気に入りのお店の魅力をSNSで紹介すると、報酬を受け取れます。応援がお店の力になります。',
  },
  {
    title: 'お客さまの声だから信頼される',
    body: '実際に通うお客さまの言葉は、広告よりも届きます。だからFocustarの投稿は信頼されます。',
  },
  {
    title: 'お店を広めたい方へ',
    body: '常連さんやファンに、SNSでの拡散をお願いしてみませんか。少ない予算から始められます。',
  },
] as const;

/**
 * One item a feature adds to a side menu: the appearance it belongs to, its position (the seed spec's
 * order, in steps of 10), and the item for a context (null hides it).
 */
export type MenuEntry = {
  appearance: MenuAppearance;
  order: number;
  /** Shown before the label (issue 11); items without one get a neutral mark. */
  icon?: MenuIcon;
  item: (ctx: MenuContext) => MenuItem | null;
};

/** `/{screen_name}`: the profile link of a user or a shop. */
export function profileHref(screenName: string | null | undefined): string | null {
  return screenName ? `/${encodeURIComponent(screenName)}` : null;
}
