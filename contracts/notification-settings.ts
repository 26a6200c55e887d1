import { z } from 'zod';

/**
 * Issue 26 "Preferences", product design section 8 "Notifications": 通知設定. Every kind of notification
 * (contracts/notifications.ts) belongs to one group; a person chooses per group and channel. What they did
 * not choose follows the defaults of section 8 (server/platform/notify/preferences.ts, ADR "notification
 * preferences"):
 * - in-app always (the bell is the record of every message);
 * - LINE and push where the person has them (a linked LINE login, a push subscription);
 * - mail for supporters' offers and results only when neither LINE nor push reaches them; mail for the
 *   groups of shops and staff (their digests); transactional mail that must not be missed (a payout that
 *   failed, an invoice, a card charge that failed) always;
 * - informational mail (お知らせ) only with opt-in, with a one-click unsubscribe (特定電子メール法);
 * - quiet hours 22:00-8:00 JST hold LINE and push until 8:00 (on unless turned off).
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'mail', 'line', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'お知らせ欄',
  mail: 'メール',
  line: 'LINE',
  push: 'プッシュ通知',
};

export const NOTIFICATION_GROUPS = [
  'offers',
  'posts',
  'rewards',
  'recruitments',
  'reviews',
  'requests',
  'judging',
  'billing',
  'staff_digest',
  'news',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export type NotificationAudience = 'supporter' | 'shop' | 'staff' | 'all';

export interface GroupInfo {
  label: string;
  /** What the group carries, as the settings screen explains it. */
  hint: string;
  audience: NotificationAudience;
  /**
   * How mail behaves when the person chose nothing: `fallback` (only when neither LINE nor push reaches
   * them: offers and results), `on`, `opt_in` (informational: off until chosen).
   */
  mailDefault: 'fallback' | 'on' | 'opt_in';
  /** Transactional mail that is sent whatever the setting (the mail switch is fixed on). */
  mailAlways?: boolean;
  /** Channels the group is never sent on. */
  without?: NotificationChannel[];
}

export const GROUPS: Record<NotificationGroup, GroupInfo> = {
  offers: {
    label: '拡散依頼のオファー',
    hint: 'オファーが届いたとき、期限の24時間前',
    audience: 'supporter',
    mailDefault: 'fallback',
  },
  posts: {
    label: '投稿の審査結果',
    hint: '投稿が承認されたとき、差し戻されたとき',
    audience: 'supporter',
    mailDefault: 'fallback',
  },
  rewards: {
    label: '報酬とお振込み',
    hint: '報酬の取り消し、お振込みの予定・完了・失敗',
    audience: 'supporter',
    mailDefault: 'fallback',
  },
  recruitments: {
    label: 'モニター募集の結果',
    hint: '当選・落選のお知らせ',
    audience: 'supporter',
    mailDefault: 'fallback',
  },
  reviews: {
    label: 'アカウントの審査',
    hint: 'SNSアカウントとフォーカスター登録の審査結果',
    audience: 'supporter',
    mailDefault: 'fallback',
  },
  requests: {
    label: '拡散依頼の審査と終了',
    hint: '拡散依頼の承認・差し戻し、終了時の結果',
    audience: 'shop',
    mailDefault: 'on',
  },
  judging: {
    label: '審査待ちの投稿',
    hint: 'フォーカスターの投稿が届いたとき',
    audience: 'shop',
    mailDefault: 'on',
  },
  billing: {
    label: '請求とお支払い',
    hint: '請求書の発行、カード決済の失敗（メールは必ずお送りします）',
    audience: 'shop',
    mailDefault: 'on',
    mailAlways: true,
  },
  staff_digest: {
    label: '運営の確認待ち（毎日のまとめ）',
    hint: '審査待ちの拡散依頼・お店・SNSアカウント・投稿、不正の疑い',
    audience: 'staff',
    mailDefault: 'on',
  },
  news: {
    label: 'お知らせ（ニュース）',
    hint: 'キャンペーンや新機能のご案内。メールは希望された方にだけお送りします',
    audience: 'all',
    mailDefault: 'opt_in',
    without: ['line', 'push'],
  },
};

/**
 * The kinds of contracts/notifications.ts and their group. A kind not listed falls to the group of its first
 * word (`offer.*` → offers); a kind of no known group is in-app and mail only.
 */
