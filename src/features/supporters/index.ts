import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  { href: '/admin-focustar-list', label: '登録フォーカスター一覧', note: '登録者と審査状況の確認' },
  {
    href: '/admin-sns-examination',
    label: 'SNSアカウントの審査',
    note: '登録されたSNSアカウントの承認・却下',
  },
];

export const feature: ClientFeature = { name: 'supporters', routes, adminLinks };
