import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-shop-requests', label: 'お店リクエストの対応', note: '推薦されたお店の確認と対応状況' },
];

export const feature: ClientFeature = { name: 'shop-requests', routes, adminLinks };
