import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * Issue 27, product design section 8 "Results for shops": what a shop's support requests brought. Clicks
 * are rolled up per unit (its tracking link), Japan day, platform of the referrer and device class (coarse
 * categories, never personal data); no screen reads raw clicks. ADR 0165.
 */

/** Where a click came from, as a category of the referrer (or the in-app browser) only. */
export const CLICK_PLATFORMS = ['x', 'instagram', 'tiktok', 'line', 'other', 'none', 'unknown'] as const;
export type ClickPlatform = (typeof CLICK_PLATFORMS)[number];
export const CLICK_PLATFORM_LABELS: Record<ClickPlatform, string> = {
  x: 'X',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  line: 'LINE',
  other: 'その他のサイト',
  none: '参照元なし',
  unknown: '内訳の記録前',
};

export const DEVICE_CLASSES = ['mobile', 'pc', 'unknown'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
export const DEVICE_LABELS: Record<DeviceClass, string> = {
  mobile: 'スマートフォン',
  pc: 'パソコン',
  unknown: '内訳の記録前',
};

/** How many of the shop's requests the screen offers to pick from, latest first. */
export const RESULTS_CHOICES = 50;

/**
 * The posts a JSON answer lists: the most clicked of the period (ADR 0168). A busy shop approves hundreds of
 * posts a month; the screen shows these and says how many there are, the CSV has them all.
 */
export const RESULTS_POSTS_SHOWN = 50;

/** The longest period one answer covers (a chosen month is at most 31 days; a request at most a few months). */
export const RESULTS_MAX_DAYS = 366;

export const RESULTS_MESSAGES = {
  notFound: 'お店が見つからないか、成果を見る権限がありません。',
  requestNotFound: 'この拡散依頼は見つかりませんでした。',
  date: '日付はYYYY-MM-DDの形式で入力してください。',
  periodNeeded: '期間（開始日と終了日）を指定するか、拡散依頼を選んでください。',
  order: '終了日は開始日以降の日付にしてください。',
  tooLong: `期間は${RESULTS_MAX_DAYS}日以内で指定してください。`,
  format: '出力形式は json か csv を指定してください。',
  noData: 'この期間のクリックや投稿はまだありません。',
  dashboardAdminOnly: '運営ダッシュボードは管理者だけが見られます。',
} as const;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export const daySchema = z.string({ error: RESULTS_MESSAGES.date }).refine((v) => {
  if (!dayPattern.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, RESULTS_MESSAGES.date);

/** Days from `from` to `to`, both included (calendar days, no time zone involved). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `GET /api/results`: one shop over a period, or one of its requests (its own period unless given). */
export const resultsQuerySchema = z
  .object({
    shop_id: idSchema,
    advertisement_id: idSchema.optional(),
    from: daySchema.optional(),
    to: daySchema.optional(),
    format: z.enum(['json', 'csv'], { error: RESULTS_MESSAGES.format }).optional().default('json'),
  })
  .superRefine((q, ctx) => {
    if (q.advertisement_id === undefined && (q.from === undefined || q.to === undefined)) {
      for (const key of ['from', 'to'] as const)
        if (q[key] === undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: RESULTS_MESSAGES.periodNeeded });
      return;
    }
    if (q.from !== undefined && q.to !== undefined) {
      if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: RESULTS_MESSAGES.order });
      else if (daysBetween(q.from, q.to) > RESULTS_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: RESULTS_MESSAGES.tooLong });
    }
  });
export type ResultsQuery = z.input<typeof resultsQuerySchema>;

const count = z.number().int().nonnegative();
const byPlatform = z.object(
  Object.fromEntries(CLICK_PLATFORMS.map((p) => [p, count])) as Record<ClickPlatform, typeof count>,
);
const byDevice = z.object(
  Object.fromEntries(DEVICE_CLASSES.map((d) => [d, count])) as Record<DeviceClass, typeof count>,
);

export const resultsDaySchema = z.object({
  date: z.string(),
  clicks: count,
  by_platform: byPlatform,
  by_device: byDevice,
});
export type ResultsDay = z.infer<typeof resultsDaySchema>;