export const KIND_GROUPS: Record<string, NotificationGroup> = {
  'offer.arrived': 'offers',
  'offer.expiring': 'offers',
  'post.approved': 'posts',
  'post.returned': 'posts',
  'reward.reversed': 'rewards',
  'payout.scheduled': 'rewards',
  'payout.paid': 'rewards',
  'payout.failed': 'rewards',
  'recruitment.result': 'recruitments',
  'recruitment.won': 'recruitments',
  'recruitment.lost': 'recruitments',
  'sns_account.approved': 'reviews',
  'sns_account.rejected': 'reviews',
  'supporter.reviewed': 'reviews',
  'request.approved': 'requests',
  'request.returned': 'requests',
  'request.ended': 'requests',
  'posts.to_judge': 'judging',
  'post.to_judge': 'judging',
  'invoice.issued': 'billing',
  'card.failed': 'billing',
  'staff.digest': 'staff_digest',
  news: 'news',
};

const PREFIX_GROUPS: Record<string, NotificationGroup> = {
  offer: 'offers',
  offers: 'offers',
  post: 'posts',
  unit: 'posts',
  reward: 'rewards',
  payout: 'rewards',
  recruitment: 'recruitments',
  entry: 'recruitments',
  sns_account: 'reviews',
  supporter: 'reviews',
  account: 'reviews',
  request: 'requests',
  advertisement: 'requests',
  judging: 'judging',
  posts: 'judging',
  invoice: 'billing',
  card: 'billing',
  billing: 'billing',
  staff: 'staff_digest',
  news: 'news',
};

/** Kinds whose mail goes whatever the setting (a payout that failed: the bank details must be fixed). */
export const MAIL_ALWAYS_KINDS = new Set(['payout.failed', 'invoice.issued', 'card.failed']);

export function groupOf(kind: string): NotificationGroup | null {
  const exact = KIND_GROUPS[kind];
  if (exact) return exact;
  return PREFIX_GROUPS[kind.split('.')[0] ?? ''] ?? null;
}

export const POSTS_TO_JUDGE_MODES = ['digest', 'each'] as const;
export type PostsToJudgeMode = (typeof POSTS_TO_JUDGE_MODES)[number];
export const POSTS_TO_JUDGE_LABELS: Record<PostsToJudgeMode, string> = {
  digest: '1日1回まとめて',
  each: '届くたびに',
};

export const QUIET_HOURS_LABEL = '夜間（22:00〜8:00）はLINEとプッシュ通知を控え、朝8:00にお届けする';

const channelState = z.object({
  /** What is sent on this channel now (the person's choice or the default). */
  on: z.boolean(),
  /** The person has this channel (LINE linked, a push subscription, an e-mail address). */
  available: z.boolean(),
  /** Fixed: in-app always, transactional mail always, channels the group is never sent on. */
  locked: z.boolean(),
});
export type ChannelState = z.infer<typeof channelState>;

export const notificationSettingsResponseSchema = z.object({
  groups: z.array(
    z.object({
      group: z.enum(NOTIFICATION_GROUPS),
      label: z.string(),
      hint: z.string(),
      channels: z.object({
        in_app: channelState,
        mail: channelState,
        line: channelState,
        push: channelState,
      }),
    }),
  ),
  quietHours: z.boolean(),
  postsToJudge: z.enum(POSTS_TO_JUDGE_MODES),
  /** Whether the person can link LINE / subscribe to push here (the server is configured for them). */
  lineLinked: z.boolean(),
  pushDevices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsResponseSchema>;

const CHANNEL_MESSAGE = 'オン・オフを選んでください。';
const channelChoice = z.boolean({ error: CHANNEL_MESSAGE });

export const notificationSettingsUpdateSchema = z.object({
  /** { group: { channel: on } } for the groups shown; channels not given keep their setting. */
  channels: z
    .partialRecord(
      z.enum(NOTIFICATION_GROUPS, { error: '通知の種類が正しくありません。' }),
      z
        .object({
          in_app: channelChoice.optional(),
          mail: channelChoice.optional(),
          line: channelChoice.optional(),
          push: channelChoice.optional(),
        })
        .strict(),
    )
    .default({}),
  quietHours: z.boolean({ error: '夜間の通知を控えるかどうかを選んでください。' }),
  postsToJudge: z
    .enum(POSTS_TO_JUDGE_MODES, { error: '審査待ちの投稿の通知の頻度を選んでください。' })
    .default('digest'),
});
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const NOTIFICATION_SETTINGS_TEXTS = {
  title: '通知設定',
  lead: 'お知らせの種類ごとに、受け取る方法を選べます。',
  saved: '通知設定を保存しました。',
  lineMissing: 'LINEでログインを連携すると、LINEでも受け取れます。',
  pushMissing: 'この端末でプッシュ通知を許可すると、プッシュ通知でも受け取れます。',
  locked: '常にオン',
  unavailable: '未設定',
  postsToJudge: '審査待ちの投稿の通知',
  save: '保存する',
} as const;

/** Issue 26: the one-click unsubscribe (RFC 8058) of informational mail, without logging in. */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: '配信停止のリンクが正しくありません。' })
    .min(1, '配信停止のリンクが正しくありません。')
    .max(512),
});
export const UNSUBSCRIBE_TEXTS = {
  done: 'メールの配信を停止しました。',
  invalid: '配信停止のリンクが正しくないか、期限が切れています。',
} as const;

