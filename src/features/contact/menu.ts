import { Mail } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: "contact", last in both signed-in menus. */
export const menu: MenuEntry[] = [
  {
    appearance: 'shop',
    order: 100,
    icon: Mail,
    item: () => ({ kind: 'link', label: 'お問い合わせ', href: '/contact' }),
  },
  {
    appearance: 'focustar',
    order: 100,
    icon: Mail,
    item: () => ({ kind: 'link', label: 'お問い合わせ', href: '/contact' }),
  },
];
