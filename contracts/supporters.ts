import { z } from 'zod';
import { groupDigits } from './japan-time.ts';
import { PREFECTURES, prefectureSchema } from './prefectures.ts';
import { idParamSchema } from './common.ts';
import { screenNameSchema } from './screen-names.ts';
import { PLATFORM_NAMES } from './vocabulary.ts';

/**
 * Issue 16: the supporter's SNS accounts and their review, the supporter's own profile, and the staff's
 * supporter list (product design sections 1 and 2). Shared by the API and the SPA.
 */

/* ---------------------------------------------------------------------------------------------
 * SNS accounts (`/api/social-accounts`): added by platform and handle, reviewed by staff.
 * ------------------------------------------------------------------------------------------- */

export const SNS_PLATFORMS = ['instagram', 'tiktok', 'x', 'line_voom'] as const;
export type SnsPlatform = (typeof SNS_PLATFORMS)[number];
/** Issue 25 (9): the platforms' names from the one vocabulary (contracts/vocabulary.ts). */
export const SNS_PLATFORM_LABELS: Record<SnsPlatform, string> = {
  instagram: PLATFORM_NAMES.instagram,
  tiktok: PLATFORM_NAMES.tiktok,
  x: PLATFORM_NAMES.x,
  line_voom: PLATFORM_NAMES.line_voom,
};