/** Issue 26 "Web Push": the devices (browsers) that receive push notifications, listed on /account-info. */
const base64url = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .max(200, message)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, message)
    .refine((s) => {
      const clean = s.replace(/=+$/, '');
      return Math.floor((clean.length * 3) / 4) === bytes;
    }, message);

export const PUSH_SUBSCRIPTION_TEXTS = {
  title: 'プッシュ通知を受け取る端末',
  none: 'プッシュ通知を受け取る端末はありません。',
  subscribe: 'この端末でプッシュ通知を受け取る',
  subscribed: 'この端末でプッシュ通知を受け取ります。',
  thisDevice: 'この端末',
  thisDeviceOn: 'この端末ではプッシュ通知を受け取る設定になっています。',
  removed: '端末を削除しました。',
  remove: '削除',
  denied: 'ブラウザの設定で通知が許可されていません。ブラウザの設定から通知を許可してください。',
  unsupported: 'このブラウザはプッシュ通知に対応していません。',
  off: 'プッシュ通知は現在ご利用いただけません。',
  since: '登録日',
  endpoint: 'この通知サービスには対応していません。',
  keys: '端末の鍵が正しくありません。',
  notFound: '端末が見つかりません。',
  tooMany: '登録できる端末は20台までです。使っていない端末を削除してください。',
} as const;
export const PUSH_DEVICES_MAX = 20;

export const pushSubscriptionCreateSchema = z.object({
  endpoint: z
    .string({ error: PUSH_SUBSCRIPTION_TEXTS.endpoint })
    .max(1000, PUSH_SUBSCRIPTION_TEXTS.endpoint)
    .refine((s) => /^https?:\/\//.test(s), PUSH_SUBSCRIPTION_TEXTS.endpoint),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret (RFC 8291).
      p256dh: base64url(65, PUSH_SUBSCRIPTION_TEXTS.keys),
      auth: base64url(16, PUSH_SUBSCRIPTION_TEXTS.keys),
    },
    { error: PUSH_SUBSCRIPTION_TEXTS.keys },
  ),
});
export type PushSubscriptionCreate = z.infer<typeof pushSubscriptionCreateSchema>;

/** How much of a device's push endpoint its listing shows (the endpoint itself is a capability: not all). */
export const ENDPOINT_TAIL_LENGTH = 16;

export const pushDeviceSchema = z.object({
  id: z.number().int(),
  /** What the device is, e.g. `iPhone（Safari）`. */
  device: z.string(),
  /** The endpoint's last characters: the screen tells this browser's own subscription among the devices. */
  endpoint_tail: z.string(),
  created_at: z.string(),
  last_sent_at: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesResponseSchema = z.object({
  items: z.array(pushDeviceSchema),
  /** The VAPID public key to subscribe with (applicationServerKey); null: push is off on this server. */
  vapid_public_key: z.string().nullable(),
});
export type PushDevices = z.infer<typeof pushDevicesResponseSchema>;

/** The device a user agent is, as the list names it. */
export function pushDeviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows|Macintosh|Linux|CrOS/.test(ua)
          ? 'パソコン'
          : 'その他の端末';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\/|FxiOS/.test(ua)
      ? 'Firefox'
      : /Chrome\/|CriOS|Chromium/.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  return browser ? `${os}（${browser}）` : os;
}
