import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-fraud', label: '不正の確認', note: '支払保留・アカウント停止' },
];

export const feature: ClientFeature = { name: 'fraud', routes, adminLinks };
