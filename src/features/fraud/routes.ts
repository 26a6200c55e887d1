import type { RouteDef } from '../../platform/routing.ts';

/** Issue 24: the fraud review queue (staff). */
export const routes: RouteDef[] = [
  {
    path: '/admin-fraud',
    title: '不正の確認',
    description: '不正の疑いを確かめて対応します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminFraudPage.tsx'),
  },
];
