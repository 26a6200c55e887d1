import { z } from 'zod';

/**
 * Screen names are the last path segment of `/{screen_name}` (section 2: the catch-all route), so a
 * name must be URL-safe and must not shadow a route of the app.
 */
export const RESERVED_SCREEN_NAMES = [
  'ad',
  'advertisements',
  'admin-menu',
  'admin-index-picture-list',
  'admin-focustar-list',
  'admin-payments',
  'admin-payments-detail',
  'admin-recruitment',
  'admin-recruitment-list',
  'admin-recruitment-winner-picker',
  'admin-url-shrinker',
  'admin-sns-examination',
  'admin-shop-list',
  'apply-advertiser',
  'shop-profile',
  'company-profile',
  'admin-advertisements',
  'admin-contact',
  'admin-shop-requests',
  'admin-pop-orders',
  'admin-dashboard',
  'results',
  'advertising-rules',
  'bank',
  'beginner',
  'contact',
  'favorites',
  'first-advertising',
  'history',
  'material',
  'payments',
  'request-pop',
  'request-shop',
  'support',
  'profile',
  'account-info',
  'entries',
  'error',
  'faq-advertiser',
  'faq-focustar',
  'forgot-password',
  'introduction-advertiser',
  'login',
  'logout',
  'period',
  'price',
  'privacy-policy',
  'terms',
  'register',
  'email-sign-up',
  'line',
  'recruitments',
  'winner-picker',
  'oauth',
  'api',
  'assets',
  's',
  'admin',
  'staff',
  'focustar',
  'settings',
  'tokushoho',
  'legal',
  'help',
  'about',
  'index',
  'static',
  'public',
  'me',
  'shop',
  'shops',
] as const;

export const screenNameSchema = z
  .string({ error: 'ユーザーIDを入力してください。' })
  .trim()
  .min(3, 'ユーザーIDは3文字以上で入力してください。')
  .max(30, 'ユーザーIDは30文字以内で入力してください。')
  .regex(/^[A-Za-z0-9_-]+$/, 'ユーザーIDは半角英数字・ハイフン・アンダースコアで入力してください。')
  .refine((v) => !(RESERVED_SCREEN_NAMES as readonly string[]).includes(v.toLowerCase()), {
    message: 'このユーザーIDは使用できません。',
  });
