import type { AdminLink, ClientFeature } from '../../platform/routing.ts';
import { routes } from './routes.ts';

const adminLinks: AdminLink[] = [
  {
    href: '/admin-index-picture-list',
    label: 'トップ画像の設定',
    note: 'トップページの画像の登録と並べ替え、お客さまの声',
  },
];

export const feature: ClientFeature = { name: 'top', routes, menu: () => import('./menu.ts'), adminLinks };
