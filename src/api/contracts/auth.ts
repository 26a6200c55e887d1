import { z } from 'zod';
import './common.ts';

/**
 * Seed spec section 3 (entities) and 7 (calls): the user, the shop and the auth answers, as the SPA
 * receives them. The server builds its answers against these schemas; tests parse real answers with them.
 */

/** Server flags are coerced to boolean: numbers are true when non-zero; null/undefined are false (section 5). */
export const serverFlag = z.preprocess((v) => {
  if (v === null || v === undefined) return false;
  if (typeof v === 'number') return v !== 0;
  return v;
}, z.boolean());

export const USER_FLAGS = [
  'acceptedFirstAdvertising',
  'savedFirstProfile',
  'registeredBankAccount',
  'addedReferralShop',
  'checkedFirstReward',
  'watchedAdvertiserRule',
  'watchedFocustarRule',
] as const;
export type UserFlag = (typeof USER_FLAGS)[number];
export const userFlagSchema = z.enum(USER_FLAGS, { error: '不明なフラグです。' });

export const SHOP_FLAGS = ['savedFirstProfile', 'completedFirstAd'] as const;

/** Company paid_status values (section 4 / product design section 2). */
export const PAID_STATUS = {
  underReview: '審査中',
  unavailable: '利用不可',
  availableNotTrading: '利用可能（取引なし）',
  availableTrading: '利用可能（取引あり）',
} as const;

/** Section 4: "A shop whose review status text is … is under review" (the exact text compared). */
export const SHOP_UNDER_REVIEW_STATUS = '審査待ち（審査完了後に拡散依頼が可能になります）';

export const SOCIAL_PROVIDERS = ['line', 'x', 'instagram', 'tiktok', 'facebook', 'google'] as const;
/** Providers that can be used to log in (OAuth 2.0 / OpenID Connect). */
export const LOGIN_PROVIDERS = ['line', 'x', 'google'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export const roleSchema = z.object({ id: z.number().int(), name: z.string(), priority: z.number().int() });
export type Role = z.infer<typeof roleSchema>;

export const companySchema = z.object({ id: z.number().int(), paid_status: z.string() });

export const socialAccountSchema = z.object({
  id: z.number().int(),
  provider: z.enum(SOCIAL_PROVIDERS),
  handle: z.string().nullable(),
  profile_url: z.string().nullable(),
  status: z.string(),
});

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  screen_name: z.string(),
  avatar_url: z.string().nullable(),
  role: roleSchema,
  company: companySchema.nullable(),
  flag_status: z.object(Object.fromEntries(USER_FLAGS.map((f) => [f, serverFlag])) as Record<UserFlag, typeof serverFlag>),
  is_stripe_verified: serverFlag,
  favorites_count: z.number().int(),
  shops_count: z.number().int(),
  not_accepted_units_count: z.number().int(),
  follower_count: z.number().int(),
  status: z.string(),
  social_accounts: z.array(socialAccountSchema),
  email_verified: serverFlag,
});
export type User = z.infer<typeof userSchema>;

export const shopSchema = z.object({
  id: z.number().int().min(1),
  company_id: z.number().int(),
  name: z.string(),
  screen_name: z.string(),
  status: z.string(),
  favoriters_count: z.number().int(),
  flag_status: z.object({ savedFirstProfile: serverFlag, completedFirstAd: serverFlag }),
  description: z.string().nullable(),
  category: z.string().nullable(),
  prefecture: z.string().nullable(),
  cover_image_url: z.string().nullable(),
});
export type Shop = z.infer<typeof shopSchema>;

export const authResponseSchema = z.object({ user: userSchema, access_token: z.string() });
export const refreshResponseSchema = z.object({ access_token: z.string() });
export const shopStatusSchema = z.object({ status: z.string() });
export const oauthUrlSchema = z.object({ redirect_url: z.url() });

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'メールアドレスを入力してください。').max(254),
  password: z.string().min(1, 'パスワードを入力してください。').max(1024),
  'g-recaptcha-response': z.string().max(4096).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const flagUpRequestSchema = z.object({ flag: userFlagSchema });

/** OAuth cookies (section 3 and 9): mode and error type. */
export const OAUTH_MODE_COOKIE = '__Host-oauth_mode';
export const OAUTH_ERROR_COOKIE = '__Host-oauth_error';
export const OAUTH_MODES = ['login', 'register'] as const;
export const OAUTH_ERROR_TYPES = ['invalidCode', 'notFound', 'failed'] as const;
export type OAuthErrorType = (typeof OAUTH_ERROR_TYPES)[number];
