import { z } from 'zod';

/**
 * Issue 16 / product design section 6: `/api/achievements`, the real figures of the top page (published
 * shops, supporters, approved posts, counted clicks), cached a few minutes, and the customer voices staff
 * publish. ADR 0094.
 */

/** Seconds the figures may be this old (server cache and browser cache alike). */
export const ACHIEVEMENTS_TTL_S = 300;
export const VOICES_MAX = 30;
/** How many published voices the top page shows, in staff order. */
export const VOICES_SHOWN = 6;
/** The longest text of one customer voice, in characters. */
export const VOICE_BODY_MAX = 300;

export const VOICE_KINDS = ['shop', 'supporter'] as const;
export type VoiceKind = (typeof VOICE_KINDS)[number];
export const VOICE_KIND_LABELS: Record<VoiceKind, string> = { shop: 'お店の方', supporter: 'フォーカスター' };

export const VOICE_MESSAGES = {
  name: 'お名前・肩書きを入力してください。',
  nameLong: 'お名前・肩書きは40文字以内で入力してください。',
  body: 'お客さまの声を入力してください。',
  bodyLong: `お客さまの声は${VOICE_BODY_MAX}文字以内で入力してください。`,
  kind: '「お店の方」か「フォーカスター」を選んでください。',
  tooMany: `お客さまの声は${VOICES_MAX}件まで登録できます。不要なものを削除してから追加してください。`,
  notFound: 'お客さまの声が見つかりませんでした。',
  created: 'お客さまの声を登録しました。',
  saved: 'お客さまの声を保存しました。',
  deleted: 'お客さまの声を削除しました。',
} as const;

const nameSchema = z
  .string({ error: VOICE_MESSAGES.name })
  .trim()
  .min(1, VOICE_MESSAGES.name)
  .max(40, VOICE_MESSAGES.nameLong);
const bodySchema = z
  .string({ error: VOICE_MESSAGES.body })
  .trim()
  .min(1, VOICE_MESSAGES.body)
  .max(VOICE_BODY_MAX, VOICE_MESSAGES.bodyLong);
const kindSchema = z.enum(VOICE_KINDS, { error: VOICE_MESSAGES.kind });

export const createVoiceSchema = z.object({
  name: nameSchema,
  kind: kindSchema,
  body: bodySchema,
  published: z.boolean({ error: '公開・非公開を選んでください。' }).optional().default(false),
});
export type CreateVoice = z.input<typeof createVoiceSchema>;

export const updateVoiceSchema = z
  .object({
    name: nameSchema.optional(),
    kind: kindSchema.optional(),
    body: bodySchema.optional(),
    published: z.boolean({ error: '公開・非公開を選んでください。' }).optional(),
    position: z.number({ error: '並び順は整数で指定してください。' }).int().min(0).max(10_000).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: '変更する項目がありません。',
    path: ['body'],
  });
export type UpdateVoice = z.input<typeof updateVoiceSchema>;

export const publicVoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: kindSchema,
  body: z.string(),
});
export type PublicVoice = z.infer<typeof publicVoiceSchema>;

export const voiceSchema = publicVoiceSchema.extend({
  published: z.boolean(),
  position: z.number().int(),
  created_at: z.string(),
});
export type Voice = z.infer<typeof voiceSchema>;
export const voiceListSchema = z.object({ items: z.array(voiceSchema) });
export const voiceAnswerSchema = z.object({ message: z.string(), item: voiceSchema });

export const achievementsSchema = z.object({
  shops: z.number().int(),
  supporters: z.number().int(),
  approved_posts: z.number().int(),
  clicks: z.number().int(),
  voices: z.array(publicVoiceSchema),
  /** When the figures were counted (ISO). */
  counted_at: z.string(),
});
export type Achievements = z.infer<typeof achievementsSchema>;