export const resultsPostSchema = z.object({
  unit_id: z.number().int(),
  advertisement_id: z.number().int(),
  /** The supporter's public name and page (`/{screen_name}`). */
  supporter_name: z.string(),
  supporter_screen_name: z.string(),
  /** The platform the unit was posted on (contracts/advertisements PLATFORMS). */
  platform: z.string(),
  posted_on: z.string().nullable(),
  approved_on: z.string().nullable(),
  clicks: count,
  post_url: z.string().nullable(),
});
export type ResultsPost = z.infer<typeof resultsPostSchema>;

export const resultsRequestSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  text: z.string(),
});
export type ResultsRequest = z.infer<typeof resultsRequestSchema>;

const rate = z.number().min(0).max(1).nullable();

export const resultsSchema = z.object({
  shop: z.object({ id: z.number().int(), name: z.string() }),
  /** The request asked for, or null for the shop's period. */
  advertisement: resultsRequestSchema.nullable(),
  from: z.string(),
  to: z.string(),
  /** The requests the figures cover: those whose period overlaps [from, to] (or the one asked for). */
  requests: z.array(resultsRequestSchema),
  /** The shop's latest approved requests, to pick one on the screen (RESULTS_CHOICES at most). */
  choices: z.array(resultsRequestSchema),
  series: z.array(resultsDaySchema),
  total_clicks: count,
  /** The most clicked approved posts (RESULTS_POSTS_SHOWN at most; every one in the CSV). */
  posts: z.array(resultsPostSchema),
  /** How many approved posts the scope has (the funnel's approved). */
  posts_total: count,
  funnel: z.object({
    offered: count,
    accepted: count,
    posted: count,
    approved: count,
    /** accepted / offered; null when nothing was offered. */
    acceptance_rate: rate,
    /** approved / posted; null when nothing was posted. */
    approval_rate: rate,
  }),
  cost: z.object({
    /** Tax-exclusive yen billed for the requests, after the refund of unused units of ended ones. */
    billed: count,
    per_approved_post: z.number().int().nullable(),
    per_click: z.number().int().nullable(),
  }),
  platforms: z.array(z.object({ platform: z.enum(CLICK_PLATFORMS), clicks: count })),
  devices: z.array(z.object({ device: z.enum(DEVICE_CLASSES), clicks: count })),
});
export type Results = z.infer<typeof resultsSchema>;

/** Integer yen per thing, rounded to the nearest yen; null when there is nothing to divide by. */
export const perUnit = (yen: number, n: number) => (n > 0 ? Math.round(yen / n) : null);
export const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** A rate as a shop reads it: `62.5%` (one decimal), or a dash. */
export const formatRate = (r: number | null) =>
  r === null ? '—' : `${(Math.round(r * 1000) / 10).toString()}%`;

/** The CSV's section headings and columns (the screen's table headings are the same words). */
export const RESULTS_CSV = {
  daily: '日別のクリック',
  posts: '投稿',
  funnel: '依頼から承認まで',
  cost: '費用',
  platforms: 'クリックの参照元',
  devices: 'クリックの端末',
  date: '日付',
  clicks: 'クリック数',
  offered: '依頼',
  accepted: '承諾',
  posted: '投稿',
  approved: '承認',
  acceptanceRate: '承諾率',
  approvalRate: '承認率',
  billed: 'ご請求額（税抜）',
  perPost: '承認1件あたり',
  perClick: '1クリックあたり',
  supporter: 'フォーカスター',
  platform: 'SNS',
  postedOn: '投稿日',
  url: '投稿のURL',
  request: '拡散依頼',
  share: '割合',
} as const;

/* ------------------------------------------------------------------------ the monthly report */

/** `2026-10` as a Japanese reader writes it: 2026年10月. */
export const formatMonth = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/**
 * Issue 27: on the 1st of each month, every shop with a request live in the month before gets that month's
 * results by mail, with a one-page PDF (the clicks chart and the month's figures), once per member.
 */
