import type { RouteDef } from '../../platform/routing.ts';

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
    title: 'お店の情報',
    description: 'お店の名前・紹介・営業時間・カバー画像など、お店のページに表示する情報を編集します。',
    access: 'member',
    load: () => import('./ShopProfilePage.tsx'),
  },
  {
    path: '/company-profile',
    title: '会社の情報',
    description: '会社（屋号）の名前・所在地・連絡先・インボイス登録番号を編集します。',
    access: 'member',
    load: () => import('./CompanyProfilePage.tsx'),
  },
  {
    path: '/admin-shop-list',
    title: '会社・お店の審査',
    description: '申し込まれた会社とお店を確認し、承認または審査NGにします。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminShopListPage.tsx'),
  },
];
