import { BookOpen } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: the guest menu's how-to-use link to the root. */
export const menu: MenuEntry[] = [
  {
    appearance: 'guest',
    order: 10,
    icon: BookOpen,
    item: () => ({ kind: 'link', label: '使い方', href: '/' }),
  },
];
