import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/admin-focustar-list',
    title: '登録フォーカスター一覧',
    description: '登録しているフォーカスターの一覧と審査状況を確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminFocustarListPage.tsx'),
  },
  {
    path: '/admin-sns-examination',
    title: 'SNSアカウントの審査',
    description: 'フォーカスターが登録したSNSアカウントを審査します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminSnsExaminationPage.tsx'),
  },
];
