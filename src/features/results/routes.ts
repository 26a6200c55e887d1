import type { RouteDef } from '../../platform/routing.ts';

/** Issue 27: the shop's results and the operators' dashboard (each screen its own chunk). */
export const routes: RouteDef[] = [
  {
    path: '/results',
    title: '拡散の成果',
    description: '拡散依頼の投稿から生まれたクリック、承認した投稿、費用をグラフと表で確認します。',
    access: 'member',
    load: () => import('./ResultsPage.tsx'),
  },
  {
    path: '/admin-dashboard',
    title: '運営ダッシュボード',
    description: 'ご請求や報酬、フォーカスターとお店の動きを12か月の推移で確認します（管理者のみ）。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminDashboardPage.tsx'),
  },
];
