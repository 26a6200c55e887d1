import type { ComponentType } from 'react';
import type { PageTheme } from '../components/Layout.tsx';

/**
 * Seed spec section 2: every route of both tables, with its Japanese title, description, who may open
 * it, its theme and footer, and the lazy loader of its screen (each screen is its own chunk).
 */
export type Access =
  /** Anyone. */
  | 'public'
  /** Signed-in users; a guest goes to /login and comes back after logging in. */
  | 'member'
  /** Signed-in staff (role priority <= 5); others see that they have no access. */
  | 'staff'
  /** Guests only (login and sign-up); a signed-in user goes to /. */
  | 'guest';

export type ScreenProps = { params: Record<string, string> };
export type ScreenModule = { default: ComponentType<ScreenProps> };

export type RouteDef = {
  path: string;
  title: string;
  description: string;
  access: Access;
  theme?: PageTheme;
  footer?: boolean;
  /** Path params that must pass the id rule (seed spec section 5) before the screen loads. */
  ids?: string[];
  load: () => Promise<ScreenModule>;
};

export const SITE_NAME = 'Focustar';
export const pageTitle = (title: string) => `${title} | ${SITE_NAME}`;

const member = 'member' as const;
const staff = 'staff' as const;

/** Signed-in screens (seed spec section 2, first table). */
const signedIn: RouteDef[] = [
  {
    path: '/ad',
    title: '拡散を依頼する',
    description: 'フォーカスターにお店の魅力をSNSで広めてもらう拡散依頼を作成します。',
    access: member,
    footer: false,
    load: () => import('../features/advertising/AdPage.tsx'),
  },
  {
    path: '/advertisements',
    title: '拡散依頼の確認',
    description: 'お店から届いた拡散依頼を確認して、引き受けるかどうかを選べます。',
    access: member,
    load: () => import('../features/advertising/AdvertisementsPage.tsx'),
  },
  {
    path: '/admin-menu',
    title: '管理メニュー',
    description: 'Focustarの運営スタッフ向け管理メニューです。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminMenuPage.tsx'),
  },
  {
    path: '/admin-index-picture-list',
    title: 'トップ画像の設定',
    description: 'トップページに表示する画像を登録・並べ替え・公開設定します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminIndexPictureListPage.tsx'),
  },
  {
    path: '/admin-focustar-list',
    title: '登録フォーカスター一覧',
    description: '登録しているフォーカスターの一覧と審査状況を確認します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminFocustarListPage.tsx'),
  },
  {
    path: '/admin-payments',
    title: 'お振込み予定額',
    description: 'フォーカスターへの今月のお振込み予定額を確認します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminPaymentsPage.tsx'),
  },
  {
    path: '/admin-payments-detail',
    title: 'お振込みの明細',
    description: 'フォーカスターごとのお振込み明細を確認します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminPaymentsDetailPage.tsx'),
  },
  {
    path: '/admin-recruitment',
    title: 'モニター募集の作成',
    description: 'お店のモニター募集（お試しサポート）を作成します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminRecruitmentPage.tsx'),
  },
  {
    path: '/admin-recruitment-list',
    title: 'モニター募集の一覧',
    description: '作成したモニター募集の状況を確認します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminRecruitmentListPage.tsx'),
  },
  {
    path: '/admin-recruitment-winner-picker/:recruitmentId',
    title: '当選者の選定',
    description: 'モニター募集の応募者から当選者を選びます。',
    access: staff,
    footer: false,
    ids: ['recruitmentId'],
    load: () => import('../features/admin/AdminWinnerPickerPage.tsx'),
  },
  {
    path: '/admin-url-shrinker',
    title: '短縮URLの作成',
    description: '計測用の短縮URLを作成し、クリック数を確認します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminUrlShrinkerPage.tsx'),
  },
  {
    path: '/admin-sns-examination',
    title: 'SNSアカウントの審査',
    description: 'フォーカスターが登録したSNSアカウントを審査します。',
    access: staff,
    footer: false,
    load: () => import('../features/admin/AdminSnsExaminationPage.tsx'),
  },
  {
    path: '/advertising-rules',
    title: '拡散のルール',
    description:
      'Focustarで投稿するときのルールです。広告であることを示す「#PR」の表記を必ず入れてください。',
    access: member,
    load: () => import('../features/guides/AdvertisingRulesPage.tsx'),
  },
  {
    path: '/bank',
    title: '振込先口座の登録',
    description: 'お小遣いを受け取る銀行口座を登録します。',
    access: member,
    load: () => import('../features/money/BankPage.tsx'),
  },
  {
    path: '/beginner',
    title: '安心・安全ガイド',
    description: 'はじめての方へ。Focustarを安心して使うためのガイドです。',
    access: member,
    load: () => import('../features/guides/BeginnerPage.tsx'),
  },
  {
    path: '/contact',
    title: 'お問い合わせ',
    description: 'Focustarへのお問い合わせはこちらから。',
    access: member,
    load: () => import('../features/account/ContactPage.tsx'),
  },
  {
    path: '/favorites',
    title: 'お気に入り',
    description: 'お気に入りのお店や、お店を応援しているフォーカスターを探せます。',
    access: member,
    load: () => import('../features/account/FavoritesPage.tsx'),
  },
  {
    path: '/first-advertising',
    title: 'はじめての拡散依頼',
    description: 'はじめてのお店だけが使える、手数料無料の限定プランです。',
    access: member,
    load: () => import('../features/advertising/FirstAdvertisingPage.tsx'),
  },
  {
    path: '/history',
    title: '報酬・お支払い履歴',
    description: '受け取ったお小遣いや、お支払いの履歴を確認できます。',
    access: member,
    load: () => import('../features/money/HistoryPage.tsx'),
  },
  {
    path: '/material',
    title: '販促素材',
    description: 'お店に置けるQRコードやPOPの素材をダウンロードできます。',
    access: member,
    load: () => import('../features/advertising/MaterialPage.tsx'),
  },
  {
    path: '/payments',
    title: 'お支払い方法',
    description: '拡散依頼のお支払い方法を登録・変更します。',
    access: member,
    load: () => import('../features/money/PaymentsPage.tsx'),
  },
  {
    path: '/request-pop',
    title: '店頭POPの申し込み',
    description: 'お店に置くQRコード付きPOPスタンドを申し込めます。',
    access: member,
    load: () => import('../features/advertising/RequestPopPage.tsx'),
  },
  {
    path: '/request-shop',
    title: 'お店をリクエスト',
    description: '応援したいお店をFocustarに推薦できます。',
    access: member,
    load: () => import('../features/account/RequestShopPage.tsx'),
  },
  {
    path: '/support',
    title: 'サポートのご案内',
    description: 'Focustarのサポート窓口とご利用のヒントです。',
    access: member,
    load: () => import('../features/account/SupportPage.tsx'),
  },
  {
    path: '/profile',
    title: 'マイプロフィール',
    description: 'あなたのプロフィールページに移動します。',
    access: member,
    load: () => import('../features/account/ProfileRedirectPage.tsx'),
  },
  {
    path: '/account-info',
    title: 'アカウント情報',
    description: 'メールアドレスやパスワード、連携しているSNSアカウントを確認・変更します。',
    access: member,
    load: () => import('../features/account/AccountInfoPage.tsx'),
  },
  {
    path: '/entries',
    title: '応募状況',
    description: 'モニター募集への応募状況を確認できます。',
    access: member,
    load: () => import('../features/recruitments/EntriesPage.tsx'),
  },
  {
    path: '/entries/:entryId',
    title: '応募の詳細',
    description: 'モニター募集への応募の詳細と、次にすることを確認できます。',
    access: member,
    ids: ['entryId'],
    load: () => import('../features/recruitments/EntryDetailPage.tsx'),
  },
];

