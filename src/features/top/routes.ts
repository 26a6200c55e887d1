import type { RouteDef, ScreenHead } from '../../platform/routing.ts';

/** ADR 0211: the heads of this feature's screens that are the same for everyone (the screens draw them). */
export const ADMIN_INDEX_PICTURE_LIST_HEAD: ScreenHead = {
  title: 'トップ画像の設定',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: 'トップ画像の設定' }],
  lead: 'トップページに表示する画像を登録し、表示順と公開・非公開を切り替えます。表示中の画像から最大6枚がランダムに表示されます。',
};

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/admin-index-picture-list',
    title: ADMIN_INDEX_PICTURE_LIST_HEAD.title,
    head: ADMIN_INDEX_PICTURE_LIST_HEAD,
    description: 'トップページに表示する画像を登録・並べ替え・公開設定します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminIndexPictureListPage.tsx'),
  },
  {
    path: '/',
    title: '好きなお店を、SNSで応援しよう',
    description:
      'Focustar（フォーカスター）は、好きなお店をSNSで応援して報酬を受け取れる、お店とファンをつなぐサービスです。',
    access: 'public',
    theme: 'legacy',
    load: () => import('./TopPage.tsx'),
  },
];
