import { ChartColumn } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Issue 27: 拡散の成果 in the shop menu, after the shop's supporters. */
export const menu: MenuEntry[] = [
  {
    appearance: 'shop',
    order: 35,
    icon: ChartColumn,
    item: () => ({ kind: 'link', label: '拡散の成果', href: '/results' }),
  },
];
