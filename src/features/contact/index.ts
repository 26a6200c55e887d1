import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-contact', label: 'お問い合わせの対応', note: '届いたお問い合わせの確認と対応状況' },
];

export const feature: ClientFeature = {
  name: 'contact',
  routes,
  menu: () => import('./menu.ts'),
  adminLinks,
};
