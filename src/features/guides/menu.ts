import { CircleHelp, JapaneseYen, ShieldCheck, Store } from 'lucide-react';
import type { MenuEntry } from '../../platform/menu.ts';

/** Seed spec section 2: the price page, the safety guide and the FAQs, in each appearance. */
export const menu: MenuEntry[] = [
  {
    appearance: 'guest',
    order: 20,
    icon: Store,
    item: () => ({ kind: 'link', label: '広告主の方へ', href: '/introduction-advertiser' }),
  },
  {
    appearance: 'guest',
    order: 50,
    icon: CircleHelp,
    item: () => ({ kind: 'link', label: 'よくある質問（フォーカスター向け）', href: '/faq-focustar' }),
  },
  {
    appearance: 'shop',
    order: 40,
    icon: JapaneseYen,
    item: () => ({ kind: 'link', label: '料金・お支払い例', href: '/price' }),
  },
  {
    appearance: 'shop',
    order: 80,
    icon: ShieldCheck,
    item: () => ({ kind: 'link', label: '安心・安全ガイド', href: '/beginner?type=shop' }),
  },
  {
    appearance: 'shop',
    order: 90,
    icon: CircleHelp,
    item: () => ({ kind: 'link', label: 'よくある質問（広告主向け）', href: '/faq-advertiser' }),
  },
  {
    appearance: 'focustar',
    order: 80,
    icon: ShieldCheck,
    item: () => ({ kind: 'link', label: '安心・安全ガイド', href: '/beginner?type=focustar' }),
  },
  {
    appearance: 'focustar',
    order: 90,
    icon: CircleHelp,
    item: () => ({ kind: 'link', label: 'よくある質問（フォーカスター向け）', href: '/faq-focustar' }),
  },
];
