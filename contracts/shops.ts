import { z } from 'zod';
import { idSchema, serverFlag } from './common.ts';
import { prefectureSchema } from './prefectures.ts';
import { approvedSnsAccountSchema } from './supporters.ts';
import { screenNameSchema } from './screen-names.ts';

/** Seed spec sections 3, 4 and 7: the shop as the SPA receives it, its review status and the user's shops. */

export const SHOP_FLAGS = ['savedFirstProfile', 'completedFirstAd'] as const;

/** Company paid_status values and the exact under-review text (section 4): zod-free, in values.ts. */
import { PAID_STATUS, SHOP_UNDER_REVIEW_STATUS } from './values.ts';

export { PAID_STATUS, SHOP_UNDER_REVIEW_STATUS };

/** The status of a shop that everyone may see (product design section 2). */
export const PUBLISHED_SHOP_STATUS = '公開中';

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
/**
 * GET /api/shops/{id}: its own people and staff get the whole shop; anyone else (a guest, another
 * company's member) gets a published shop without `company_id` and `flag_status` (issue 10 item 8).
 */
export const shopAnswerSchema = shopSchema.partial({ company_id: true, flag_status: true });
export type PublicShop = Omit<Shop, 'company_id' | 'flag_status'>;

export const shopStatusSchema = z.object({ status: z.string() });
export const myShopsResponseSchema = z.array(shopSchema);

export const SHOP_MESSAGES = {
  shopNotFound: 'ショップが見つかりませんでした。',
  companyNotFound: '会社が見つかりませんでした。',
  screenNameTaken: 'このお店のIDはすでに使われています。',
  reasonRequired: '審査NGの理由を入力してください。',
  badCursor: '続きの読み込み位置が正しくありません。最初から読み込み直してください。',
  followed: 'お気に入りに登録しました。',
  unfollowed: 'お気に入りを解除しました。',
} as const;

/* ---------------------------------------------------------------------------------------------
 * Issue 12: companies, shops, staff review and favourites (product design sections 1, 2 and 6).
 * ------------------------------------------------------------------------------------------- */

/** The other review statuses of a shop (product design section 2). */
export const REJECTED_SHOP_STATUS = '審査NG';
export const HIDDEN_SHOP_STATUS = '非公開';
export const SHOP_STATUSES = [
  SHOP_UNDER_REVIEW_STATUS,
  PUBLISHED_SHOP_STATUS,
  REJECTED_SHOP_STATUS,
  HIDDEN_SHOP_STATUS,
] as const;

export const PAID_STATUSES = [
  PAID_STATUS.underReview,
  PAID_STATUS.unavailable,
  PAID_STATUS.availableNotTrading,
  PAID_STATUS.availableTrading,
] as const;
export type PaidStatus = (typeof PAID_STATUSES)[number];

/** The fixed list of shop categories (issue 12). */
export const SHOP_CATEGORIES = [
  'カフェ',
  'レストラン',
  '居酒屋・バー',
  'ラーメン',
  'パン屋',
  'スイーツ',
  '美容室',
  'ネイル・まつげ',
  'エステ・リラクゼーション',
  '雑貨・アパレル',
  'フィットネス',
  '宿泊',
  'その他',
] as const;
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];
export const shopCategorySchema = z.enum(SHOP_CATEGORIES, { error: 'カテゴリを選んでください。' });

/** Pages of every list: at most 50 rows (issue 12). */
export const PAGE_SIZE_MAX = 50;

/* Normalisers: people type digits and hyphens with the IME on, and kana in hiragana. */

