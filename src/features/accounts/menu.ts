import { LogIn, UserCog, UserPlus } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: account registration and login (guest), account info (supporter). */
export const menu: MenuEntry[] = [
  {
    appearance: 'guest',
    order: 30,
    icon: UserPlus,
    item: () => ({ kind: 'link', label: 'アカウント登録', href: '/line' }),
  },
  {
    appearance: 'guest',
    order: 40,
    icon: LogIn,
    item: () => ({ kind: 'link', label: 'ログイン', href: '/login' }),
  },
  {
    appearance: 'focustar',
    order: 70,
    icon: UserCog,
    item: () => ({ kind: 'link', label: 'アカウント情報', href: '/account-info' }),
  },
];
