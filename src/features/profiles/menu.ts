import { CircleUserRound, Store } from 'lucide-react';
import { type MenuEntry, profileHref } from '../../platform/menu.ts';

/** Seed spec section 2: "profile at /{screen_name}", of the selected shop or of the user. */
export const menu: MenuEntry[] = [
  {
    appearance: 'shop',
    order: 70,
    icon: Store,
    item: (ctx) => {
      const href = profileHref(ctx.shopScreenName);
      return href ? { kind: 'link', label: 'お店のプロフィール', href } : null;
    },
  },
  {
    appearance: 'focustar',
    order: 60,
    icon: CircleUserRound,
    item: (ctx) => {
      const href = profileHref(ctx.userScreenName);
      return href ? { kind: 'link', label: 'プロフィール', href } : null;
    },
  },
];