/** Guest-accessible screens (seed spec section 2, second table), the catch-all last. */
const guestAccessible: RouteDef[] = [
  {
    path: '/',
    title: '好きなお店を、SNSで応援しよう',
    description:
      'Focustar（フォーカスター）は、好きなお店をSNSで応援してお小遣いを受け取れる、お店とファンをつなぐサービスです。',
    access: 'public',
    theme: 'legacy',
    load: () => import('../features/top/TopPage.tsx'),
  },
  {
    path: '/error',
    title: 'エラーが発生しました',
    description: 'ページでエラーが発生したため表示できません。',
    access: 'public',
    load: () => import('../features/errors/ErrorPage.tsx'),
  },
  {
    path: '/faq-advertiser',
    title: 'よくある質問（広告主の方）',
    description: '拡散依頼の料金や流れなど、広告主の方からよくいただく質問にお答えします。',
    access: 'public',
    load: () => import('../features/guides/FaqAdvertiserPage.tsx'),
  },
  {
    path: '/faq-focustar',
    title: 'よくある質問（フォーカスターの方）',
    description:
      'お小遣いの受け取り方や投稿のルールなど、フォーカスターの方からよくいただく質問にお答えします。',
    access: 'public',
    load: () => import('../features/guides/FaqFocustarPage.tsx'),
  },
  {
    path: '/forgot-password',
    title: 'パスワードの再設定',
    description: 'ご登録のメールアドレスに、パスワード再設定用のリンクをお送りします。',
    access: 'public',
    theme: 'legacy',
    load: () => import('../features/auth/ForgotPasswordPage.tsx'),
  },
  {
    path: '/introduction-advertiser',
    title: '広告主の方へ',
    description: 'お店のファンにSNSで広めてもらう。Focustarの使い方と始め方をご紹介します。',
    access: 'public',
    load: () => import('../features/guides/IntroductionAdvertiserPage.tsx'),
  },
  {
    path: '/login',
    title: 'ログイン',
    description: 'Focustarにログインします。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('../features/auth/LoginPage.tsx'),
  },
  {
    path: '/period',
    title: '掲載は終了しました',
    description: 'この拡散依頼の掲載期間は終了しました。',
    access: 'public',
    load: () => import('../features/guides/PeriodPage.tsx'),
  },
  {
    path: '/price',
    title: 'ご利用料金',
    description: '拡散依頼の料金のしくみ。報酬とシステム利用料（報酬の30%）に消費税がかかります。',
    access: 'public',
    load: () => import('../features/guides/PricePage.tsx'),
  },
  {
    path: '/privacy-policy',
    title: 'プライバシーポリシー',
    description: 'Focustarにおける個人情報の取り扱いについて定めています。',
    access: 'public',
    load: () => import('../features/legal/PrivacyPolicyPage.tsx'),
  },
  {
    path: '/terms',
    title: '利用規約',
    description: 'Focustarをご利用いただく際の利用規約です。',
    access: 'public',
    load: () => import('../features/legal/TermsPage.tsx'),
  },
  {
    path: '/tokushoho',
    title: '特定商取引法に基づく表記',
    description: 'Focustarの特定商取引法に基づく表記です。',
    access: 'public',
    load: () => import('../features/legal/TokushohoPage.tsx'),
  },
  {
    path: '/register',
    title: '新規会員登録',
    description: 'LINEまたはメールアドレスで、Focustarに無料で会員登録できます。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('../features/auth/RegisterPage.tsx'),
  },
  {
    path: '/email-sign-up',
    title: 'メールアドレスで登録',
    description: 'メールアドレスとパスワードでFocustarに会員登録します。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('../features/auth/EmailSignUpPage.tsx'),
  },
  {
    path: '/line',
    title: 'LINEで登録',
    description: 'LINEアカウントで、かんたんにFocustarに会員登録できます。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('../features/auth/LinePage.tsx'),
  },
  {
    path: '/recruitments',
    title: 'お試しサポート（モニター募集）',
    description: 'お店の商品やサービスを体験してSNSで紹介する、モニター募集の一覧です。',
    access: 'public',
    load: () => import('../features/recruitments/RecruitmentsPage.tsx'),
  },
  {
    path: '/recruitments/:recruitmentId',
    title: 'お試しサポートの詳細',
    description: 'モニター募集の内容、特典、応募条件を確認できます。',
    access: 'public',
    ids: ['recruitmentId'],
    load: () => import('../features/recruitments/RecruitmentDetailPage.tsx'),
  },
  {
    path: '/winner-picker',
    title: '進行中のモニター募集',
    description: '現在進行中のモニター募集と当選状況を確認できます。',
    access: 'public',
    load: () => import('../features/recruitments/WinnerPickerPage.tsx'),
  },
  {
    path: '/winner-picker/:recruitmentId',
    title: 'モニター募集の状況',
    description: 'モニター募集の応募状況と当選発表を確認できます。',
    access: 'public',
    ids: ['recruitmentId'],
    load: () => import('../features/recruitments/WinnerPickerDetailPage.tsx'),
  },
  {
    path: '/oauth/:provider',
    title: '認証中',
    description: 'ソーシャルアカウントで認証しています。',
    access: 'public',
    theme: 'legacy',
    footer: false,
    load: () => import('../features/auth/OAuthCallbackPage.tsx'),
  },
  {
    path: '/:screen_name',
    title: 'プロフィール',
    description: 'Focustarのフォーカスター・お店のプロフィールです。',
    access: 'public',
    load: () => import('../features/profile/PublicProfilePage.tsx'),
  },
];

export const ROUTES: readonly RouteDef[] = [...signedIn, ...guestAccessible];
export const SIGNED_IN_PATHS = signedIn.map((r) => r.path);
export const GUEST_PATHS = guestAccessible.map((r) => r.path);

/** Shown for a path no route matches (e.g. /a/b/c). */
export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  title: 'ページが見つかりません',
  description: 'お探しのページは見つかりませんでした。',
  access: 'public',
  load: () => import('../features/errors/NotFoundPage.tsx'),
};

type Compiled = { route: RouteDef; regex: RegExp; keys: string[] };
const compiled: Compiled[] = ROUTES.map((route) => {
  const keys: string[] = [];
  const source = route.path
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(seg.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}$`), keys };
});

export type RouteMatch = { route: RouteDef; params: Record<string, string> };

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The first route whose pattern matches the path, in table order (so `/:screen_name` comes last). */
export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.keys.forEach((k, i) => {
      params[k] = safeDecode(m[i + 1] ?? '');
    });
    return { route: c.route, params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/** Only same-site paths are followed after login (never `//host` or `/\host`). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target.startsWith('/login')) return null;
  return target;
}
