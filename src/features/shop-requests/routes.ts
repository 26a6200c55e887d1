import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/request-shop',
    title: 'お店をリクエスト',
    description: '応援したいお店をFocustarに推薦できます。',
    access: 'member',
    load: () => import('./RequestShopPage.tsx'),
  },
  {
    path: '/admin-shop-requests',
    title: 'お店リクエストの対応',
    description: 'フォーカスターから推薦されたお店を確認して、対応状況を記録します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminShopRequestsPage.tsx'),
  },
];
