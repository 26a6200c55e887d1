import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-notification-templates', label: '通知テンプレート', note: 'お知らせ・メールの文面の確認' },
];

export const feature: ClientFeature = { name: 'notification-templates', routes, adminLinks };
