import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-dashboard', label: '運営ダッシュボード', note: '12か月の推移（管理者のみ）' },
];

export const feature: ClientFeature = {
  name: 'results',
  routes,
  menu: () => import('./menu.ts'),
  adminLinks,
};