/** Full-width digits, letters and hyphen-like marks become ASCII; spaces go. */
export function normalizeDigitsAndHyphens(value: string): string {
  return value
    .replace(/[０-９Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/[－ー―‐−–—]/g, '-')
    .replace(/[\s\u3000]/g, '');
}

/** Hiragana becomes katakana; full-width spaces become one half-width space. */
export function hiraganaToKatakana(value: string): string {
  return value
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}を入力してください。` })
    .trim()
    .min(1, `${label}を入力してください。`)
    .max(max, `${label}は${max}文字以内で入力してください。`);

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}は文字で入力してください。` })
    .trim()
    .max(max, `${label}は${max}文字以内で入力してください。`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const phoneSchema = z
  .string({ error: '電話番号を入力してください。' })
  .max(30, '電話番号は30文字以内で入力してください。')
  .transform(normalizeDigitsAndHyphens)
  .pipe(
    z
      .string()
      .min(1, '電話番号を入力してください。')
      .regex(/^0[0-9-]{8,14}$/, '電話番号は0から始まる数字とハイフンで入力してください（例: 03-1234-5678）。')
      .refine((v) => {
        const digits = v.replace(/-/g, '').length;
        return digits >= 10 && digits <= 11;
      }, '電話番号の桁数が正しくありません（10桁または11桁）。'),
  );

export const postalCodeSchema = z
  .string({ error: '郵便番号を入力してください。' })
  .max(20, '郵便番号は7桁の数字で入力してください（例: 150-0041）。')
  .transform(normalizeDigitsAndHyphens)
  .pipe(z.string().regex(/^[0-9]{3}-?[0-9]{4}$/, '郵便番号は7桁の数字で入力してください（例: 150-0041）。'))
  .transform((v) => `${v.replace('-', '').slice(0, 3)}-${v.replace('-', '').slice(3)}`);

/** Qualified-invoice registration number: T + 13 digits (optional). */
export const invoiceNumberSchema = z
  .string({ error: '登録番号は文字で入力してください。' })
  .max(30, '登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）。')
  .transform((v) => normalizeDigitsAndHyphens(v).replace(/-/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^(T[0-9]{13})?$/, '登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）。'),
  )
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

export const kanaSchema = z
  .string({ error: 'フリガナを入力してください。' })
  .max(100, 'フリガナは100文字以内で入力してください。')
  .transform(hiraganaToKatakana)
  .pipe(
    z
      .string()
      .min(1, 'フリガナを入力してください。')
      .regex(/^[ァ-ヶー・ \u3000A-Za-z0-9]+$/, 'フリガナはカタカナ（ひらがなも可）で入力してください。'),
  );

const httpUrlSchema = z
  .string({ error: 'URLは文字で入力してください。' })
  .trim()
  .max(500, 'URLは500文字以内で入力してください。')
  .refine((v) => {
    if (v === '') return true;
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'URLは http:// または https:// から始まる形で入力してください。')
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** POST /api/companies, PUT /api/companies/{id}. */
export const companyRequestSchema = z.object({
  name: text('会社名・屋号', 100),
  name_kana: kanaSchema,
  representative: text('代表者名', 50),
  postal_code: postalCodeSchema,
  address: text('所在地', 200),
  phone: phoneSchema,
  invoice_number: invoiceNumberSchema,
});
export type CompanyRequest = z.input<typeof companyRequestSchema>;

export const companySchema = z.object({
  id: z.number().int().min(1),
  name: z.string(),
  name_kana: z.string().nullable(),
  representative: z.string().nullable(),
  postal_code: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  invoice_number: z.string().nullable(),
  paid_status: z.string(),
  review_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** A company as staff review it: with its members' names and e-mail addresses. */
export const staffCompanySchema = companySchema.extend({
  members: z.array(
    z.object({ name: z.string(), screen_name: z.string(), email: z.string().nullable(), role: z.string() }),
  ),
});
export type StaffCompany = z.infer<typeof staffCompanySchema>;
export const staffCompanyPageSchema = z.object({
  data: z.array(staffCompanySchema),
  next_cursor: z.number().int().nullable(),
});

export const companyListQuerySchema = z.object({
  paid_status: z.enum(PAID_STATUSES, { error: '審査状況を選んでください。' }).optional(),
  cursor: idSchema.optional(),
});
export type CompanyListQuery = { paid_status?: PaidStatus; cursor?: number };

/** POST /api/companies/{id}/review (staff): the new paid_status and the reason told to the owner. */
export const companyReviewRequestSchema = z.object({
  paid_status: z.enum(PAID_STATUSES, { error: '審査状況を選んでください。' }),
  reason: optionalText('理由', 1000),
});
export type CompanyReviewRequest = Typed<z.input<typeof companyReviewRequestSchema>>;

const shopFields = {
  name: text('お店の名前', 100),
  screen_name: screenNameSchema,
  category: shopCategorySchema,
  prefecture: prefectureSchema,
  address: text('住所', 200),
  opening_hours: optionalText('営業時間', 200),
  phone: phoneSchema,
  url: httpUrlSchema,
  description: optionalText('お店の紹介', 1000),
};

/** POST /api/shops: a company's first (or next) shop; it starts under review. */
export const shopCreateRequestSchema = z.object({
  company_id: idSchema,
  ...shopFields,
});
/** What a form sends: text as typed (the server validates and normalises it). */
type Typed<T> = { [K in keyof T]: T[K] extends string ? string : T[K] };
export type ShopCreateRequest = Typed<z.input<typeof shopCreateRequestSchema>>;

/** PUT /api/shops/{id}: the shop's profile. */
export const shopUpdateRequestSchema = z.object(shopFields);
export type ShopUpdateRequest = Typed<z.input<typeof shopUpdateRequestSchema>>;

/** A shop with what its own people and staff see (the profile form, the review screen). */
export const shopDetailSchema = shopSchema.extend({
  address: z.string().nullable(),
  opening_hours: z.string().nullable(),
  phone: z.string().nullable(),
  url: z.string().nullable(),
  company_name: z.string(),
  paid_status: z.string(),
  review_reason: z.string().nullable(),
  created_at: z.string(),
});
export type ShopDetail = z.infer<typeof shopDetailSchema>;
export const shopDetailPageSchema = z.object({
  data: z.array(shopDetailSchema),
  next_cursor: z.number().int().nullable(),
});

/** GET /api/staff/shops: every shop, for review and for entering any shop (staff). */
export const staffShopQuerySchema = z.object({
  q: z.string().trim().max(100, '検索語は100文字以内で入力してください。').optional(),
  status: z.enum(SHOP_STATUSES, { error: '審査状況を選んでください。' }).optional(),
  cursor: idSchema.optional(),
});
export type StaffShopQuery = { q?: string; status?: (typeof SHOP_STATUSES)[number]; cursor?: number };

/** POST /api/shops/{id}/reviews (staff): approve, or reject with a reason. */
export const shopReviewRequestSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: '承認か審査NGかを選んでください。' }),
    reason: optionalText('理由', 1000),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'reject' && !v.reason) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: SHOP_MESSAGES.reasonRequired });
    }
  });
