import { z } from 'zod';
import { idParamSchema } from './common.ts';

/**
 * Issue 24, product design section 8 "Fraud": signals shown to staff, never acted on automatically, and the
 * four actions staff take on them, each with a note.
 */
export const FRAUD_KINDS = [
  'shared_bank_account',
  'shared_device',
  'self_click',
  'click_burst',
  'foreign_proof',
  'own_company',
] as const;
export type FraudKind = (typeof FRAUD_KINDS)[number];
export const FRAUD_KIND_LABELS: Record<FraudKind, string> = {
  shared_bank_account: '同じ振込口座',
  shared_device: '同じ端末・回線から複数アカウント',
  self_click: '自分のリンクをクリック',
  click_burst: '短時間のクリック集中',
  foreign_proof: '他人の投稿での報告',
  own_company: '自社メンバーの投稿を承認',
};
/** Proofs from another's handle become a flag from this many on (one could be a mistake). */
export const FOREIGN_PROOF_REPEAT = 2;

export const FRAUD_ACTIONS = ['hold', 'release', 'suspend', 'fine'] as const;
export type FraudAction = (typeof FRAUD_ACTIONS)[number];
export const FRAUD_ACTION_LABELS: Record<FraudAction, string> = {
  hold: '支払保留',
  release: '保留解除',
  suspend: 'アカウント停止',
  fine: '問題なし',
};
/** The supporter status an アカウント停止 sets (they can still log in to see their money and contact us). */
export const SUSPENDED_STATUS = '停止';

export const FRAUD_MESSAGES = {
  note: '対応の理由をメモに入力してください。',
  action: '対応を選んでください。',
  notFound: 'フラグが見つかりませんでした。',
  closed: 'このフラグは対応済みです。',
  notHeld: 'この方の支払いは保留されていません。',
  done: (action: FraudAction) => `「${FRAUD_ACTION_LABELS[action]}」を記録しました。`,
} as const;

export const fraudListQuerySchema = z.object({
  status: z.enum(['open', 'closed'], { error: '状態は open か closed で指定してください。' }).default('open'),
  kind: z.enum(FRAUD_KINDS, { error: '種類を選んでください。' }).optional(),
  before: idParamSchema.optional(),
});
export type FraudListQuery = z.input<typeof fraudListQuerySchema>;

export const fraudActionSchema = z.object({
  action: z.enum(FRAUD_ACTIONS, { error: FRAUD_MESSAGES.action }),
  note: z
    .string({ error: FRAUD_MESSAGES.note })
    .trim()
    .min(1, FRAUD_MESSAGES.note)
    .max(500, 'メモは500文字以内で入力してください。'),
});
export type FraudActionInput = z.input<typeof fraudActionSchema>;

export const fraudFlagSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FRAUD_KINDS),
  user_id: z.number().int(),
  user: z.object({ name: z.string(), screen_name: z.string(), status: z.string() }),
  evidence: z.record(z.string(), z.unknown()),
  status: z.enum(['open', 'closed']),
  action: z.enum(FRAUD_ACTIONS).nullable(),
  on_hold: z.boolean(),
  created_at: z.string(),
  closed_by: z.number().int().nullable(),
  note: z.string().nullable(),
});
export type FraudFlag = z.infer<typeof fraudFlagSchema>;
export const fraudPageSchema = z.object({
  items: z.array(fraudFlagSchema),
  next_before: z.number().int().nullable(),
});
