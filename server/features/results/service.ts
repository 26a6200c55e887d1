import {
  CLICK_PLATFORM_LABELS,
  CLICK_PLATFORMS,
  type ClickPlatform,
  DASHBOARD_MONTHS,
  DASHBOARD_SETTLE_DAYS,
  DASHBOARD_STALE_MS,
  type Dashboard,
  daysBetween,
  DEVICE_CLASSES,
  DEVICE_LABELS,
  type DeviceClass,
  formatRate,
  perUnit,
  ratio,
  RESULTS_CHOICES,
  RESULTS_CSV as H,
  RESULTS_MAX_DAYS,
  RESULTS_POSTS_SHOWN,
  RESULTS_MESSAGES as M,
  type Results,
  type ResultsDay,
  type ResultsRequest,
} from '../../../contracts/results.ts';
import { now } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError } from '../../platform/http-errors.ts';
import { type AuthContext, STAFF_PRIORITY } from '../../platform/plugins/access.ts';
import { settleClicks, tokyoDay } from '../../platform/short-links.ts';
import * as repo from './repo.ts';

/** Calendar arithmetic on YYYY-MM-DD (UTC dates: no time zone, no daylight saving). */
export function addDays(dayIso: string, n: number): string {
  return new Date(Date.parse(`${dayIso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/**
 * The Japan month whose every click [from, to] holds (ADR 0186), or null: `from` is its first day and `to`
 * its last day, or today or later within it (no click is counted on a day still to come).
 */
export function wholeMonth(from: string, to: string, today: string): string | null {
  const month = from.slice(0, 7);
  if (from !== `${month}-01` || to.slice(0, 7) !== month) return null;
  const last = addDays(`${addMonths(month, 1)}-01`, -1);
  return to === last || to >= today ? month : null;
}

const zeroPlatforms = () =>
  Object.fromEntries(CLICK_PLATFORMS.map((p) => [p, 0])) as Record<ClickPlatform, number>;
const zeroDevices = () =>
  Object.fromEntries(DEVICE_CLASSES.map((d) => [d, 0])) as Record<DeviceClass, number>;

export interface ResultsInput {
  shop_id: number;
  advertisement_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Issue 27 (ADR 0165): a shop's results, and the operators' dashboard. */
export class ResultsService {
  constructor(private readonly db: Db) {}

  async results(auth: AuthContext, q: ResultsInput, opts: { allPosts?: boolean } = {}): Promise<Results> {
    const shop = await repo.shopFor(this.db, q.shop_id, auth.userId, auth.priority <= STAFF_PRIORITY);
    if (!shop) throw new HttpError(404, M.notFound);
    const ad =
      q.advertisement_id === undefined ? null : await repo.requestOf(this.db, shop.id, q.advertisement_id);
    if (q.advertisement_id !== undefined && !ad) throw new HttpError(404, M.requestNotFound);
    const today = tokyoDay(now());
    let from = q.from;
    let to = q.to;
    if (ad) {
      // A request's own period, up to today while it runs (the days after today have no clicks yet).
      from ??= ad.starts_on ?? today;
      to ??= ad.ends_on && ad.ends_on < today ? ad.ends_on : today;
      if (to < from) to = from;
      if (daysBetween(from, to) > RESULTS_MAX_DAYS) to = addDays(from, RESULTS_MAX_DAYS - 1);
    }
    return this.figures(shop, ad, from!, to!, opts);
  }

  /**
   * The figures of a shop, or of one of its requests, over [from, to], for a reader already allowed to see
   * them (the route checks the membership; the monthly report mails the shop's own members).
   */
  async figures(
    shop: Results['shop'],
    ad: ResultsRequest | null,
    from: string,
    to: string,
    opts: { allPosts?: boolean } = {},
  ): Promise<Results> {
    const scope: repo.Scope = {
      shopId: shop.id,
      adId: ad?.id ?? null,
      from,
      to,
      month: ad ? null : wholeMonth(from, to, tokyoDay(now())),
    };
    // The clicks this process answered and has not written yet count too.
    await settleClicks(this.db).catch(() => {});
    // The scope's requests once (an index range, ADR 0168); the other reads take their ids.
    const requests = await repo.requestsIn(this.db, scope);
    const ids = requests.map((r) => r.id);
    const [choices, clicks, posts, funnel, billed] = await Promise.all([
      repo.latestRequests(this.db, shop.id, RESULTS_CHOICES),
      repo.clickRows(this.db, scope, ids),
      repo.approvedPosts(this.db, scope, ids, opts.allPosts ? null : RESULTS_POSTS_SHOWN),
      repo.funnel(this.db, ids),
      repo.billed(this.db, ids),
    ]);
    const days = new Map<string, ResultsDay>();
    for (let d = scope.from; d <= scope.to; d = addDays(d, 1))
      days.set(d, { date: d, clicks: 0, by_platform: zeroPlatforms(), by_device: zeroDevices() });
    const platforms = zeroPlatforms();
    const devices = zeroDevices();
    let total = 0;
    for (const c of clicks) {
      const entry = days.get(c.day);
      if (!entry) continue;
      entry.clicks += c.clicks;
      entry.by_platform[c.platform] += c.clicks;
      entry.by_device[c.device] += c.clicks;
      platforms[c.platform] += c.clicks;
      devices[c.device] += c.clicks;
      total += c.clicks;
    }
    return {
      shop,
      advertisement: ad,
      from: scope.from,
      to: scope.to,
      requests,
      choices,
      series: [...days.values()],
      total_clicks: total,
      posts,
      posts_total: funnel.approved,
      funnel: {
        ...funnel,
        acceptance_rate: ratio(funnel.accepted, funnel.offered),
        approval_rate: ratio(funnel.approved, funnel.posted),
      },
      cost: {
        billed,
        per_approved_post: perUnit(billed, funnel.approved),
        per_click: perUnit(billed, total),
      },
      platforms: CLICK_PLATFORMS.map((platform) => ({ platform, clicks: platforms[platform] })),
      devices: DEVICE_CLASSES.map((device) => ({ device, clicks: devices[device] })),
    };
  }

  /**
   * The operators' twelve months (ADR 0168): the rows of `dashboard_months`. A month not kept yet is computed
   * from the raw rows and kept; so is a month not settled yet (the current one, the previous one for
   * DASHBOARD_SETTLE_DAYS days) whose row is older than `maxAgeMs`. The job passes 0 every few minutes;
   * a read passes DASHBOARD_STALE_MS, a safety net for when no job runs.
   */
  async dashboard(maxAgeMs = DASHBOARD_STALE_MS): Promise<Dashboard> {
    const at = now();
    const today = tokyoDay(at);
    const last = today.slice(0, 7);
    const first = addMonths(last, -(DASHBOARD_MONTHS - 1));
    const months = Array.from({ length: DASHBOARD_MONTHS }, (_, i) => addMonths(first, i));
    let stored = await repo.storedMonths(this.db, first, last);
    const due = months.filter((month) => {
      const row = stored.get(month);
      if (!row) return true;
      return !settled(month, row.computed_at) && at.getTime() - row.computed_at.getTime() >= maxAgeMs;
    });
    if (due.length) {
      await this.computeMonths(due, today, at);
      stored = await repo.storedMonths(this.db, first, last);
    }
    const current = stored.get(last);
    return {
      as_of: (current?.computed_at ?? at).toISOString(),
      months: months.map((month) => {
        const m = stored.get(month);
        const median = m?.median_judgement_hours ?? null;
        return {
          month,
          billed: m?.billed ?? 0,
          rewards_credited: m?.rewards_credited ?? 0,
          rewards_paid: m?.rewards_paid ?? 0,
          platform_fee: m?.platform_fee ?? 0,
          active_supporters: m?.active_supporters ?? 0,
          live_shops: m?.live_shops ?? 0,
          median_judgement_hours: median === null ? null : Math.round(median * 10) / 10,
          acceptance_rate: ratio(m?.accepted ?? 0, m?.offered ?? 0),
          reversals: m?.reversals ?? 0,
          fraud_holds: m?.fraud_holds ?? 0,
        };
      }),
    };
  }

  /** Computes the months from the raw rows (one grouped read per figure over their span) and keeps them. */
  private async computeMonths(months: readonly string[], today: string, at: Date): Promise<void> {
    const r = await repo.dashboardRows(this.db, months[0]!, months.at(-1)!, today);
    const n = (map: Map<string, Record<string, unknown>>, month: string, key: string) =>
      Number(map.get(month)?.[key] ?? 0);
    await repo.storeMonths(
      this.db,
      months.map((month) => {
        const median = r.judged.get(month)?.median;
        return {
          month,
          billed: n(r.bills, month, 'billed'),
          platform_fee: n(r.bills, month, 'fee'),
          rewards_credited: n(r.ledger, month, 'credited'),
          rewards_paid: n(r.ledger, month, 'paid'),
          reversals: n(r.ledger, month, 'reversals'),
          active_supporters: n(r.active, month, 'active'),
          live_shops: n(r.live, month, 'shops'),
          median_judgement_hours: median === null || median === undefined ? null : Number(median),
          offered: n(r.offers, month, 'offered'),
          accepted: n(r.offers, month, 'accepted'),
          fraud_holds: n(r.holds, month, 'holds'),
          computed_at: at,
        };
      }),
    );
  }
}

/**
 * A month's figures stop changing some days after it ends (an offer of its last days may still be accepted,
 * ADR 0168): a row computed after that is kept as it is.
 */
export function settled(month: string, computedAt: Date): boolean {
  return tokyoDay(computedAt) >= addDays(`${addMonths(month, 1)}-01`, DASHBOARD_SETTLE_DAYS);
}

/* ------------------------------------------------------------------ CSV */

function cell(value: string | number | null): string {
  let s = value === null ? '' : String(value);
  // A cell Excel would read as a formula is written as text.
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The column headings of the daily table: the total, each platform, each device class. */
export const dailyHeadings = () => [
  H.date,
  H.clicks,
  ...CLICK_PLATFORMS.map((p) => `参照元:${CLICK_PLATFORM_LABELS[p]}`),
  ...DEVICE_CLASSES.map((d) => `端末:${DEVICE_LABELS[d]}`),
];

/**
 * The same figures as the JSON answer, as sections of one CSV: UTF-8 with a BOM and CRLF, so that Excel in
 * Japan opens it without garbling. Each section is its heading, its column row, its rows and a blank line.
 */
export function resultsCsv(r: Results): string {
  const lines: (string | number | null)[][] = [
    ['拡散の成果', r.shop.name],
    ['期間', r.from, r.to],
    ...(r.advertisement ? [[H.request, r.advertisement.id]] : []),
    [],
    [H.daily],
    dailyHeadings(),
    ...r.series.map((d) => [
      d.date,
      d.clicks,
      ...CLICK_PLATFORMS.map((p) => d.by_platform[p]),
      ...DEVICE_CLASSES.map((k) => d.by_device[k]),
    ]),
    [],
    [H.posts],
    [H.request, H.supporter, H.platform, H.postedOn, H.clicks, H.url],
    ...r.posts.map((p) => [
      p.advertisement_id,
      p.supporter_name,
      p.platform,
      p.posted_on,
      p.clicks,
      p.post_url,
    ]),
    [],
    [H.funnel],
    [H.offered, H.accepted, H.posted, H.approved, H.acceptanceRate, H.approvalRate],
    [
      r.funnel.offered,
      r.funnel.accepted,
      r.funnel.posted,
      r.funnel.approved,
      formatRate(r.funnel.acceptance_rate),
      formatRate(r.funnel.approval_rate),
    ],
    [],
    [H.cost],
    [H.billed, H.perPost, H.perClick],
    [r.cost.billed, r.cost.per_approved_post, r.cost.per_click],
    [],
    [H.platforms],
    [H.platform, H.clicks],
    ...r.platforms.map((p) => [CLICK_PLATFORM_LABELS[p.platform], p.clicks]),
    [],
    [H.devices],
    ['端末', H.clicks],
    ...r.devices.map((d) => [DEVICE_LABELS[d.device], d.clicks]),
  ];
  return `\uFEFF${lines.map((l) => l.map(cell).join(',')).join('\r\n')}\r\n`;
}
