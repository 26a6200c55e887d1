import { z } from 'zod';
import { idSchema, serverFlag } from './common.ts';
import { SOCIAL_PROVIDERS } from './oauth.ts';
import { screenNameSchema } from './screen-names.ts';
import { REMEMBER_HINT } from './values.ts';

/**
 * Seed spec section 3 (entities) and 7 (calls): the user and the auth answers, as the SPA receives
 * them. The server builds its answers against these schemas; tests parse real answers with them.
 */

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
  /** Issue 25 (ADR 0167): the SNS accounts for posting (not the login links above), all and approved. */
  sns_accounts_count: z.number().int(),
  approved_sns_accounts_count: z.number().int(),
  /** Issue 25 (ADR 0167): the mode and shop the person last used (null: never chosen). */
  last_mode: z.enum(['focustar', 'shop']).nullable(),
  last_shop_id: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ user: userSchema, access_token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;
export const refreshResponseSchema = z.object({ access_token: z.string() });
export const loginRequestSchema = z.object({
  email: z.string().trim().min(1, 'メールアドレスを入力してください。').max(254),
  password: z.string().min(1, 'パスワードを入力してください。').max(1024),
  'g-recaptcha-response': z.string().max(4096).optional(),
  /** 「ログインしたままにする」: the login may be renewed for 14 days after its token expired, else 24 hours (ADR 0017). */
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const flagUpRequestSchema = z.object({ flag: userFlagSchema });

/**
 * PUT /api/users/mode (issue 25, ADR 0167): remembers supporter mode for the next login. Shop mode is
 * remembered by `POST /api/shops/{id}/login` itself. Answers the user.
 */
export const modeRequestSchema = z.object({
  mode: z.literal('focustar', { error: 'モードの指定が正しくありません。' }),
});

/** GET /api/sessions: the user's logins (devices), newest activity first (ADR 0017). */
export const loginSessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  remember: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string(),
  /** The login this request was made with. */
  current: z.boolean(),
});
export type LoginSession = z.infer<typeof loginSessionSchema>;
export const loginSessionsResponseSchema = z.array(loginSessionSchema);
export const sessionIdParamsSchema = z.object({
  sessionId: z.uuid({ error: 'ログインの指定が正しくありません。' }),
});

/* ---------------------------------------------------------------------------------------------
 * Accounts (issue 5): sign-up, e-mail verification, password reset, leave.
 * ------------------------------------------------------------------------------------------- */

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
    /** Issue 16 (ADR 0095): the user read that the unpaid balance is given up and agrees. */
    accept_unpaid_balance: z.boolean({ error: '確認のチェックを入れてください。' }).optional(),
  })
  .nullish()
  .transform((v) => v ?? {});

/**
 * PUT /api/email (issue 16, ADR 0093): the new address gets a verification link; the change happens
 * when it is opened. Accounts with a password confirm it; social-only accounts send none.
 */
export const changeEmailRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'パスワードを入力してください。' })
    .max(PASSWORD_MAX * 8)
    .optional(),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequestSchema>;

/** PUT /api/password (issue 16, ADR 0093): the current password, then the new one; other logins end. */
export const changePasswordRequestSchema = z.object({
  current_password: z
    .string({ error: '現在のパスワードを入力してください。' })
    .max(PASSWORD_MAX * 8)
    .optional(),
  password: passwordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** What `?email_change=` on /account-info says after the link of the change mail. */
export const EMAIL_CHANGE_RESULTS = {
  ok: 'メールアドレスを変更しました。',
  expired: 'リンクの有効期限が切れています。もう一度メールアドレスの変更をお申し込みください。',
  invalid: 'このリンクは無効です。もう一度メールアドレスの変更をお申し込みください。',
  taken: 'このメールアドレスはすでにほかのアカウントで使われているため、変更できませんでした。',
} as const;
export type EmailChangeResult = keyof typeof EMAIL_CHANGE_RESULTS;

export const rolesResponseSchema = z.array(roleSchema);

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
  sessionRevoked: 'この端末のログインを終了しました。',
  sessionNotFound: 'ログイン中の端末が見つかりませんでした。',
  rememberHint: REMEMBER_HINT,
  wrongPassword: 'パスワードが正しくありません。',
  left: '退会手続きが完了しました。ご利用ありがとうございました。',
  unpaidBalance: (yen: string) =>
    `お振込み前の報酬が${yen}あります。退会すると受け取れなくなります。受け取る場合は、振込先口座を登録して振込みを待ってから退会してください。それでも退会する場合は、確認のチェックを入れてください。`,
  emailChangeSent:
    '新しいメールアドレスに確認メールを送信しました。メールのリンクを開くと変更が完了します（有効期限60分）。',
  emailUnchanged: '現在と同じメールアドレスです。',
  emailChangeThrottled: (seconds: number) =>
    `確認メールは送信済みです。${seconds}秒ほど待ってからもう一度お試しください。`,
  emailChanged: 'メールアドレスを変更しました。',
  passwordChanged: 'パスワードを変更しました。ほかの端末ではログアウトしました。',
  samePassword: '現在と同じパスワードは設定できません。',
  tooManyRequests: (seconds: number) =>
    `短時間に多くのリクエストがありました。${seconds}秒ほど待ってから、もう一度お試しください。`,
} as const;
