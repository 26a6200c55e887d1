import { Inbox, Megaphone } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: "request support spreading" (shop) and "confirm support requests" (supporter). */
export const menu: MenuEntry[] = [
  {
    appearance: 'shop',
    order: 10,
    icon: Megaphone,
    item: (ctx) => ({
      kind: 'link',
      label: '拡散を依頼する',
      href: ctx.isBeginnerShop ? '/beginner?type=shop' : '/ad?step=1',
    }),
  },
  {
    appearance: 'focustar',
    order: 10,
    icon: Inbox,
    item: (ctx) => ({
      kind: 'link',
      label: '拡散依頼を確認する',
      href: '/advertisements',
      ...(ctx.notAcceptedUnits ? { badge: ctx.notAcceptedUnits } : {}),
    }),
  },
];
