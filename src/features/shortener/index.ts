import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-url-shrinker', label: '短縮URLの作成', note: '計測用の短縮URLとクリック数' },
];

export const feature: ClientFeature = { name: 'shortener', routes, adminLinks };
