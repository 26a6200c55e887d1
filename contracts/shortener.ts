import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Issue 16 "Staff tools": the URL shortener (`/admin-url-shrinker`, `/api/shrinkers`). Staff shorten any
 * web address to `/s/{code}`; the link counts clicks with the same rules as a unit's link (no HEAD, no
 * bots or link previewers, one per IP + browser an hour), shows clicks per Japan day for the last 30
 * days, and can be switched off (then `/s/{code}` leads to 「掲載は終了しました」). ADR 0091.
 */

export const SHRINKER_URL_MAX = 2048;
/** Days of the per-day chart, today (Japan) included. */
export const SHRINKER_CHART_DAYS = 30;
export const SHRINKERS_PAGE_SIZE = 50;

export const SHRINKER_MESSAGES = {
  url: '短縮するURLを入力してください。',
  urlFormat: 'http:// または https:// で始まるURLを入力してください。',
  urlLong: `URLは${SHRINKER_URL_MAX}文字以内で入力してください。`,
  urlCredentials: 'ユーザー名やパスワードを含むURLは短縮できません。',
  urlLoop: 'このサイトの短縮URL（/s/…）はさらに短縮できません。元のURLを入力してください。',
  notFound: '短縮URLが見つかりませんでした。',
  created: '短縮URLを作成しました。',
  disabled: '短縮URLを停止しました。アクセスすると「掲載は終了しました」と表示されます。',
  enabled: '短縮URLを再開しました。',
  active: '公開・停止を選んでください。',
} as const;

/**
 * The shape rule of a target (the server adds the rule that needs its own address: no `/s/` of this
 * site). Full-width characters typed by mistake are not fixed silently: the URL must parse as written.
 */
export const shrinkerUrlSchema = z
  .string({ error: SHRINKER_MESSAGES.url })
  .trim()
  .min(1, SHRINKER_MESSAGES.url)
  .max(SHRINKER_URL_MAX, SHRINKER_MESSAGES.urlLong)
  .superRefine((value, ctx) => {
    // One message per field: an empty or over-long value already has its own.
    if (!value || value.length > SHRINKER_URL_MAX) return;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: SHRINKER_MESSAGES.urlFormat });
      return;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) {
      ctx.addIssue({ code: 'custom', message: SHRINKER_MESSAGES.urlFormat });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: SHRINKER_MESSAGES.urlCredentials });
    }
  });

export const createShrinkerSchema = z.object({ url: shrinkerUrlSchema });
export type CreateShrinker = z.input<typeof createShrinkerSchema>;

/** What POST answers (the issue's shape). */
export const createdShrinkerSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  short_url: z.string(),
});
export type CreatedShrinker = z.infer<typeof createdShrinkerSchema>;

export const shrinkerItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  short_url: z.string(),
  url: z.string(),
  clicks: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});
export type ShrinkerItem = z.infer<typeof shrinkerItemSchema>;

export const shrinkerListSchema = z.object({
  items: z.array(shrinkerItemSchema),
  next_cursor: z.number().int().nullable(),
});
export type ShrinkerList = z.infer<typeof shrinkerListSchema>;

export const shrinkerListQuerySchema = z.object({ cursor: idSchema.optional() });
export type ShrinkerListQuery = { cursor?: number };

export const dayClicksSchema = z.object({
  /** Japan calendar day, YYYY-MM-DD. */
  day: z.string(),
  clicks: z.number().int(),
});
export type DayClicks = z.infer<typeof dayClicksSchema>;

/** GET /api/shrinkers/{id}: the issue's shape plus the link's state; `clicks_per_day` has 30 days, zeros too. */
export const shrinkerDetailSchema = shrinkerItemSchema.extend({
  clicks_per_day: z.array(dayClicksSchema),
});
export type ShrinkerDetail = z.infer<typeof shrinkerDetailSchema>;

export const updateShrinkerSchema = z.object({
  active: z.boolean({ error: SHRINKER_MESSAGES.active }),
});
export type UpdateShrinker = z.input<typeof updateShrinkerSchema>;

export const updatedShrinkerSchema = z.object({ message: z.string(), item: shrinkerItemSchema });
