import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/ad',
    title: '拡散を依頼する',
    description: 'フォーカスターにお店の魅力をSNSで広めてもらう拡散依頼を作成します。',
    access: 'member',
    footer: false,
    load: () => import('./AdPage.tsx'),
  },
  {
    path: '/advertisements',
    title: '拡散依頼の確認',
    description: 'お店から届いた拡散依頼を確認して、引き受けるかどうかを選べます。',
    access: 'member',
    load: () => import('./AdvertisementsPage.tsx'),
  },
  {
    path: '/first-advertising',
    title: 'はじめての拡散依頼',
    description: 'はじめてのお店だけが使える、手数料無料の限定プランです。',
    access: 'member',
    load: () => import('./FirstAdvertisingPage.tsx'),
  },
  {
    path: '/admin-advertisements',
    title: '拡散依頼の審査',
    description: 'お店から届いた拡散依頼を審査して、承認または差し戻しをします。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminAdvertisementsPage.tsx'),
  },
  {
    path: '/period',
    title: '掲載は終了しました',
    description: 'この拡散依頼の掲載期間は終了しました。',
    access: 'public',
    load: () => import('./PeriodPage.tsx'),
  },
];
