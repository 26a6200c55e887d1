import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-fraud', label: '不正の確認', note: '同じ口座・他人の投稿などの疑い、支払保留とアカウント停止' },
];

export const feature: ClientFeature = { name: 'fraud', routes, adminLinks };
