import { z } from 'zod';
import './common.ts';

/** Social login (seed spec sections 3, 7 and 9): providers, the OAuth cookies and the calls' shapes. */

export const SOCIAL_PROVIDERS = ['line', 'x', 'instagram', 'tiktok', 'facebook', 'google'] as const;
/** Providers that can be used to log in (OAuth 2.0 / OpenID Connect). */
export const LOGIN_PROVIDERS = ['line', 'x', 'google'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export const oauthUrlSchema = z.object({ redirect_url: z.url() });

/** OAuth cookies (section 3 and 9): mode and error type. */
export { OAUTH_ERROR_COOKIE, OAUTH_MODE_COOKIE } from './values.ts';
export const OAUTH_MODES = ['login', 'register'] as const;
export const OAUTH_ERROR_TYPES = ['invalidCode', 'notFound', 'failed'] as const;
export type OAuthErrorType = (typeof OAUTH_ERROR_TYPES)[number];

export const loginProviderSchema = z.enum(LOGIN_PROVIDERS, { error: '対応していないログイン方法です。' });
export const providerParamsSchema = z.object({ provider: loginProviderSchema });
/** GET /api/oauth/{provider}/url?mode=login|register (a signed-in caller links the provider instead). */
export const oauthUrlQuerySchema = z.object({
  mode: z.enum(OAUTH_MODES, { error: 'モードが正しくありません。' }).default('login'),
});
/** POST /api/oauth/{provider}/login: the one-time code the callback put in `/oauth/{provider}?code=`. */
export const oauthLoginRequestSchema = z.object({
  code: z
    .string({ error: 'ログインコードが正しくありません。' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'ログインコードが正しくありません。'),
});

export const OAUTH_MESSAGES = {
  providerDisabled: 'このログイン方法は現在ご利用いただけません。',
  notLinked: 'このアカウントとは連携していません。',
  lastLoginMethod:
    'ログイン方法がなくなるため、連携を解除できません。先にパスワードを設定するか、別のアカウントを連携してください。',
  oauthCodeInvalid: 'ログインの有効期限が切れました。もう一度ログインしてください。',
} as const;
