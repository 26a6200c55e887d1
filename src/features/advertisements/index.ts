import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-advertisements', label: '拡散依頼の審査', note: 'お店の拡散依頼の承認・差し戻し' },
];

export const feature: ClientFeature = {
  name: 'advertisements',
  routes,
  menu: () => import('./menu.ts'),
  adminLinks,
};
