import type { RouteDef, ScreenHead } from '../../platform/routing.ts';

/** ADR 0211: the heads of this feature's screens that are the same for everyone (the screens draw them). */
export const RESULTS_HEAD: ScreenHead = {
  title: '拡散の成果',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: '拡散の成果' }],
  lead: '投稿からお店のページへのクリック、承認した投稿、費用をグラフと表で確認できます。',
};

/** Issue 27: the shop's results and the operators' dashboard (each screen its own chunk). */
export const routes: RouteDef[] = [
  {
    path: '/results',
    title: RESULTS_HEAD.title,
    head: RESULTS_HEAD,
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
