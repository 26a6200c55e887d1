import holidayJp from '@holiday-jp/holiday_jp';

/**
 * Dates of the payout calendar (issue 14), all in Japan time, as `YYYY-MM-DD` / `YYYY-MM` strings.
 * Bank business days: not Saturday or Sunday, not a Japanese public holiday (the holiday_jp table,
 * which includes substitute and citizens' holidays) and not 31 December – 3 January (banks' year end).
 */
const TOKYO_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86400_000;
const holidays = holidayJp.holidays as Record<string, unknown>;

/** `YYYY-MM-DD` of an instant in Japan. */
export const tokyoDay = (at: Date): string =>
  new Date(at.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);

export function isBankHoliday(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  const md = day.slice(5);
  if (md === '12-31' || md === '01-01' || md === '01-02' || md === '01-03') return true;
  return day in holidays;
}

/** The day itself, or the next bank business day. */
export function nextBankBusinessDay(day: string): string {
  let d = new Date(`${day}T00:00:00Z`);
  while (isBankHoliday(d.toISOString().slice(0, 10))) d = new Date(d.getTime() + DAY_MS);
  return d.toISOString().slice(0, 10);
}

/** `YYYY-MM` plus n months. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** The month before the one `at` falls in (Japan time): what the cron on the 1st closes. */
export const previousMonth = (at: Date): string => addMonths(tokyoDay(at).slice(0, 7), -1);

/** The end of a month: the instant its next month starts in Japan (rewards before it belong to it). */
export function monthCutoff(month: string): Date {
  return new Date(new Date(`${addMonths(month, 1)}-01T00:00:00Z`).getTime() - TOKYO_OFFSET_MS);
}

/** Product design section 5: a month's rewards are paid on the 15th of the next month, or the next bank day. */
export const paymentDateOf = (month: string): string => nextBankBusinessDay(`${addMonths(month, 1)}-15`);
