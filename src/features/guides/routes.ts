import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/advertising-rules',
    title: '拡散のルール',
    description:
      'Focustarで投稿するときのルールです。広告であることを示す「#PR」の表記を必ず入れてください。',
    access: 'member',
    load: () => import('./AdvertisingRulesPage.tsx'),
  },
  {
    path: '/beginner',
    title: '安心・安全ガイド',
    description: 'はじめての方へ。Focustarを安心して使うためのガイドです。',
    access: 'member',
    load: () => import('./BeginnerPage.tsx'),
  },
  {
    path: '/faq-advertiser',
    title: 'よくある質問（広告主向け）',
    description: '拡散依頼の料金や流れなど、広告主の方からよくいただく質問にお答えします。',
    access: 'public',
    load: () => import('./FaqAdvertiserPage.tsx'),
  },
  {
    path: '/faq-focustar',
    title: 'よくある質問（フォーカスター向け）',
    description: '報酬の受け取り方や投稿のルールなど、フォーカスターの方からよくいただく質問にお答えします。',
    access: 'public',
    load: () => import('./FaqFocustarPage.tsx'),
  },
  {
    path: '/introduction-advertiser',
    title: '広告主の方へ',
    description: 'お店のファンにSNSで広めてもらう。Focustarの使い方と始め方をご紹介します。',
    access: 'public',
    load: () => import('./IntroductionAdvertiserPage.tsx'),
  },
  {
    path: '/price',
    title: 'ご利用料金',
    description: '拡散依頼の料金のしくみ。報酬とシステム利用料（報酬の30%）に消費税がかかります。',
    access: 'public',
    load: () => import('./PricePage.tsx'),
  },
];
