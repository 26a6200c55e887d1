import type { ClientFeature } from '../../platform/routing.ts';

/**
 * The admin menu belongs to the app, not to a feature: it gathers the staff screens every feature
 * declares (`adminLinks`). Seed spec sections 2 and 6: staff only (role priority <= 5).
 */
export const adminMenu: ClientFeature = {
  name: 'admin-menu',
  routes: [
    {
      path: '/admin-menu',
      title: '管理メニュー',
      description: 'Focustarの運営スタッフ向け管理メニューです。',
      access: 'staff',
      footer: false,
      load: () => import('./AdminMenuPage.tsx'),
    },
  ],
};
