import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Issue 16 / product design section 6: the pictures on the top page. Staff upload them (the storage
 * service: JPEG/PNG/WebP up to 5 MB, re-encoded), give each an alt text, order them and switch them on
 * or off; the top page shows the active ones in random order.
 */

export const INDEX_PICTURES_MAX = 30;
/** How many the top page shows at once (its grid has six tiles). */
export const INDEX_PICTURES_SHOWN = 6;

export const INDEX_PICTURE_MESSAGES = {
  alt: '画像の説明（代替テキスト）を入力してください。',
  altLong: '画像の説明は120文字以内で入力してください。',
  tooMany: `トップ画像は${INDEX_PICTURES_MAX}枚まで登録できます。不要な画像を削除してから追加してください。`,
  notFound: 'トップ画像が見つかりませんでした。',
  staleOrder: '並び順が最新ではありません。画面を更新してから、もう一度並べ替えてください。',
  uploaded: 'トップ画像を登録しました。',
  deleted: 'トップ画像を削除しました。',
} as const;

export const altSchema = z
  .string({ error: INDEX_PICTURE_MESSAGES.alt })
  .trim()
  .min(1, INDEX_PICTURE_MESSAGES.alt)
  .max(120, INDEX_PICTURE_MESSAGES.altLong);

export const indexPictureSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  active: z.boolean(),
  position: z.number().int(),
  created_at: z.string(),
});
export type IndexPicture = z.infer<typeof indexPictureSchema>;
export const indexPictureListSchema = z.object({ items: z.array(indexPictureSchema) });

export const updateIndexPictureSchema = z
  .object({
    alt: altSchema.optional(),
    active: z.boolean({ error: '公開・非公開を選んでください。' }).optional(),
  })
  .refine((v) => v.alt !== undefined || v.active !== undefined, {
    message: '変更する項目がありません。',
    path: ['alt'],
  });
export type UpdateIndexPicture = z.input<typeof updateIndexPictureSchema>;

export const orderIndexPicturesSchema = z.object({
  ids: z
    .array(idSchema, { error: '並び順を指定してください。' })
    .min(1, '並び順を指定してください。')
    .max(INDEX_PICTURES_MAX, INDEX_PICTURE_MESSAGES.staleOrder)
    .refine((ids) => new Set(ids).size === ids.length, INDEX_PICTURE_MESSAGES.staleOrder),
});

/** What the top page receives: no ids of staff, no order, only what it draws. */
export const publicIndexPictureSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  alt: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PublicIndexPicture = z.infer<typeof publicIndexPictureSchema>;
export const publicIndexPictureListSchema = z.object({ items: z.array(publicIndexPictureSchema) });
