import { z } from 'zod';
import { idSchema } from './common.ts';

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
  flag_status: z.object(
    Object.fromEntries(USER_FLAGS.map((f) => [f, serverFlag])) as Record<UserFlag, typeof serverFlag>,
  ),
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

/* ---------------------------------------------------------------------------------------------
 * Accounts (issue 5): sign-up, e-mail verification, password reset, leave, shops, OAuth login.
 * ------------------------------------------------------------------------------------------- */

/** A plain `{ message }` success answer; the client shows it as a success toast (section 8). */
export const messageResponseSchema = z.object({ message: z.string() });

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
/** Length rules only: the common-password check runs on the server (its list is not shipped to the SPA). */
export const passwordSchema = z
  .string({ error: 'パスワードを入力してください。' })
  .min(PASSWORD_MIN, `パスワードは${PASSWORD_MIN}文字以上で入力してください。`)
  .max(PASSWORD_MAX, `パスワードは${PASSWORD_MAX}文字以内で入力してください。`);

export const emailSchema = z
  .string({ error: 'メールアドレスを入力してください。' })
  .trim()
  .min(1, 'メールアドレスを入力してください。')
  .max(254, 'メールアドレスが長すぎます。')
  .pipe(z.email({ error: 'メールアドレスの形式が正しくありません。' }));

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

export const personNameSchema = z
  .string({ error: 'お名前を入力してください。' })
  .trim()
  .min(1, 'お名前を入力してください。')
  .max(50, 'お名前は50文字以内で入力してください。');

const recaptchaField = z.string().max(4096).optional();

/** POST /api/register: sign-up by e-mail (product design section 6). Answers `authResponseSchema`. */
export const registerRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: personNameSchema,
  screen_name: screenNameSchema,
  terms: z.literal(true, { error: '利用規約とプライバシーポリシーへの同意が必要です。' }),
  /** The shop whose referral link or QR code the guest came from (stored as referralShopId). */
  referral_shop_id: idSchema.nullish(),
  'g-recaptcha-response': recaptchaField,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/** POST /api/password/email: always the same neutral answer. */
export const passwordEmailRequestSchema = z.object({ email: emailSchema });

/** POST /api/password/reset: token and email come from the link in the mail. */
export const passwordResetRequestSchema = z.object({
  token: z.string({ error: 'リンクが正しくありません。' }).min(1, 'リンクが正しくありません。').max(200),
  email: emailSchema,
  password: passwordSchema,
});

/** POST /api/leave: accounts with a password confirm it; social-only accounts send nothing. */
export const leaveRequestSchema = z
  .object({
    password: z
      .string()
      .max(PASSWORD_MAX * 8)
      .optional(),
  })
  .nullish()
  .transform((v) => v ?? {});

export const myShopsResponseSchema = z.array(shopSchema);
export const rolesResponseSchema = z.array(roleSchema);

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

/** The account messages the server answers with (shown as they are by the SPA, section 8). */
export const ACCOUNT_MESSAGES = {
  badCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  loginThrottled: (seconds: number) =>
    `ログインの試行回数が上限に達しました。${seconds}秒ほど待ってから、もう一度お試しください。`,
  recaptchaFailed: 'reCAPTCHAの確認に失敗しました。もう一度チェックしてからお試しください。',
  commonPassword:
    'よく使われているパスワードのため使用できません。推測されにくいパスワードを設定してください。',
  emailTaken: 'このメールアドレスはすでに登録されています。',
  screenNameTaken: 'このユーザーIDはすでに使われています。',
  registered: '確認メールを送信しました。メールに記載のリンクを開いて登録を完了してください。',
  verificationResent: '確認メールを再送信しました。メールをご確認ください。',
  alreadyVerified: 'メールアドレスは確認済みです。',
  noEmail: 'メールアドレスが登録されていません。',
  resendThrottled: (seconds: number) =>
    `確認メールは送信済みです。${seconds}秒ほど待ってから再送信してください。`,
  passwordMailSent:
    'ご入力のメールアドレスが登録されている場合は、パスワード再設定用のメールをお送りしました。メールをご確認ください。',
  resetLinkInvalid:
    'このリンクは無効か、有効期限が切れています。もう一度パスワード再設定をお申し込みください。',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  loggedOut: 'ログアウトしました。',
  wrongPassword: 'パスワードが正しくありません。',
  left: '退会手続きが完了しました。ご利用ありがとうございました。',
  shopNotFound: 'ショップが見つかりませんでした。',
  notShopMember: 'このショップにログインする権限がありません。',
  providerDisabled: 'このログイン方法は現在ご利用いただけません。',
  notLinked: 'このアカウントとは連携していません。',
  lastLoginMethod:
    'ログイン方法がなくなるため、連携を解除できません。先にパスワードを設定するか、別のアカウントを連携してください。',
  oauthCodeInvalid: 'ログインの有効期限が切れました。もう一度ログインしてください。',
  tooManyRequests: (seconds: number) =>
    `短時間に多くのリクエストがありました。${seconds}秒ほど待ってから、もう一度お試しください。`,
} as const;
