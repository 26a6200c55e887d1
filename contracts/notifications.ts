import { z } from 'zod';
import { groupDigits } from './japan-time.ts';
import { japaneseDay } from './advertisements.ts';

/**
 * Issue 26 "What people are told", product design section 8 "Notifications": every kind of message the
 * outbox writes (server/platform/notify/outbox.ts), its Japanese title and body, and the app path it opens.
 * The same texts are the in-app row, the LINE message and the push; the mail puts them (or the feature's
 * longer mail) in the one mail layout. The groups of 通知設定 are in contracts/notification-settings.ts.
 */

const yen = (n: number) => `${groupDigits(Math.round(n))}円`;
const count = groupDigits;
const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** `2026-11-26` (or an ISO moment, read in Japan time) as 「2026年11月26日（木）」 (product design section 8). */
export function noticeDay(dayOrIso: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(dayOrIso)
    ? dayOrIso
    : new Date(new Date(dayOrIso).getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${japaneseDay(day)}（${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]}）`;
}

export interface NoticeText {
  title: string;
  body: string;
  path: string;
}

/** Each kind: its texts from its parameters, and an example of them (the staff preview, the tests). */
interface Template<P> {
  /** `all`: informational mail (お知らせ) to anyone who opted in. */
  audience: 'supporter' | 'shop' | 'staff' | 'all';
  /** What the event is, for the staff preview. */
  label: string;
  render(p: P): NoticeText;
  example: P;
}
const template = <P>(t: Template<P>) => t;

export const NOTIFICATION_TEMPLATES = {
  /* ---------------------------------------------------------------- supporters */
  'offer.arrived': template<{ shop: string; reward: number; deadline: string }>({
    audience: 'supporter',
    label: '拡散依頼のオファーが届いた',
    render: (p) => ({
      title: `${p.shop}から拡散依頼が届きました`,
      body: `報酬は${yen(p.reward)}です。${noticeDay(p.deadline)}までにお返事ください。`,
      path: '/advertisements',
    }),
    example: { shop: 'デモカフェ', reward: 500, deadline: '2026-11-29' },
  }),
  'offer.expiring': template<{ shop: string; deadline: string }>({
    audience: 'supporter',
    label: 'オファーの期限まで24時間',
    render: (p) => ({
      title: `${p.shop}の拡散依頼の期限が近づいています`,
      body: `お返事の期限は${noticeDay(p.deadline)}です。あと24時間ほどで受けられなくなります。`,
      path: '/advertisements',
    }),
    example: { shop: 'デモカフェ', deadline: '2026-11-27T10:00:00Z' },
  }),
  'post.approved': template<{ shop: string; reward: number; confirmDay: string }>({
    audience: 'supporter',
    label: '投稿が承認された',
    render: (p) => ({
      title: '投稿が承認されました',
      body: `${p.shop}への投稿が承認されました。報酬${yen(p.reward)}は${noticeDay(p.confirmDay)}に確定します。`,
      path: '/history',
    }),
    example: { shop: 'デモカフェ', reward: 500, confirmDay: '2026-12-03' },
  }),
  'post.returned': template<{ shop: string; reason: string; canResubmit: boolean }>({
    audience: 'supporter',
    label: '投稿が差し戻された',
    render: (p) => ({
      title: '投稿が差し戻されました',
      body: `${p.shop}への投稿が差し戻されました。理由：${p.reason}。${
        p.canResubmit ? '投稿を直して、もう一度だけ報告できます。' : 'この投稿はもう報告できません。'
      }`,
      path: '/advertisements',
    }),
    example: { shop: 'デモカフェ', reason: '「#PR」が最初にありません', canResubmit: true },
  }),
  'reward.reversed': template<{ shop: string; reward: number; reason: string }>({
    audience: 'supporter',
    label: '報酬が取り消された',
    render: (p) => ({
      title: '報酬が取り消されました',
      body: `${p.shop}への投稿の報酬${yen(p.reward)}が取り消されました。理由：${p.reason}`,
      path: '/history',
    }),
    example: { shop: 'デモカフェ', reward: 500, reason: '投稿が削除されていました' },
  }),
  'payout.scheduled': template<{ amount: number; day: string }>({
    audience: 'supporter',
    label: 'お振込みの予定',
    render: (p) => ({
      title: '報酬のお振込み予定のお知らせ',
      body: `${yen(p.amount)}を${noticeDay(p.day)}にお振込みする予定です。`,
      path: '/history',
    }),
    example: { amount: 3000, day: '2026-12-15' },
  }),
  'payout.paid': template<{ amount: number }>({
    audience: 'supporter',
    label: 'お振込みの完了',
    render: (p) => ({
      title: '報酬をお振込みしました',
      body: `${yen(p.amount)}をお振込みしました。ご確認ください。`,
      path: '/history',
    }),
    example: { amount: 3000 },
  }),
  'payout.failed': template<{ amount: number }>({
    audience: 'supporter',
    label: 'お振込みの失敗',
    render: (p) => ({
      title: '報酬をお振込みできませんでした',
      body: `${yen(p.amount)}のお振込みができませんでした。振込先の口座をご確認のうえ、正しい内容に直してください。`,
      path: '/bank',
    }),
    example: { amount: 3000 },
  }),
  'recruitment.won': template<{ title: string; shop: string; recruitmentId: number }>({
    audience: 'supporter',
    label: 'モニター募集に当選した',
    render: (p) => ({
      title: 'モニター募集に当選しました',
      body: `${p.shop}の「${p.title}」に当選しました。内容をご確認ください。`,
      path: `/recruitments/${p.recruitmentId}`,
    }),
    example: { title: '新メニュー試食モニター', shop: 'デモカフェ', recruitmentId: 1 },
  }),
  'recruitment.lost': template<{ title: string; shop: string; recruitmentId: number }>({
    audience: 'supporter',
    label: 'モニター募集に落選した',
    render: (p) => ({
      title: 'モニター募集の抽選結果のお知らせ',
      body: `${p.shop}の「${p.title}」は、残念ながら落選となりました。ご応募ありがとうございました。`,
      path: `/recruitments/${p.recruitmentId}`,
    }),
    example: { title: '新メニュー試食モニター', shop: 'デモカフェ', recruitmentId: 1 },
  }),
  'sns_account.approved': template<{ platform: string; handle: string }>({
    audience: 'supporter',
    label: 'SNSアカウントが承認された',
    render: (p) => ({
      title: 'SNSアカウントが承認されました',
      body: `${p.platform}の「${p.handle}」が承認されました。このアカウントで拡散依頼を受けられます。`,
      path: '/account-info',
    }),
    example: { platform: 'Instagram', handle: 'hanako_cafe_walk' },
  }),
  'sns_account.rejected': template<{ platform: string; handle: string }>({
    audience: 'supporter',
    label: 'SNSアカウントが承認されなかった',
    render: (p) => ({
      title: 'SNSアカウントの審査結果のお知らせ',
      body: `${p.platform}の「${p.handle}」は承認されませんでした。登録内容をご確認ください。`,
      path: '/account-info',
    }),
    example: { platform: 'X', handle: 'demo_supporter' },
  }),
  'supporter.reviewed': template<{ approved: boolean }>({
    audience: 'supporter',
    label: 'フォーカスター登録の審査結果',
    render: (p) => ({
      title: 'フォーカスター登録の審査結果のお知らせ',
      body: p.approved
        ? 'フォーカスターとして承認されました。拡散依頼が届くのをお待ちください。'
        : 'フォーカスターとしての登録は承認されませんでした。詳しくはお問い合わせください。',
      path: '/account-info',
    }),
    example: { approved: true },
  }),
  /* ---------------------------------------------------------------- shops */
  'request.approved': template<{ shop: string; offers: number }>({
    audience: 'shop',
    label: '拡散依頼が承認された',
    render: (p) => ({
      title: '拡散依頼が承認されました',
      body: `${p.shop}の拡散依頼が運営に承認され、フォーカスター${count(p.offers)}人にオファーを送りました。`,
      path: '/advertisements',
    }),
    example: { shop: 'デモカフェ', offers: 5 },
  }),
  'request.returned': template<{ shop: string; reason: string; advertisementId: number }>({
    audience: 'shop',
    label: '拡散依頼が差し戻された',
    render: (p) => ({
      title: '拡散依頼が差し戻されました',
      body: `${p.shop}の拡散依頼が差し戻されました。理由：${p.reason}`,
      path: `/ad?step=1&id=${p.advertisementId}`,
    }),
    example: { shop: 'デモカフェ', reason: '写真が不鮮明です', advertisementId: 1 },
  }),
  'posts.to_judge': template<{ shop: string; posts: number }>({
    audience: 'shop',
    label: '審査待ちの投稿（毎日のまとめ）',
    render: (p) => ({
      title: `審査待ちの投稿が${count(p.posts)}件あります`,
      body: `${p.shop}への投稿が${count(p.posts)}件、審査を待っています。7日を過ぎると自動で承認されます。`,
      path: '/advertisements',
    }),
    example: { shop: 'デモカフェ', posts: 3 },
  }),
  'request.ended': template<{ shop: string; posts: number; clicks: number; billed: number }>({
    audience: 'shop',
    label: '拡散依頼が終了した',
    render: (p) => ({
      title: '拡散依頼が終了しました',
      body: `${p.shop}の拡散依頼が終了しました。投稿${count(p.posts)}件、クリック${count(p.clicks)}回、ご請求${yen(p.billed)}でした。`,
      path: '/results',
    }),
    example: { shop: 'デモカフェ', posts: 4, clicks: 120, billed: 2000 },
  }),
  'invoice.issued': template<{ month: string; amount: number }>({
    audience: 'shop',
    label: '請求書が発行された',
    render: (p) => ({
      title: '請求書を発行しました',
      body: `${p.month.replace(/^(\d{4})-(\d{2})$/, (_m, y: string, mo: string) => `${y}年${Number(mo)}月`)}分のご請求は${yen(p.amount)}です。`,
      path: '/history',
    }),
    example: { month: '2026-11', amount: 12000 },
  }),
  'card.failed': template<{ amount: number }>({
    audience: 'shop',
    label: 'カード決済に失敗した',
    render: (p) => ({
      title: 'カードでのお支払いができませんでした',
      body: `${yen(p.amount)}のカード決済ができませんでした。お支払い方法をご確認ください。`,
      path: '/payments',
    }),
    example: { amount: 12000 },
  }),
  /* ---------------------------------------------------------------- staff */
  'staff.digest': template<{
    requests: number;
    shops: number;
    snsAccounts: number;
    posts: number;
    fraud: number;
  }>({
    audience: 'staff',
    label: '運営の確認待ち（毎日のまとめ）',
    render: (p) => ({
      title: '運営の確認待ち（本日のまとめ）',
      body: `拡散依頼${count(p.requests)}件、お店${count(p.shops)}件、SNSアカウント${count(p.snsAccounts)}件、投稿${count(p.posts)}件、不正の疑い${count(p.fraud)}件が確認を待っています。`,
      path: '/admin-advertisements',
    }),
    example: { requests: 2, shops: 1, snsAccounts: 3, posts: 4, fraud: 0 },
  }),
  /* ---------------------------------------------------------------- everyone (opt-in) */
  /**
   * Informational mail (product design section 8: news only with opt-in and a one-click unsubscribe): the
   * operators' own title and text. Its mail carries List-Unsubscribe (RFC 8058, ADR 0178).
   */
  news: template<{ title: string; body: string; path: string }>({
    audience: 'all',
    label: 'お知らせ（ニュース）',
    render: (p) => ({ title: p.title, body: p.body, path: p.path }),
    example: {
      title: '新機能のお知らせ',
      body: 'オファーや審査結果を、お知らせ欄・LINE・プッシュ通知で受け取れるようになりました。受け取り方は通知設定で選べます。',
      path: '/account-info',
    },
  }),
} as const;

export type NotificationKind = keyof typeof NOTIFICATION_TEMPLATES;
export type NotificationParams<K extends NotificationKind> = (typeof NOTIFICATION_TEMPLATES)[K]['example'];
export const NOTIFICATION_KINDS = Object.keys(NOTIFICATION_TEMPLATES) as NotificationKind[];

export function renderNotification<K extends NotificationKind>(
  kind: K,
  params: NotificationParams<K>,
): NoticeText {
  return (NOTIFICATION_TEMPLATES[kind].render as (p: NotificationParams<K>) => NoticeText)(params);
}

/* ------------------------------------------------------------------------------------------------
 * In-app: GET /api/notifications, GET /api/notifications/unread-count, POST /api/notifications/read
 * ---------------------------------------------------------------------------------------------- */

export const NOTIFICATIONS_PAGE_SIZE = 20;

const BEFORE_MESSAGE = 'ページの指定が正しくありません。';
export const notificationsQuerySchema = z.object({
  /** Keyset: the id of the last row of the page before. */
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, BEFORE_MESSAGE)
    .transform(Number)
    .optional(),
});

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  path: z.string(),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  /** The `before` of the next page, or null on the last one. */
  next_before: z.number().int().nullable(),
  unread: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

const IDS_MESSAGE = '既読にするお知らせを選んでください。';
/** `{ "ids": [..] }` or `{ "all": true }`, exactly one; a mistake is named on its field (seed spec section 5). */
export const markReadSchema = z
  .object({
    ids: z
      .array(z.number({ error: IDS_MESSAGE }).int(IDS_MESSAGE).positive(IDS_MESSAGE), { error: IDS_MESSAGE })
      .min(1, IDS_MESSAGE)
      .max(100, '一度に既読にできるのは100件までです。')
      .optional(),
    all: z.literal(true, { error: IDS_MESSAGE }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.all === undefined))
      ctx.addIssue({ code: 'custom', path: ['ids'], message: IDS_MESSAGE });
  })
  .transform((v): { ids: number[] } | { all: true } => (v.ids ? { ids: v.ids } : { all: true }));
export type MarkRead = z.input<typeof markReadSchema>;
export const markReadResultSchema = z.object({ updated: z.number().int(), unread: z.number().int() });

export const NOTIFICATION_TEXTS = {
  title: 'お知らせ',
  bell: (n: number) => (n ? `お知らせ（未読${n}件）` : 'お知らせ'),
  empty: 'お知らせはまだありません。',
  markAll: 'すべて既読にする',
  markOne: '既読にする',
  unread: '未読',
  more: 'さらに表示',
  open: '開く',
  previewTitle: '通知テンプレートの確認',
  previewLead: '開発環境でだけ表示されます。各お知らせの文面の例です。',
} as const;
