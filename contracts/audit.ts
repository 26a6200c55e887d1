import { z } from 'zod';
import { idParamSchema } from './common.ts';

/**
 * Issue 24, product design section 8 "Audit": the staff audit log as admins read it. One row per change a staff
 * member or admin made: who, in which role, what, on which record, the changed fields before and after.
 */
export const AUDIT_PAGE_SIZE = 50;

/** What each action is called on the screen (unknown actions show as they are). */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'advertisement.approve': '拡散依頼を承認',
  'advertisement.send_back': '拡散依頼を差し戻し',
  'unit.approve': '投稿を承認',
  'unit.reject': '投稿を非承認',
  'unit.reinstate': '報酬の取り消しを取りやめ',
  'supporter.status': 'フォーカスターの審査',
  'sns_account.approve': 'SNSアカウントを承認',
  'sns_account.reject': 'SNSアカウントを却下',
  'user.role': '権限の変更',
  'payout.build': '振込データを作成',
  'payout.export': '全銀ファイルを出力',
  'payout.paid': '振込済みにする',
  'payout.failed': '振込できなかった',
  'invoice.paid': '請求の入金を記録',
  'recruitment.create': 'モニター募集を作成',
  'recruitment.update': 'モニター募集を編集',
  'recruitment.status': 'モニター募集の状態を変更',
  'recruitment.close_early': '募集を早めに締め切り',
  'recruitment.draw': '抽選',
  'recruitment.pick': '当選者を選択',
  'recruitment.redraw': '繰り上げ当選',
  'entry.cancel_win': '当選を取り消し',
  'entry.judge': '当選者の投稿を判定',
  'entry.reject_post': '当選者の投稿を非承認',
  'fraud.hold': '支払保留',
  'fraud.release': '保留解除',
  'fraud.suspend': 'アカウント停止',
  'fraud.fine': '問題なし',
  'company.review': '会社の審査',
  'company.update': '会社情報を編集',
  'shop.approve': 'お店を承認',
  'shop.reject': 'お店を審査NG',
  'shop.update': 'お店のプロフィールを編集',
  'shop.cover': 'お店のカバー画像を変更',
  'shop.enter': 'お店に切り替え',
  'index_picture.create': 'トップ画像を追加',
  'index_picture.update': 'トップ画像を編集',
  'index_picture.order': 'トップ画像の並び替え',
  'index_picture.delete': 'トップ画像を削除',
  'customer_voice.create': 'お客様の声を追加',
  'customer_voice.update': 'お客様の声を編集',
  'customer_voice.delete': 'お客様の声を削除',
  'shrinker.create': '短縮URLを作成',
  'shrinker.enable': '短縮URLを再開',
  'shrinker.disable': '短縮URLを停止',
  'pop_order.status': 'POP注文の状態を変更',
  'contact.handle': 'お問い合わせの対応',
  'shop_request.handle': 'お店リクエストの対応',
};

export const AUDIT_MESSAGES = {
  adminOnly: '監査ログは管理者だけが見られます。',
  target: '対象は「テーブル名:ID」の形で指定してください（例：advertisements:12）。',
  action: '操作の名前は英小文字と「.」「_」で指定してください。',
} as const;

export const auditQuerySchema = z.object({
  actor_id: idParamSchema.optional(),
  target: z
    .string({ error: AUDIT_MESSAGES.target })
    .regex(/^[a-z_]{1,40}:[A-Za-z0-9_-]{1,40}$/, AUDIT_MESSAGES.target)
    .optional(),
  action: z
    .string({ error: AUDIT_MESSAGES.action })
    .regex(/^[a-z_]{1,40}\.[a-z_]{1,40}$/, AUDIT_MESSAGES.action)
    .optional(),
  before: idParamSchema.optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.object({ id: z.number().int(), name: z.string() }),
  actor_role: z.string(),
  action: z.string(),
  target_table: z.string(),
  target_id: z.string(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  note: z.string().nullable(),
  request_id: z.string().nullable(),
  ip_hash: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** The last row's id when older rows follow (pass it as `before`), else null. */
  next_before: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
