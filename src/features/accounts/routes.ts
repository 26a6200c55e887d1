import type { RouteDef } from '../../platform/routing.ts';

/** Seed spec section 2: the screens of this feature, with their titles, descriptions and access. */
export const routes: RouteDef[] = [
  {
    path: '/profile',
    title: 'マイプロフィール',
    description: 'あなたのプロフィールページに移動します。',
    access: 'member',
    load: () => import('./screens/ProfileRedirectPage.tsx'),
  },
  {
    path: '/account-info',
    title: 'アカウント情報',
    description: 'メールアドレスやパスワード、連携しているSNSアカウントを確認・変更します。',
    access: 'member',
    load: () => import('./screens/AccountInfoPage.tsx'),
  },
  {
    path: '/forgot-password',
    title: 'パスワードの再設定',
    description: 'ご登録のメールアドレスに、パスワード再設定用のリンクをお送りします。',
    access: 'public',
    theme: 'legacy',
    load: () => import('./screens/ForgotPasswordPage.tsx'),
  },
  {
    path: '/login',
    title: 'ログイン',
    description: 'Focustarにログインします。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('./screens/LoginPage.tsx'),
  },
  {
    path: '/register',
    title: '新規会員登録',
    description: 'LINEまたはメールアドレスで、Focustarに無料で会員登録できます。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('./screens/RegisterPage.tsx'),
  },
  {
    path: '/email-sign-up',
    title: 'メールアドレスで登録',
    description: 'メールアドレスとパスワードでFocustarに会員登録します。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('./screens/EmailSignUpPage.tsx'),
  },
  {
    path: '/line',
    title: 'LINEで登録',
    description: 'LINEアカウントで、かんたんにFocustarに会員登録できます。',
    access: 'guest',
    theme: 'legacy',
    load: () => import('./screens/LinePage.tsx'),
  },
  {
    path: '/oauth/:provider',
    title: '認証中',
    description: 'ソーシャルアカウントで認証しています。',
    access: 'public',
    theme: 'legacy',
    footer: false,
    load: () => import('./screens/OAuthCallbackPage.tsx'),
  },
];
