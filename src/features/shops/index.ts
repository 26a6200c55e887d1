import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-shop-list', label: '会社・お店の審査', note: '申し込まれた会社とお店の確認・承認・審査NG' },
];

export const feature: ClientFeature = { name: 'shops', routes, menu: () => import('./menu.ts'), adminLinks };
