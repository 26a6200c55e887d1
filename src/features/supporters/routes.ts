import type { RouteDef, ScreenHead } from '../../platform/routing.ts';

/** ADR 0211: the heads of this feature's screens that are the same for everyone (the screens draw them). */
export const ADMIN_SNS_EXAMINATION_HEAD: ScreenHead = {
  title: 'SNSアカウントの審査',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: 'SNSアカウントの審査' }],
  lead: 'フォーカスターが登録したSNSアカウントを、古い順に確認します。プロフィールに確認コードがあることを確かめてから承認してください。',
};
export const ADMIN_FOCUSTAR_LIST_HEAD: ScreenHead = {
  title: '登録フォーカスター一覧',
  breadcrumbs: [{ label: '管理メニュー', href: '/admin-menu' }, { label: '登録フォーカスター一覧' }],
  lead: '登録しているフォーカスターを検索し、SNSアカウントと審査状況を確認します。口座情報はこの画面には表示されません。',
};

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/admin-focustar-list',
    title: ADMIN_FOCUSTAR_LIST_HEAD.title,
    head: ADMIN_FOCUSTAR_LIST_HEAD,
    description: '登録しているフォーカスターの一覧と審査状況を確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminFocustarListPage.tsx'),
  },
  {
    path: '/admin-sns-examination',
    title: ADMIN_SNS_EXAMINATION_HEAD.title,
    head: ADMIN_SNS_EXAMINATION_HEAD,
    description: 'フォーカスターが登録したSNSアカウントを審査します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminSnsExaminationPage.tsx'),
  },
];
