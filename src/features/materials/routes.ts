import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/material',
    title: '販促素材',
    description: 'お店に置けるQRコードやPOPの素材をダウンロードできます。',
    access: 'member',
    load: () => import('./MaterialPage.tsx'),
  },
  {
    path: '/request-pop',
    title: '店頭POPの申し込み',
    description: 'お店に置くQRコード付きPOPスタンドを申し込めます。',
    access: 'member',
    load: () => import('./RequestPopPage.tsx'),
  },
  {
    path: '/admin-pop-orders',
    title: '店頭POPの申し込み一覧',
    description: 'お店から届いたPOPスタンドの申し込みと発送状況を管理します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminPopOrdersPage.tsx'),
  },
];