export type ShopReviewRequest = z.input<typeof shopReviewRequestSchema>;

/** A published shop in a search result. */
export const shopCardSchema = z.object({
  id: z.number().int().min(1),
  name: z.string(),
  screen_name: z.string(),
  category: z.string().nullable(),
  prefecture: z.string().nullable(),
  description: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  favoriters_count: z.number().int().min(0),
  /** Whether the signed-in caller follows the shop (false for a guest). */
  is_favorite: z.boolean(),
});
export type ShopCard = z.infer<typeof shopCardSchema>;
export const shopCardPageSchema = z.object({
  data: z.array(shopCardSchema),
  next_cursor: z.number().int().nullable(),
});
export type ShopCardPage = z.infer<typeof shopCardPageSchema>;

/** GET /api/shops: published shops by name, area and category; `type=follow` the caller's shops. */
export const shopSearchQuerySchema = z.object({
  q: z.string().trim().max(100, '検索語は100文字以内で入力してください。').optional(),
  prefecture: prefectureSchema.optional(),
  category: shopCategorySchema.optional(),
  type: z.enum(['follow'], { error: '種類の指定が正しくありません。' }).optional(),
  cursor: idSchema.optional(),
  limit: z.coerce
    .number({ error: `件数は1〜${PAGE_SIZE_MAX}の数字で指定してください。` })
    .int(`件数は1〜${PAGE_SIZE_MAX}の数字で指定してください。`)
    .min(1, `件数は1〜${PAGE_SIZE_MAX}の数字で指定してください。`)
    .max(PAGE_SIZE_MAX, `件数は1〜${PAGE_SIZE_MAX}の数字で指定してください。`)
    .optional(),
});
export type ShopSearchQuery = {
  q?: string;
  prefecture?: string;
  category?: string;
  type?: 'follow';
  cursor?: number;
  limit?: number;
};

/** POST/DELETE /api/shops/{id}/favorite. */
export const favoriteStateSchema = z.object({
  shop_id: z.number().int().min(1),
  is_favorite: z.boolean(),
  favoriters_count: z.number().int().min(0),
  message: z.string(),
});
export type FavoriteState = z.infer<typeof favoriteStateSchema>;

/** A supporter of a shop, as the shop sees them (advertiser mode of /favorites). */
export const shopSupporterSchema = z.object({
  name: z.string(),
  screen_name: z.string(),
  avatar_url: z.string().nullable(),
  /** When the supporter followed the shop (ISO 8601, UTC). */
  since: z.string(),
  /** The supporter's approved SNS accounts (`sns_accounts`, issue 23 "Also"). */
  sns_accounts: z.array(approvedSnsAccountSchema),
});
export type ShopSupporter = z.infer<typeof shopSupporterSchema>;

/** Opaque keyset cursor of the supporter list (the follow time and the user, base64url). */
export const SUPPORTER_CURSOR = /^[A-Za-z0-9_-]{1,120}$/;
export const supporterQuerySchema = z.object({
  cursor: z.string().regex(SUPPORTER_CURSOR, SHOP_MESSAGES.badCursor).optional(),
});
export const shopSupporterPageSchema = z.object({
  data: z.array(shopSupporterSchema),
  next_cursor: z.string().nullable(),
});
export type ShopSupporterPage = z.infer<typeof shopSupporterPageSchema>;
