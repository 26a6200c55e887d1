import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/privacy-policy',
    title: 'プライバシーポリシー',
    description: 'Focustarにおける個人情報の取り扱いについて定めています。',
    access: 'public',
    load: () => import('./PrivacyPolicyPage.tsx'),
  },
  {
    path: '/terms',
    title: '利用規約',
    description: 'Focustarをご利用いただく際の利用規約です。',
    access: 'public',
    load: () => import('./TermsPage.tsx'),
  },
  {
    path: '/tokushoho',
    title: '特定商取引法に基づく表記',
    description: 'Focustarの特定商取引法に基づく表記です。',
    access: 'public',
    load: () => import('./TokushohoPage.tsx'),
  },
];
