import { z } from 'zod';
import ja from 'zod/v4/locales/ja.js';

/**
 * Contracts shared by the SPA and the API: one definition of each request and answer.
 * Zod's messages are Japanese everywhere (client and server import this module first).
 */
// NOTE: `z.locales.ja()` would pull every locale into the first screen's bundle; import only Japanese.
z.config(ja());

/** Seed spec section 5: the id rule and its exact message. */
export const ID_MESSAGE = 'IDは1以上の整数である必要があります';

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

export const healthSchema = z.object({ status: z.literal('ok') });
export const versionSchema = z.object({ version: z.string() });

/** Public runtime configuration the SPA needs before anything else (no secrets). */
export const publicConfigSchema = z.object({
  version: z.string(),
  recaptchaSiteKey: z.string().nullable(),
  sentryDsn: z.string().nullable(),
  oauthProviders: z.array(z.string()),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Messages the server answers with; the client shows them as they are. */
export const MESSAGES = {
  unauthenticated: 'Unauthenticated.',
  forbidden: 'この操作を行う権限がありません。',
  notFound: 'お探しのページまたはデータは見つかりませんでした。',
  validation: '入力内容に誤りがあります。各項目をご確認ください。',
  csrf: 'ページの有効期限が切れました。もう一度お試しください。',
  serverError: 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください。',
  invalidJson: 'リクエストの形式が正しくありません。',
  tooLarge: '送信されたデータが大きすぎます。',
  unsupportedMedia: 'このデータ形式には対応していません。',
  tooManyRequests: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
  methodNotAllowed: 'この操作には対応していません。',
  badUrl: 'URLの形式が正しくありません。',
  uriTooLong: 'URLが長すぎます。',
} as const;