export const REVIEW_STATUSES = ['審査中', '承認', '却下'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export const reviewStatusSchema = z.enum(REVIEW_STATUSES, { error: '審査状況を選んでください。' });

/** The handle's shape on each platform (what the platform itself allows). */
const HANDLE_RULES: Record<SnsPlatform, { pattern: RegExp; hint: string }> = {
  instagram: { pattern: /^[A-Za-z0-9._]{1,30}$/, hint: '半角英数字・ピリオド・アンダースコア30文字以内' },
  tiktok: { pattern: /^[A-Za-z0-9._]{2,24}$/, hint: '半角英数字・ピリオド・アンダースコア2〜24文字' },
  x: { pattern: /^[A-Za-z0-9_]{1,15}$/, hint: '半角英数字・アンダースコア15文字以内' },
  line_voom: { pattern: /^[A-Za-z0-9._-]{1,50}$/, hint: '半角英数字・記号50文字以内' },
};

/** Where a platform shows a handle's public profile. */
export function snsProfileUrl(platform: SnsPlatform, handle: string): string {
  const h = encodeURIComponent(handle);
  switch (platform) {
    case 'instagram':
      return `https://www.instagram.com/${h}/`;
    case 'tiktok':
      return `https://www.tiktok.com/@${h}`;
    case 'x':
      return `https://x.com/${h}`;
    case 'line_voom':
      return `https://linevoom.line.me/user/${h}`;
  }
}

const PROFILE_URL_PATTERNS: Record<SnsPlatform, RegExp> = {
  instagram: /^https?:\/\/(?:www\.)?instagram\.com\/([^/?#]+)/i,
  tiktok: /^https?:\/\/(?:www\.)?tiktok\.com\/@([^/?#]+)/i,
  x: /^https?:\/\/(?:www\.|mobile\.)?(?:x|twitter)\.com\/([^/?#]+)/i,
  line_voom: /^https?:\/\/linevoom\.line\.me\/user\/([^/?#]+)/i,
};

/**
 * What people paste: `@hanako_cafe`, `ｈａｎａｋｏ` typed with the IME on, or the profile's URL. Answers
 * the bare handle (full-width ASCII made half-width, the leading @ and spaces dropped).
 */
export function normalizeHandle(platform: SnsPlatform, input: string): string {
  const half = input
    .replace(/[！-～]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .trim();
  const fromUrl = PROFILE_URL_PATTERNS[platform].exec(half)?.[1];
  return (fromUrl ?? half).replace(/^@+/, '').trim();
}

export const SNS_MESSAGES = {
  platform: 'SNSの種類を選んでください。',
  handle: 'アカウント名（ユーザーネーム）を入力してください。',
  handleShape: (platform: SnsPlatform) =>
    `${SNS_PLATFORM_LABELS[platform]}のアカウント名は${HANDLE_RULES[platform].hint}で入力してください。`,
  duplicateMine: 'このアカウントはすでに登録されています。',
  duplicateOther:
    'このアカウントは別のフォーカスターが登録しています。お心当たりのない場合はお問い合わせください。',
  tooMany: (max: number) => `SNSアカウントは${max}件まで登録できます。`,
  added: 'SNSアカウントを登録しました。運営の審査をお待ちください。',
  deleted: 'SNSアカウントの登録を削除しました。',
  notFound: 'SNSアカウントが見つかりませんでした。',
  alreadyReviewed: 'このアカウントはすでに審査済みです。画面を更新してください。',
  codeNotFound: (code: string) =>
    `プロフィール（自己紹介）に確認コード「${code}」が見つかりませんでした。フォーカスターに記載を依頼するか、却下してください。`,
  approved: 'SNSアカウントを承認しました。',
  rejected: 'SNSアカウントを却下しました。',
  reason: '却下の理由を入力してください。',
} as const;

export const SNS_ACCOUNTS_MAX = 10;

export const addSnsAccountSchema = z
  .object({
    provider: z.enum(SNS_PLATFORMS, { error: SNS_MESSAGES.platform }),
    handle: z.string({ error: SNS_MESSAGES.handle }).max(200, SNS_MESSAGES.handle),
  })
  .transform((v, ctx) => {
    const handle = normalizeHandle(v.provider, v.handle);
    if (!handle) {
      ctx.addIssue({ code: 'custom', path: ['handle'], message: SNS_MESSAGES.handle });
      return z.NEVER;
    }
    if (!HANDLE_RULES[v.provider].pattern.test(handle)) {
      ctx.addIssue({ code: 'custom', path: ['handle'], message: SNS_MESSAGES.handleShape(v.provider) });
      return z.NEVER;
    }
    return { provider: v.provider, handle };
  });
export type AddSnsAccount = z.input<typeof addSnsAccountSchema>;

/** One of the supporter's own SNS accounts: the ownership code stays visible while it is reviewed. */
export const snsAccountSchema = z.object({
  id: z.number().int(),
  provider: z.enum(SNS_PLATFORMS),
  handle: z.string(),
  profile_url: z.string(),
  follower_count: z.number().int().nullable(),
  status: reviewStatusSchema,
  /** Put into the account's bio until staff approve it: shows that the account is the supporter's. */
  ownership_code: z.string(),
  reject_reason: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type SnsAccount = z.infer<typeof snsAccountSchema>;
export const snsAccountListSchema = z.object({ items: z.array(snsAccountSchema) });

/** The staff queue: what is waiting, oldest first, with who sent it and what the checker found. */
export const OWNERSHIP_CHECKS = ['found', 'not_found', 'unavailable'] as const;
export const snsReviewItemSchema = snsAccountSchema.extend({
  user: z.object({ id: z.number().int(), name: z.string(), screen_name: z.string() }),
  ownership_check: z.enum(OWNERSHIP_CHECKS).nullable(),
});
export type SnsReviewItem = z.infer<typeof snsReviewItemSchema>;
export const SNS_REVIEW_PAGE_SIZE = 50;
/** The cursor is the last id of the page before, digits only (a query string, like a path id). */
export const snsReviewQuerySchema = z.object({ cursor: idParamSchema.optional() });
export const snsReviewPageSchema = z.object({
  items: z.array(snsReviewItemSchema),
  next_cursor: z.number().int().nullable(),
});

const followerCountField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .number({ error: 'フォロワー数は0以上の整数で入力してください。' })
    .int('フォロワー数は0以上の整数で入力してください。')
    .min(0, 'フォロワー数は0以上の整数で入力してください。')
    .max(1_000_000_000, 'フォロワー数が大きすぎます。')
    .optional(),
);
export const approveSnsAccountSchema = z
  .object({ follower_count: followerCountField })
  .nullish()
  .transform((v) => v ?? {});
export type ApproveSnsAccount = { follower_count?: number };

const reasonField = z
  .string({ error: SNS_MESSAGES.reason })
  .trim()
  .min(1, SNS_MESSAGES.reason)
  .max(500, '理由は500文字以内で入力してください。');
export const rejectSnsAccountSchema = z.object({ reason: reasonField });

/* ---------------------------------------------------------------------------------------------
 * The supporter's own profile (`/account-info`), raising savedFirstProfile.
 * ------------------------------------------------------------------------------------------- */

// The one list of prefectures lives in prefectures.ts; re-exported for this feature's callers.
export { PREFECTURES, prefectureSchema };

export const BIRTH_YEAR_MIN = 1900;
/** The oldest birth year is fixed; the newest follows the calendar (supporters are 13 or older). */
export const birthYearMax = (now = new Date()) => now.getFullYear() - 13;

export const profileSchema = z.object({
  name: z.string(),
  screen_name: z.string(),
  avatar_url: z.string().nullable(),
  bio: z.string().nullable(),
  prefecture: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  /** Whether the public page lists the shops the supporter follows (off unless the supporter allows it). */
  favorites_public: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

const toHalfDigits = (v: unknown) =>
  typeof v === 'string'
    ? v.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim()
    : v;

export const updateProfileSchema = z.object({
  name: z
    .string({ error: 'お名前を入力してください。' })
    .trim()
    .min(1, 'お名前を入力してください。')
    .max(50, 'お名前は50文字以内で入力してください。'),
  screen_name: z.preprocess(toHalfDigits, screenNameSchema),
  bio: z
    .string({ error: '自己紹介は文字で入力してください。' })
    .trim()
    .max(500, '自己紹介は500文字以内で入力してください。')
    .nullish()
    .transform((v) => v || null),
  prefecture: z
    .preprocess((v) => (v === '' ? null : v), prefectureSchema.nullish())
    .transform((v) => v ?? null),
  birth_year: z
    .preprocess(
      (v) => {
        const h = toHalfDigits(v);
        if (h === '' || h === null || h === undefined) return null;
        return typeof h === 'string' && /^[0-9]+$/.test(h) ? Number(h) : h;
      },
      z
        .number({ error: '生まれ年は西暦4桁で入力してください。' })
        .int('生まれ年は西暦4桁で入力してください。')
        .nullable(),
    )
    .superRefine((v, ctx) => {
      if (v === null) return;
      if (v < BIRTH_YEAR_MIN || v > birthYearMax()) {
        ctx.addIssue({
          code: 'custom',
          message: `生まれ年は${BIRTH_YEAR_MIN}年から${birthYearMax()}年の間で入力してください。`,
        });
      }
    }),
  favorites_public: z.boolean({ error: '公開設定を選んでください。' }).default(false),
});
export type UpdateProfile = z.input<typeof updateProfileSchema>;

export const PROFILE_MESSAGES = {
  saved: 'プロフィールを保存しました。',
  avatarSaved: 'プロフィール画像を変更しました。',
  avatarRemoved: 'プロフィール画像を削除しました。',
  screenNameTaken: 'このユーザーIDはすでに使われています。',
} as const;

/* ---------------------------------------------------------------------------------------------
 * Staff: the supporter list (`/admin-focustar-list`, `GET /api/users`), detail and review status.
 * ------------------------------------------------------------------------------------------- */

export const SUPPORTER_SORTS = ['newest', 'oldest', 'name'] as const;
export const SUPPORTER_SORT_LABELS: Record<(typeof SUPPORTER_SORTS)[number], string> = {
  newest: '登録が新しい順',
  oldest: '登録が古い順',
  name: 'ユーザーID順',
};
export const SUPPORTER_PAGE_SIZE = 50;

const boolParam = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'true か false を指定してください。' }).optional(),
);

export const supporterListQuerySchema = z.object({
  q: z.string().trim().max(100, '検索語は100文字以内で入力してください。').optional(),
  status: reviewStatusSchema.optional(),
  prefecture: prefectureSchema.optional(),
  has_sns: boolParam,
  sort: z.enum(SUPPORTER_SORTS, { error: '並び順が正しくありません。' }).default('newest'),
  /** Opaque: the last row of the page before (see the server's keyset). */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,400}$/, '続きの位置が正しくありません。')
    .optional(),
});
export type SupporterListQuery = Omit<z.input<typeof supporterListQuerySchema>, 'has_sns'> & {
  has_sns?: boolean | undefined;
};

export const supporterRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  screen_name: z.string(),
  email: z.string().nullable(),
  avatar_url: z.string().nullable(),
  prefecture: z.string().nullable(),
  status: reviewStatusSchema,
  approved_sns_count: z.number().int(),
  favorites_count: z.number().int(),
  created_at: z.string(),
});
export type SupporterRow = z.infer<typeof supporterRowSchema>;
export const supporterPageSchema = z.object({
  items: z.array(supporterRowSchema),
  next_cursor: z.string().nullable(),
});

/**
 * Issue 24 "Role changes" (product design section 1): the three roles, most privileged first, with their
 * priorities (lower is more privileged) and the words the screens use.
 */
export const USER_ROLES = ['admin', 'staff', 'focustar'] as const;
export type UserRoleName = (typeof USER_ROLES)[number];
export const userRoleNameSchema = z.enum(USER_ROLES);
export const ROLE_PRIORITY: Readonly<Record<UserRoleName, number>> = { admin: 1, staff: 5, focustar: 10 };
export const ROLE_LABELS: Readonly<Record<UserRoleName, string>> = {
  admin: '管理者',
  staff: '運営スタッフ',
  focustar: 'フォーカスター',
};

/** PUT /api/users/{id}/role (admins only). */
export const roleChangeSchema = z.object({
  role: z.enum(USER_ROLES, { error: '役割は admin、staff、focustar のいずれかを指定してください。' }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;
export const roleChangeResponseSchema = z.object({
  user_id: z.number().int(),
  role: userRoleNameSchema,
  changed: z.boolean(),
  message: z.string(),
});
export type RoleChangeResponse = z.infer<typeof roleChangeResponseSchema>;

export const ROLE_MESSAGES = {
  changed: (role: UserRoleName) => `役割を「${ROLE_LABELS[role]}」に変更しました。`,
  unchanged: (role: UserRoleName) => `役割はすでに「${ROLE_LABELS[role]}」です。`,
  aboveOwn: '自分より権限の強い役割は付与できません。',
  lastAdmin: '最後の管理者の役割は変更できません。先に別の管理者を任命してください。',
  adminsOnly: '役割を変更できるのは管理者だけです。',
  confirm: (name: string, role: UserRoleName) =>
    `${name}さんの役割を「${ROLE_LABELS[role]}」に変更します。よろしいですか？`,
} as const;

export const supporterDetailSchema = supporterRowSchema.extend({
  /** The user's role (issue 24): admins change it on this screen. */
  role: userRoleNameSchema,
  bio: z.string().nullable(),
  birth_year: z.number().int().nullable(),
  email_verified: z.boolean(),
  sns_accounts: z.array(snsAccountSchema),
  status_history: z.array(
    z.object({
      status: reviewStatusSchema,
      reason: z.string().nullable(),
      reviewer_name: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type SupporterDetail = z.infer<typeof supporterDetailSchema>;

export const supporterStatusSchema = z
  .object({
    status: reviewStatusSchema,
    reason: z.string().trim().max(500, '理由は500文字以内で入力してください。').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.status === '却下' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: '却下の理由を入力してください。' });
    }
  });
export type SupporterStatusUpdate = z.input<typeof supporterStatusSchema>;

export const SUPPORTER_MESSAGES = {
  notFound: 'フォーカスターが見つかりませんでした。',
  statusSaved: (status: ReviewStatus) => `審査状況を「${status}」に変更しました。`,
  exportTooLarge: (max: number) =>
    `書き出せるのは${groupDigits(max)}件までです。条件を絞り込んでからもう一度お試しください。`,
} as const;
export const SUPPORTER_EXPORT_MAX = 10_000;

/**
 * An approved SNS account of a supporter, as a shop sees it in its supporter list and a recruitment's
 * entries (issue 23 "Also": the reviewed accounts of `sns_accounts`, not the login links).
 */
export const approvedSnsAccountSchema = z.object({
  platform: z.enum(SNS_PLATFORMS),
  handle: z.string(),
  profile_url: z.string(),
  follower_count: z.number().int().nullable(),
});
export type ApprovedSnsAccount = z.infer<typeof approvedSnsAccountSchema>;
