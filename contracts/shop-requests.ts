import { z } from 'zod';
import { handledItemFields } from './common.ts';

/**
 * Shop requests (seed spec section 2 `/request-shop`, API `/api/shop-request`; product design section 6):
 * a supporter recommends a shop that is not on Focustar yet.
 */

/** POST /api/shop-request (signed in): a supporter recommends a shop that is not on Focustar yet. */
export const shopRequestRequestSchema = z.object({
  name: z
    .string({ error: 'お店の名前を入力してください。' })
    .trim()
    .min(1, 'お店の名前を入力してください。')
    .max(100, 'お店の名前は100文字以内で入力してください。'),
  area: z.string().trim().max(100, '場所は100文字以内で入力してください。').default(''),
  url: z
    .string()
    .trim()
    .max(2000, 'URLが長すぎます。')
    .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), {
      message: 'URLは http:// または https:// から始まる形式で入力してください。',
    })
    .default(''),
  comment: z.string().trim().max(1000, 'おすすめポイントは1000文字以内で入力してください。').default(''),
});
export type ShopRequestRequest = z.input<typeof shopRequestRequestSchema>;

/** The answer to the sender: what happens next. */
export const shopRequestReceiptSchema = z.object({ id: z.number().int(), message: z.string() });

export const shopRequestItemSchema = z.object({
  ...handledItemFields,
  name: z.string(),
  area: z.string(),
  url: z.string(),
  comment: z.string(),
});
export type ShopRequestItem = z.infer<typeof shopRequestItemSchema>;

/** GET /api/shop-request (staff). */
export const shopRequestListSchema = z.object({
  items: z.array(shopRequestItemSchema),
  next_cursor: z.number().int().nullable(),
});

export const SHOP_REQUEST_MESSAGES = {
  received: 'リクエストを受け付けました。ご推薦ありがとうございます。',
  notFound: 'リクエストが見つかりませんでした。',
  throttled: (seconds: number) =>
    `短時間に多くの送信がありました。${seconds}秒ほど待ってから、もう一度お試しください。`,
} as const;
