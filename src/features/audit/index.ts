import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-audit-log', label: '監査ログ', note: '変更の記録（管理者のみ）' },
];

export const feature: ClientFeature = { name: 'audit', routes, adminLinks };
