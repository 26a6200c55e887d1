import type { RouteDef } from '../../platform/routing.ts';

/** Issue 26 "In-app" (product design section 8): the person's notifications, newest first. */
export const routes: RouteDef[] = [
  {
    path: '/notifications',
    title: 'お知らせ',
    description: '投稿の審査結果やオファー、お振込みなど、あなたへのお知らせを新しい順に表示します。',
    access: 'member',
    load: () => import('./NotificationsPage.tsx'),
  },
];
