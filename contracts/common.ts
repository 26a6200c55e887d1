import { z } from 'zod';
import ja from 'zod/v4/locales/ja.js';
import { ID_MESSAGE, VALIDATION_SUMMARY } from './values.ts';

/**
 * Contracts shared by the SPA and the API: one definition of each request and answer.
 * Zod's messages are Japanese everywhere (client and server import this module first).
 */
// NOTE: `z.locales.ja()` would pull every locale into the first screen's bundle; import only Japanese.
z.config(ja());

/**
 * Uploaded pictures (a request's images, the top page's pictures, avatars, shop covers): JPEG, PNG or WebP
 * of at most this many megabytes each (server/platform/storage.ts checks it; the screens state it).
 */
export const IMAGE_MAX_MB = 5;

/** Seed spec section 5: the id rule; its exact message lives in values.ts (zod-free, for the first screen). */
export { ID_MESSAGE };

/** A positive safe integer id, from a number or a path/query string. */
export const idSchema = z.coerce
  .number({ error: ID_MESSAGE })
  .refine((n) => Number.isSafeInteger(n) && n >= 1, { message: ID_MESSAGE });

/** A path segment that must be an id: digits only, then the id rule. */
export const idParamSchema = z
  .string()
  .regex(/^[0-9]{1,16}$/, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().refine((n) => Number.isSafeInteger(n) && n >= 1, { message: ID_MESSAGE }));
export const idParamsSchema = z.object({ id: idParamSchema });

/** The one error envelope (seed spec section 5: "message plus errors map of field to list of messages"). */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

/** Messages the server answers with; the client shows them as they are. */
export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'この操作を行う権限がありません。',
  notFound: 'お探しのページまたはデータは見つかりませんでした。',
  validation: VALIDATION_SUMMARY,
  csrf: 'ページの有効期限が切れました。もう一度お試しください。',
  serverError: 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。',
  /** Issue 29: PostgreSQL restarting or unreachable; nothing was saved, the same action can be tried again. */
  databaseUnavailable:
    'ただいまサーバーが混み合っているため、処理できませんでした。内容は保存されていません。少し待ってからもう一度お試しください。',
  invalidJson: 'リクエストの形式が正しくありません。',
  tooLarge: '送信されたデータが大きすぎます。',
  unsupportedMedia: 'このデータ形式には対応していません。',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
  methodNotAllowed: 'この操作には対応していません。',
  badUrl: 'URLの形式が正しくありません。',
  uriTooLong: 'URLが長すぎます。',
  badRequest: 'リクエストの形式が正しくありません。',
  headersTooLarge: 'リクエストヘッダーが大きすぎます。',
  requestTimeout: 'リクエストがタイムアウトしました。もう一度お試しください。',
  tooDeep: '入力データの入れ子が深すぎます。',
} as const;

/** Server flags are coerced to boolean: numbers are true when non-zero; null/undefined are false (section 5). */
export const serverFlag = z.preprocess((v) => {
  if (v === null || v === undefined) return false;
  if (typeof v === 'number') return v !== 0;
  return v;
}, z.boolean());

/** A plain `{ message }` success answer; the client shows it as a success toast (section 8). */
export const messageResponseSchema = z.object({ message: z.string() });

/* ---------------------------------------------------------------------------------------------
 * Items staff handle (issue 9): contact messages and shop requests move through 未対応 → 対応中 → 完了
 * with a staff note; staff lists are newest first, 50 a page, with a keyset cursor.
 * ------------------------------------------------------------------------------------------- */

export const HANDLING_STATUSES = ['未対応', '対応中', '完了'] as const;
export type HandlingStatus = (typeof HANDLING_STATUSES)[number];
export const handlingStatusSchema = z.enum(HANDLING_STATUSES, { error: '対応状況を選んでください。' });

/** Staff lists: newest first, 50 a page, keyset cursor. */
export const handlingListQuerySchema = z.object({
  status: handlingStatusSchema.optional(),
  cursor: idSchema.optional(),
});
export type HandlingListQuery = { status?: HandlingStatus; cursor?: number };

/** A staff update: the status and the staff note. */
export const handlingUpdateSchema = z.object({
  status: handlingStatusSchema,
  staff_note: z.string().trim().max(2000, 'メモは2000文字以内で入力してください。').default(''),
});
export type HandlingUpdate = z.input<typeof handlingUpdateSchema>;

export const HANDLING_PAGE_SIZE = 50;

/** The fields every handled item has (contact, shop request). */
export const handledItemFields = {
  id: z.number().int(),
  status: handlingStatusSchema,
  staff_note: z.string(),
  sender: z.object({
    id: z.number().int(),
    name: z.string(),
    screen_name: z.string(),
    email: z.string().nullable(),
  }),
  created_at: z.string(),
  updated_at: z.string(),
};
