import type { RouteDef, ScreenHead } from '../../platform/routing.ts';

/** ADR 0211: the heads of this feature's screens that are the same for everyone (the screens draw them). */
export const SHOP_PROFILE_HEAD: ScreenHead = {
  title: 'お店の情報',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: 'お店の情報' }],
  lead: 'お店のページに表示される情報です。フォーカスターがお店を探すときにも使われます。',
};
export const COMPANY_PROFILE_HEAD: ScreenHead = {
  title: '会社の情報',
  breadcrumbs: [{ label: 'トップ', href: '/' }, { label: '会社の情報' }],
  lead: 'ご請求やお振込み、審査のご連絡に使う会社（屋号）の情報です。お店のページには表示されません。',
};
export const ADMIN_SHOP_LIST_HEAD: ScreenHead = {
  title: '会社・お店の審査',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: '会社・お店の審査' }],
  lead: '申し込まれた会社とお店の内容を確認し、承認または審査NGにします。結果はお客さまにメールでお知らせします。',
};

/** Seed spec section 2 and issue 12: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/favorites',
    title: 'お気に入り',
    description: 'お気に入りのお店や、お店を応援しているフォーカスターを探せます。',
    access: 'member',
    load: () => import('./FavoritesPage.tsx'),
  },
  {
    path: '/apply-advertiser',
    title: '広告主のお申し込み',
    description: '会社とお店の情報を登録して、Focustarへの掲載を申し込みます。',
    access: 'member',
    load: () => import('./ApplyAdvertiserPage.tsx'),
  },
  {
    path: '/shop-profile',
    title: SHOP_PROFILE_HEAD.title,
    head: SHOP_PROFILE_HEAD,
    description: 'お店の名前・紹介・営業時間・カバー画像など、お店のページに表示する情報を編集します。',
    access: 'member',
    load: () => import('./ShopProfilePage.tsx'),
  },
  {
    path: '/company-profile',
    title: COMPANY_PROFILE_HEAD.title,
    head: COMPANY_PROFILE_HEAD,
    description: '会社（屋号）の名前・所在地・連絡先・インボイス登録番号を編集します。',
    access: 'member',
    load: () => import('./CompanyProfilePage.tsx'),
  },
  {
    path: '/admin-shop-list',
    title: ADMIN_SHOP_LIST_HEAD.title,
    head: ADMIN_SHOP_LIST_HEAD,
    description: '申し込まれた会社とお店を確認し、承認または審査NGにします。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminShopListPage.tsx'),
  },
];
