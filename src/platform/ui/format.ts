import { groupDigits, japanClock, japanTime } from '../../../contracts/japan-time.ts';

/** Yen as Japanese readers expect it: `1,000円` (integer yen, product design section 5). */
export function formatYen(amount: number): string {
  return `${groupDigits(Math.round(amount))}円`;
}

export function formatCount(n: number): string {
  return groupDigits(n);
}

/** Tenths as a number with one decimal where it has one: 12345 as `1,234.5`, 120 as `12`. */
export function formatTenths(tenths: number): string {
  const v = Math.round(tenths);
  const whole = Math.trunc(v / 10);
  const rest = Math.abs(v % 10);
  return `${v < 0 && whole === 0 ? '-' : ''}${groupDigits(whole)}${rest ? `.${rest}` : ''}`;
}

/**
 * A moment as people in Japan read it, in Japan time, as product design section 8 writes dates and times:
 * `2026年11月23日（月） 19:04` (issue 25 (9)). Issue 29 (ADR 0207): these formatters use no `Intl`, whose
 * first use loads the locale's and the time zone's data in the middle of a first screen.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : `${formatDate(iso)} ${japanTime(d)}`;
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/**
 * A day as product design section 8 writes it: `2026年11月26日（木）` (issue 25 (9)). Takes a calendar
 * date (`2026-11-26`, read as that day) or a moment (an ISO timestamp, read in Japan time).
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) {
    const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    return `${y}年${m}月${d}日（${WEEKDAYS[weekday]}）`;
  }
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return '—';
  const c = japanClock(moment);
  return `${c.year}年${c.month}月${c.day}日（${WEEKDAYS[c.weekday]}）`;
}

/** A period of days: `2026年11月26日（木）〜2026年12月10日（木）`; an open end stays open. */
export function formatPeriod(from: string | null | undefined, to: string | null | undefined): string {
  if (!from && !to) return '—';
  return `${from ? formatDate(from) : ''}〜${to ? formatDate(to) : ''}`;
}
