import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-recruitment', label: 'モニター募集の作成', note: 'お店のモニター募集をつくる' },
  { href: '/admin-recruitment-list', label: 'モニター募集の一覧', note: '募集の状況と当選者の選定' },
];

export const feature: ClientFeature = {
  name: 'recruitments',
  routes,
  menu: () => import('./menu.ts'),
  adminLinks,
};
