import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/admin-index-picture-list',
    title: 'トップ画像の設定',
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
