import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-pop-orders', label: '店頭POPの申し込み', note: 'POPスタンドの発送状況（受付・発送済）' },
];

export const feature: ClientFeature = { name: 'materials', routes, adminLinks };
