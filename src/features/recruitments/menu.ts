import { Gift } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: "check monitor recruitment" (shop; issue 15 names it 「モニター募集を確認」) and "trial support" (supporter; 「モニター募集」, product design section 8). */
export const menu: MenuEntry[] = [
  {
    appearance: 'shop',
    order: 20,
    icon: Gift,
    item: () => ({ kind: 'link', label: 'モニター募集を確認', href: '/winner-picker' }),
  },
  {
    appearance: 'focustar',
    order: 20,
    icon: Gift,
    item: () => ({ kind: 'link', label: 'モニター募集', href: '/recruitments' }),
  },
];
