import type { RouteDef, ScreenHead } from '../../platform/routing.ts';

/** ADR 0211: the heads of this feature's screens that are the same for everyone (the screens draw them). */
export const REQUEST_SHOP_HEAD: ScreenHead = {
  title: 'お店をリクエスト',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: 'お店をリクエスト' }],
  lead: '応援したいお店がFocustarにまだない場合は、こちらから教えてください。運営からお店にご案内します。',
};
export const ADMIN_SHOP_REQUESTS_HEAD: ScreenHead = {
  title: 'お店リクエストの対応',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: 'お店リクエストの対応' }],
  lead: 'フォーカスターから推薦されたお店です。ご案内の状況とメモを残します。',
};

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/request-shop',
    title: REQUEST_SHOP_HEAD.title,
    head: REQUEST_SHOP_HEAD,
    description: '応援したいお店をFocustarに推薦できます。',
    access: 'member',
    load: () => import('./RequestShopPage.tsx'),
  },
  {
    path: '/admin-shop-requests',
    title: ADMIN_SHOP_REQUESTS_HEAD.title,
    head: ADMIN_SHOP_REQUESTS_HEAD,
    description: 'フォーカスターから推薦されたお店を確認して、対応状況を記録します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminShopRequestsPage.tsx'),
  },
];
