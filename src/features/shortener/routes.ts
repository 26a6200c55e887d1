import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/admin-url-shrinker',
    title: '短縮URLの作成',
    description: '計測用の短縮URLを作成し、クリック数を確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminUrlShrinkerPage.tsx'),
  },
];
