import { z } from 'zod';
import './common.ts';

/**
 * Seed spec section 2: `/{screen_name}`, the public profile of a supporter or a shop, read with
 * `GET /api/profiles/{screen_name}`. Only what anyone may see: no e-mail, no company, no review status,
 * and of ids only the shop's (a guest who signs up from the shop's page carries it as referralShopId).
 */

export const PROFILE_SCREEN_NAME = /^[A-Za-z0-9_-]{1,30}$/;

export const PROFILE_MESSAGES = {
  badScreenName: 'ユーザーIDは1〜30文字の半角英数字・ハイフン・アンダースコアで指定してください。',
  notFound: 'お探しのユーザーまたはお店は見つかりませんでした。',
} as const;

export const profileParamsSchema = z.object({
  screen_name: z
    .string({ error: PROFILE_MESSAGES.badScreenName })
    .regex(PROFILE_SCREEN_NAME, PROFILE_MESSAGES.badScreenName),
});

/** A published shop (status 公開中). Address, hours and website are the shop's public business details. */
export const shopProfileSchema = z.object({
  type: z.literal('shop'),
  id: z.number().int().min(1),
  name: z.string(),
  screen_name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  prefecture: z.string().nullable(),
  address: z.string().nullable(),
  opening_hours: z.string().nullable(),
  url: z.string().nullable(),
  cover_image_url: z.string().nullable(),
  /** Supporters who follow the shop (seed spec section 3: favoriters_count). */
  favoriters_count: z.number().int().min(0),
  /** Whether the signed-in caller follows the shop (false for a guest; issue 12's follow button). */
  is_favorite: z.boolean(),
});
export type ShopProfile = z.infer<typeof shopProfileSchema>;

/** A supporter who has not left. Prefecture and birth year stay private (used only for matching). */
export const userProfileSchema = z.object({
  type: z.literal('user'),
  name: z.string(),
  screen_name: z.string(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** Published shops the supporter follows (seed spec section 3: favorites_count). */
  favorites_count: z.number().int().min(0),
  /** Issue 16: the supporter's SNS accounts that staff approved (never those waiting or rejected). */
  sns_accounts: z.array(
    z.object({
      provider: z.enum(['instagram', 'tiktok', 'x', 'line_voom']),
      handle: z.string(),
      profile_url: z.string(),
    }),
  ),
  /** Issue 16: the published shops followed, newest first, only when the supporter allows it (else null). */
  favorite_shops: z
    .array(z.object({ name: z.string(), screen_name: z.string(), category: z.string().nullable() }))
    .nullable(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const publicProfileSchema = z.discriminatedUnion('type', [shopProfileSchema, userProfileSchema]);
export type PublicProfile = z.infer<typeof publicProfileSchema>;
