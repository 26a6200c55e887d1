import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/contact',
    title: 'お問い合わせ',
    description: 'Focustarへのお問い合わせはこちらから。',
    access: 'member',
    load: () => import('./ContactPage.tsx'),
  },
  {
    // Issue 25 (10): here, beside /contact, because it lists the person's own contact messages.
    path: '/support',
    title: 'サポートのご案内',
    description: 'Focustarのサポート窓口とご利用のヒントです。',
    access: 'member',
    load: () => import('./SupportPage.tsx'),
  },
  {
    path: '/admin-contact',
    title: 'お問い合わせの対応',
    description: '届いたお問い合わせを確認して、対応状況を記録します。',
    access: 'staff',
    footer: false,
    load: () => import('./AdminContactPage.tsx'),
  },
];
