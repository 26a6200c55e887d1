import type { RouteDef } from '../../platform/routing.ts';

/** Issue 27: the shop's results and the operators' dashboard (each screen its own chunk). */
export const routes: RouteDef[] = [
  {
    path: '/results',
    title: '拡散の成果',
    description: '投稿から生まれたクリックや費用をグラフと表で確認します。',
    access: 'member',
    load: () => import('./ResultsPage.tsx'),
  },
  {
    path: '/admin-dashboard',
    title: '運営ダッシュボード',
    description: '請求・報酬・利用の12か月の推移を確認します（管理者のみ）。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminDashboardPage.tsx'),
  },
];
