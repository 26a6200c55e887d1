import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/:screen_name',
    title: 'プロフィール',
    description: 'Focustarのフォーカスター・お店のプロフィールです。',
    access: 'public',
    load: () => import('./PublicProfilePage.tsx'),
  },
];
