import { z } from 'zod';
import { idSchema } from './common.ts';
import { prefectureSchema } from './prefectures.ts';
import { phoneSchema, postalCodeSchema } from './shops.ts';

/**
 * Issue 16 "Shop materials": `/request-pop`. A member of a published shop's company orders printed POP
 * stands (quantity, delivery address, note); staff see the orders and move each 受付 -> 発送済, which
 * mails the orderer. ADR 0092.
 */

export const POP_ORDER_STATUSES = ['受付', '発送済'] as const;
export type PopOrderStatus = (typeof POP_ORDER_STATUSES)[number];
export const popOrderStatusSchema = z.enum(POP_ORDER_STATUSES, { error: '対応状況を選んでください。' });

/** Stands per order: a shop has a few registers and tables; more is a phone call to the operators. */
export const POP_QUANTITY_MAX = 10;
/** Orders still 受付 per shop: one more while two are on their way is almost always a double click. */
export const POP_OPEN_ORDERS_MAX = 3;
export const POP_ORDERS_PAGE_SIZE = 50;

export const POP_ORDER_MESSAGES = {
  quantity: `部数は1〜${POP_QUANTITY_MAX}の整数で入力してください。`,
  notFound: 'お店が見つからないか、POPを申し込む権限がありません。',
  orderNotFound: 'POPのお申し込みが見つかりませんでした。',
  notPublished: 'お店の審査が完了して公開されると、POPを申し込めます。',
  tooManyOpen: `発送待ちのお申し込みが${POP_OPEN_ORDERS_MAX}件あります。発送をお待ちいただくか、お問い合わせからご連絡ください。`,
  received: 'POPのお申し込みを受け付けました。発送までしばらくお待ちください。',
  shipped: '発送済みにしました。申込者にお知らせのメールを送りました。',
  reopened: '受付に戻しました。',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label}を入力してください。` })
    .trim()
    .min(1, `${label}を入力してください。`)
    .max(max, `${label}は${max}文字以内で入力してください。`);

/** Full-width digits are accepted (people type with the IME on). */
export const popQuantitySchema = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v.replace(/[０-９]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)).trim()
      : v,
  z.coerce
    .number({ error: POP_ORDER_MESSAGES.quantity })
    .int(POP_ORDER_MESSAGES.quantity)
    .min(1, POP_ORDER_MESSAGES.quantity)
    .max(POP_QUANTITY_MAX, POP_ORDER_MESSAGES.quantity),
);

export const createPopOrderSchema = z.object({
  shop_id: idSchema,
  quantity: popQuantitySchema,
  recipient_name: text('お届け先のお名前', 50),
  postal_code: postalCodeSchema,
  prefecture: prefectureSchema,
  address: text('市区町村・番地', 200),
  building: z
    .string({ error: '建物名・部屋番号は文字で入力してください。' })
    .trim()
    .max(100, '建物名・部屋番号は100文字以内で入力してください。')
    .optional()
    .default(''),
  phone: phoneSchema,
  note: z
    .string({ error: '備考は文字で入力してください。' })
    .trim()
    .max(500, '備考は500文字以内で入力してください。')
    .optional()
    .default(''),
});
export type CreatePopOrder = z.input<typeof createPopOrderSchema>;

export const popOrderSchema = z.object({
  id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  quantity: z.number().int(),
  recipient_name: z.string(),
  postal_code: z.string(),
  prefecture: z.string(),
  address: z.string(),
  building: z.string(),
  phone: z.string(),
  note: z.string(),
  status: popOrderStatusSchema,
  created_at: z.string(),
  shipped_at: z.string().nullable(),
});
export type PopOrder = z.infer<typeof popOrderSchema>;

/** Staff see who ordered. */
export const adminPopOrderSchema = popOrderSchema.extend({
  ordered_by: z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() }).nullable(),
});
export type AdminPopOrder = z.infer<typeof adminPopOrderSchema>;

export const popOrderReceiptSchema = z.object({ message: z.string(), order: popOrderSchema });
export const myPopOrdersQuerySchema = z.object({ shop_id: idSchema });
export const popOrderListSchema = z.object({ items: z.array(popOrderSchema) });

export const adminPopOrdersQuerySchema = z.object({
  status: popOrderStatusSchema.optional(),
  cursor: idSchema.optional(),
});
export type AdminPopOrdersQuery = { status?: PopOrderStatus; cursor?: number };
export const adminPopOrderListSchema = z.object({
  items: z.array(adminPopOrderSchema),
  next_cursor: z.number().int().nullable(),
});

export const updatePopOrderSchema = z.object({ status: popOrderStatusSchema });
export const updatedPopOrderSchema = z.object({ message: z.string(), order: adminPopOrderSchema });
