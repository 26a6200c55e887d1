import type { User } from '../contracts/accounts.ts';
import type { Shop } from '../contracts/shops.ts';
import { PAID_STATUS, SHOP_UNDER_REVIEW_STATUS } from '../contracts/values.ts';

/**
 * Facts derived from the auth state (seed spec sections 4 and 6). Pure functions of the user and
 * the shop, so the components, the route guards and the tests all compute them the same way.
 */

/** Section 6 / 9: admin threshold 1, staff threshold 5 (lower priority = more privileged). */
export const ADMIN_PRIORITY = 1;
export const STAFF_PRIORITY = 5;

export const isAdmin = (user: User | null): boolean => !!user && user.role.priority <= ADMIN_PRIORITY;
export const isStaff = (user: User | null): boolean => !!user && user.role.priority <= STAFF_PRIORITY;

/** Section 4: only "available (trading)" counts as available; "available (not trading)" does not. */
export const companyAvailable = (user: User | null): boolean =>
  user?.company?.paid_status === PAID_STATUS.availableTrading;

export const companyUnderReview = (user: User | null): boolean =>
  user?.company?.paid_status === PAID_STATUS.underReview;

/** Section 4: compared with the exact review text. */
export const shopUnderReview = (shop: Shop | null): boolean => shop?.status === SHOP_UNDER_REVIEW_STATUS;

/** Section 4: a beginner shop has not completed its first ad and has no supporters. */
export const isBeginnerShop = (shop: Shop | null): boolean =>
  !!shop && !shop.flag_status.completedFirstAd && shop.favoriters_count === 0;

/**
 * Section 4, as written: "User is a beginner if first profile saved and has favourites; the
 * opposite is neither" (ADR 0024 records the literal reading).
 */
export const isBeginnerUser = (user: User | null): boolean =>
  !!user && user.flag_status.savedFirstProfile && user.favorites_count > 0;

/** Section 6: shop features need the company available (trading) or the user staff. */
export const canUseShopFeatures = (user: User | null, shop: Shop | null): boolean =>
  isStaff(user) || (!!shop && companyAvailable(user));

export type MenuAppearance = 'guest' | 'shop' | 'focustar';

/** Section 2: the side menu looks like the guest, the shop or the supporter menu. */
export const menuAppearance = (state: { login: boolean; user: User | null; role: 'focustar' | 'shop' }) =>
  (!state.login || !state.user
    ? 'guest'
    : state.role === 'shop'
      ? 'shop'
      : 'focustar') satisfies MenuAppearance;
