import type { RouteDef } from '../../platform/routing.ts';

/**
 * Issue 26 "Done when" (ADR 0178): staff preview every notification template. The texts are written here, not
 * imported from the contract, so the first screen's bundle carries no schema of this staff screen.
 */
export const routes: RouteDef[] = [
  {
    path: '/admin-notification-templates',
    title: '通知テンプレートの確認',
    description: 'お知らせ・LINE・プッシュ通知とメールの文面を、例の値で確認します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminNotificationTemplatesPage.tsx'),
  },
];
