import { CreditCard, Landmark, ReceiptJapaneseYen, Wallet } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: payment history and methods (shop); pocket money and bank account (supporter). */
export const menu: MenuEntry[] = [
  {
    appearance: 'shop',
    order: 50,
    icon: ReceiptJapaneseYen,
    item: () => ({ kind: 'link', label: 'お支払い履歴', href: '/history' }),
  },
  {
    appearance: 'shop',
    order: 60,
    icon: CreditCard,
    item: () => ({ kind: 'link', label: 'お支払い方法', href: '/payments' }),
  },
  {
    appearance: 'focustar',
    order: 40,
    icon: Wallet,
    item: () => ({ kind: 'link', label: '報酬を確認する', href: '/history' }),
  },
  {
    appearance: 'focustar',
    order: 50,
    icon: Landmark,
    item: () => ({ kind: 'link', label: '振込先の口座', href: '/bank' }),
  },
];
