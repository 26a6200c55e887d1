import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/admin-payments',
    title: 'お振込み予定額',
    description: 'フォーカスターへの今月のお振込み予定額を確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminPaymentsPage.tsx'),
  },
  {
    path: '/admin-payments-detail',
    title: 'お振込みの明細',
    description: 'フォーカスターごとのお振込み明細を確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminPaymentsDetailPage.tsx'),
  },
  {
    path: '/bank',
    title: '振込先口座の登録',
    description: '報酬を受け取る銀行口座を登録します。',
    access: 'member',
    load: () => import('./BankPage.tsx'),
  },
  {
    path: '/history',
    title: '報酬・お支払い履歴',
    description: '受け取った報酬や、お支払いの履歴を確認できます。',
    access: 'member',
    load: () => import('./HistoryPage.tsx'),
  },
  {
    path: '/payments',
    title: 'お支払い方法',
    description: '拡散依頼のお支払い方法を登録・変更します。',
    access: 'member',
    load: () => import('./PaymentsPage.tsx'),
  },
];
