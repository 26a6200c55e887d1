import { z } from 'zod';
import { handledItemFields, handlingStatusSchema } from './common.ts';

/** Contact (seed spec section 2 `/contact`, API `/api/contact`): a signed-in user writes to the operators. */

/** The kinds of contact a person can choose on `/contact`. */
export const CONTACT_TOPICS = [
  '使い方について',
  '報酬・お振込みについて',
  '拡散依頼・料金について',
  'アカウントについて',
  '不具合のご報告',
  'その他',
] as const;

export const CONTACT_BODY_MAX = 4000;

/** POST /api/contact (signed in): the reply goes to the account's e-mail address. */
export const contactRequestSchema = z.object({
  topic: z.enum(CONTACT_TOPICS, { error: 'お問い合わせの種類を選んでください。' }),
  body: z
    .string({ error: 'お問い合わせ内容を入力してください。' })
    .trim()
    .min(1, 'お問い合わせ内容を入力してください。')
    .max(CONTACT_BODY_MAX, `お問い合わせ内容は${CONTACT_BODY_MAX}文字以内で入力してください。`),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** The answer to the sender: what happens next. */
export const contactReceiptSchema = z.object({ id: z.number().int(), message: z.string() });

export const contactItemSchema = z.object({ ...handledItemFields, topic: z.string(), body: z.string() });
export type ContactItem = z.infer<typeof contactItemSchema>;

/** GET /api/contact (staff). */
export const contactListSchema = z.object({
  items: z.array(contactItemSchema),
  next_cursor: z.number().int().nullable(),
});

/**
 * GET /api/contact/mine (signed in; issue 25 (10)): the person's own messages, newest first, with the
 * operators' handling state. The staff note is the operators' own and is not shown.
 */
export const myContactSchema = z.object({
  id: z.number().int(),
  topic: z.string(),
  body: z.string(),
  status: handlingStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type MyContact = z.infer<typeof myContactSchema>;
export const myContactListSchema = z.object({ items: z.array(myContactSchema) });

/** How many of one's own messages `/support` lists. */
export const MY_CONTACT_LIMIT = 20;

/** What each handling state means to the person who wrote (`/support`). */
export const MY_CONTACT_STATUS_TEXT = {
  未対応: '受付済み（担当者の確認待ち）',
  対応中: '担当者が対応しています',
  完了: '対応が完了しました',
} as const;

export const CONTACT_MESSAGES = {
  received: 'お問い合わせを受け付けました。担当者より順次ご連絡します。',
  notFound: 'お問い合わせが見つかりませんでした。',
  throttled: (seconds: number) =>
    `短時間に多くの送信がありました。${seconds}秒ほど待ってから、もう一度お試しください。`,
} as const;
