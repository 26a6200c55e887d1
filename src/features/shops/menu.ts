import { Heart, Users } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: "your supporters" (shop) and "favourites" with type=follow (supporter). */
export const menu: MenuEntry[] = [
  {
    appearance: 'shop',
    order: 30,
    icon: Users,
    item: () => ({ kind: 'link', label: 'あなたのフォーカスター', href: '/favorites' }),
  },
  {
    appearance: 'focustar',
    order: 30,
    icon: Heart,
    item: () => ({ kind: 'link', label: 'お気に入りのお店', href: '/favorites?type=follow' }),
  },
];
