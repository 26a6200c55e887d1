import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-payments', label: 'お振込み予定額', note: '月末締め・翌月15日払いの予定' },
  { href: '/admin-payments-detail', label: 'お振込みの明細', note: 'フォーカスターごとの内訳' },
];

export const feature: ClientFeature = { name: 'money', routes, menu: () => import('./menu.ts'), adminLinks };
