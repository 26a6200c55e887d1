import { z } from 'zod';

/**
 * Issue 26 "Done when: staff can preview every template" (ADR 0178): GET /api/admin/notification-templates
 * answers every kind of contracts/notifications.ts with its example parameters rendered: the texts of the
 * in-app row, LINE message and push (title, body, path), and the mail in the one layout (HTML and text),
 * with the informational mail's unsubscribe line where it has one. Staff only.
 */
export const notificationTemplatePreviewSchema = z.object({
  kind: z.string(),
  /** Who receives it: supporter, shop, staff, or all (informational mail). */
  audience: z.enum(['supporter', 'shop', 'staff', 'all']),
  /** What the event is, in Japanese. */
  label: z.string(),
  /** The group of 通知設定 (contracts/notification-settings.ts), or null. */
  group: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  path: z.string(),
  mail: z.object({ subject: z.string(), text: z.string(), html: z.string() }),
});
export type NotificationTemplatePreview = z.infer<typeof notificationTemplatePreviewSchema>;

export const notificationTemplatesResponseSchema = z.object({
  data: z.array(notificationTemplatePreviewSchema),
});
export type NotificationTemplatesResponse = z.infer<typeof notificationTemplatesResponseSchema>;

export const TEMPLATE_PREVIEW_TEXTS = {
  title: '通知テンプレートの確認',
  lead: 'お知らせ欄・LINE・プッシュ通知の文面と、メール（HTMLとテキスト）を、例の値で表示しています。',
  audience: { supporter: 'フォーカスター', shop: 'お店', staff: '運営', all: '全員（希望者のみ）' },
  inApp: 'お知らせ欄・LINE・プッシュ通知',
  mailHtml: 'メール（HTML）',
  mailText: 'メール（テキスト）',
  loadFailed: 'テンプレートを読み込めませんでした。時間をおいて、もう一度お試しください。',
} as const;
