import type { RouteDef, ScreenHead } from '../../platform/routing.ts';

/** ADR 0211: the heads of this feature's screens that are the same for everyone (the screens draw them). */
export const ADMIN_URL_SHRINKER_HEAD: ScreenHead = {
  title: '短縮URLの作成',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: '短縮URLの作成' }],
  lead: '計測用の短縮URL（/s/…）を作成し、日ごとのクリック数を確認します。ボットやリンクプレビューのアクセスは数えません。',
};

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/admin-url-shrinker',
    title: ADMIN_URL_SHRINKER_HEAD.title,
    head: ADMIN_URL_SHRINKER_HEAD,
    description: '計測用の短縮URLを作成し、クリック数を確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminUrlShrinkerPage.tsx'),
  },
];
