import type { RouteDef } from '../../platform/routing.ts';

/** Issue 24: the staff audit log (admins; staff are told it is not theirs). */
export const routes: RouteDef[] = [
  {
    path: '/admin-audit-log',
    title: '監査ログ',
    description: '運営の変更の記録です。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminAuditLogPage.tsx'),
  },
];
