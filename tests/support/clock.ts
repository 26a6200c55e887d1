/**
 * The day `daysBack` days before today (UTC, `YYYY-MM-DD`), for tests that move the Date clock with
 * `vi.setSystemTime`: `new Date(`${recentDay(3)}T09:00:00Z`)`. Read it before the clock is moved (at the top
 * of the file). Not a fixed date: PGlite's own timers (its idle statistics timer) run on the same clock, and a
 * clock moved months back made such a timer re-arm every millisecond with a delay past setTimeout's limit of
 * about 24.8 days, for as long as the clock stayed there (Node's TimeoutOverflowWarning, over 10,000 lines in
 * a run of the server suite). A few days back, the delay fits and the timer simply waits.
 */
export function recentDay(daysBack: number): string {
  return new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
}
