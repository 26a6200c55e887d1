import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/error',
    title: 'エラーが発生しました',
    description: 'ページでエラーが発生したため表示できません。',
    access: 'public',
    load: () => import('./ErrorPage.tsx'),
  },
];