export const MONTHLY_REPORT = {
  subject: (shop: string, month: string) => `【Focustar】${shop}の${formatMonth(month)}の拡散の成果`,
  title: '拡散の成果 月次レポート',
  filename: (shopId: number, month: string) => `focustar-report-${shopId}-${month}.pdf`,
  body: (p: {
    name: string;
    shop: string;
    month: string;
    clicks: string;
    approved: string;
    billed: string;
    url: string;
  }) =>
    [
      `${p.name} 様`,
      '',
      `${p.shop}の${formatMonth(p.month)}の拡散の成果をお知らせします。`,
      '',
      `クリック数：${p.clicks}`,
      `承認した投稿：${p.approved}`,
      `ご請求額（税抜）：${p.billed}`,
      '',
      '日別のクリックのグラフと詳しい数字は、添付のPDFをご覧ください。',
      '投稿ごとのクリック数やCSVは、拡散の成果のページで確認できます。',
      p.url,
    ].join('\n'),
  chart: '日別のクリック数（参照元別）',
  noClicks: 'この月のクリックはありませんでした。',
  footer:
    '参照元と端末は大まかな種類だけを記録しています。クリックした人を特定できる情報は保存していません。',
} as const;

/* ------------------------------------------------------------------------ operators' dashboard */

export const DASHBOARD_MONTHS = 12;
/**
 * ADR 0168: each month's figures are kept as a row. The job computes the months not settled yet again every
 * DASHBOARD_REFRESH_MINUTES minutes; a read computes one whose row is older than DASHBOARD_STALE_MS (no job
 * running). A month is settled DASHBOARD_SETTLE_DAYS days after it ends.
 */
export const DASHBOARD_REFRESH_MINUTES = 5;
export const DASHBOARD_STALE_MS = 15 * 60_000;
export const DASHBOARD_SETTLE_DAYS = 7;

export const dashboardMonthSchema = z.object({
  /** YYYY-MM (Japan time). */
  month: z.string(),
  billed: z.number().int(),
  rewards_credited: z.number().int(),
  rewards_paid: z.number().int(),
  platform_fee: z.number().int(),
  /** Supporters who posted in the 30 days up to the month's end (or today, for this month). */
  active_supporters: count,
  /** Shops with a request live (配信中 period) on some day of the month. */
  live_shops: count,
  /** Median hours from a post to its judgement, over the posts judged in the month. */
  median_judgement_hours: z.number().nullable(),
  /** Offers of the month accepted / offers of the month. */
  acceptance_rate: rate,
  /** Rewards taken back (ledger kind reward_reversal) in the month. */
  reversals: count,
  /** Payouts put on hold (payout_holds) in the month. */
  fraud_holds: count,
});
export type DashboardMonth = z.infer<typeof dashboardMonthSchema>;

export const dashboardSchema = z.object({
  /** When the current month's figures were computed (ISO 8601); the screen says 「… 時点」. */
  as_of: z.string(),
  months: z.array(dashboardMonthSchema),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The dashboard's figures, in the order the screen shows them, with their headings and units. */
export const DASHBOARD_FIGURES = [
  { key: 'billed', label: 'ご請求額（税抜）', unit: 'yen' },
  { key: 'rewards_credited', label: '報酬の計上', unit: 'yen' },
  { key: 'rewards_paid', label: '報酬のお振込み', unit: 'yen' },
  { key: 'platform_fee', label: '手数料', unit: 'yen' },
  { key: 'active_supporters', label: '投稿したフォーカスター（30日）', unit: 'people' },
  { key: 'live_shops', label: '配信中の依頼があるお店', unit: 'shops' },
  { key: 'median_judgement_hours', label: '投稿から判定までの中央値', unit: 'hours' },
  { key: 'acceptance_rate', label: '依頼の承諾率', unit: 'rate' },
  { key: 'reversals', label: '報酬の取り消し', unit: 'count' },
  { key: 'fraud_holds', label: 'お振込みの保留', unit: 'count' },
] as const satisfies readonly { key: keyof DashboardMonth; label: string; unit: string }[];
