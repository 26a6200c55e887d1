/**
 * Issue 29 (ADR 0207): Japan time and Japanese digit grouping without the browser's locale data. The first
 * `Intl` object or `toLocaleString` of a page loads the locale and time-zone data: 40 to 60 ms on the test
 * machine before the 4x slow-down of a phone, in the middle of every first screen. Japan has kept UTC+9 all
 * year since 1952 (summer time ended in 1951), and ja-JP groups digits by three with a comma, so both are
 * arithmetic; `Intl` is still asked, once it is needed, for a moment before 1952 and for a number that is
 * not a safe integer (rare, and never on a first screen).
 */

const OFFSET_MS = 9 * 3_600_000;
/** From this moment (1952-01-01 00:00 in Japan) Japan's offset is +9:00 all year. */
const FIXED_SINCE = Date.UTC(1952, 0, 1) - OFFSET_MS;

/** A moment on a clock in Japan. `weekday` is 0 for Sunday to 6 for Saturday, as `Date#getDay`. */
export interface JapanClock {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

let beforeFixed: Intl.DateTimeFormat | null = null;
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The moment `at` (a valid Date) as a clock in Japan shows it. */
export function japanClock(at: Date): JapanClock {
  const t = at.getTime();
  if (t >= FIXED_SINCE) {
    const d = new Date(t + OFFSET_MS);
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      weekday: d.getUTCDay(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
    };
  }
  beforeFixed ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const p of beforeFixed.formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAY_INDEX[parts.weekday!]!,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** Japan's calendar day of a moment, `YYYY-MM-DD`. */
export function japanDay(at: Date): string {
  const c = japanClock(at);
  return `${String(c.year).padStart(4, '0')}-${two(c.month)}-${two(c.day)}`;
}

/** Japan's time of day of a moment, `HH:mm` on a 24-hour clock. */
export function japanTime(at: Date): string {
  const c = japanClock(at);
  return `${two(c.hour)}:${two(c.minute)}`;
}

/** A number as `n.toLocaleString('ja-JP')` writes it (`1,000`, `-12,345`), without locale data for integers. */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('ja-JP');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}
