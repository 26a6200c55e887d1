/** Yen as Japanese readers expect it: `1,000円` (integer yen, product design section 5). */
export function formatYen(amount: number): string {
  return `${Math.round(amount).toLocaleString('ja-JP')}円`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('ja-JP');
}

/**
 * Issue 29: each formatter is made on its first use, not when this module loads. Building one loads the
 * locale's and the time zone's data (about 15 ms on a phone for the two below), which every first screen
 * paid, though most show no date.
 */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const time = once(
  () =>
    new Intl.DateTimeFormat('ja-JP', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/**
 * A moment as people in Japan read it, in Japan time, as product design section 8 writes dates and times:
 * `2026年11月23日（月） 19:04` (issue 25 (9)).
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : `${formatDate(iso)} ${time().format(d)}`;
}

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
const jstParts = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
    }),
);
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

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
  const parts = Object.fromEntries(
    jstParts()
      .formatToParts(moment)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}年${parts.month}月${parts.day}日（${WEEKDAYS[WEEKDAY_INDEX[parts.weekday!]!]}）`;
}

/** A period of days: `2026年11月26日（木）〜2026年12月10日（木）`; an open end stays open. */
export function formatPeriod(from: string | null | undefined, to: string | null | undefined): string {
  if (!from && !to) return '—';
  return `${from ? formatDate(from) : ''}〜${to ? formatDate(to) : ''}`;
}
