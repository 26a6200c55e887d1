import { describe, expect, it } from 'vitest';
import { groupDigits, japanClock, japanDay, japanTime } from '../../contracts/japan-time.ts';
import { formatDate, formatDateTime, formatTenths, formatYen } from '../../src/platform/ui/format.ts';

/**
 * Issue 29 (ADR 0207): Japan time and digit grouping without Intl on the browser's first screen. The oracle
 * is Intl itself with the Asia/Tokyo time zone and the ja-JP locale (the guide: dates in Asia/Tokyo, yen as
 * `1,000円`), over moments from 1900 to 2100 and numbers of every length: the arithmetic must agree with it
 * everywhere, including the summer time Japan kept from 1948 to 1951 (answered by the fallback).
 */
const ORACLE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function oracleClock(at: Date) {
  const p = Object.fromEntries(ORACLE.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    weekday: WEEKDAYS.indexOf(p.weekday!),
    hour: Number(p.hour),
    minute: Number(p.minute),
  };
}

/** A fixed pseudo-random sequence (no Math.random: a failure replays). */
function* moments(count: number, from: number, to: number): Generator<Date> {
  let x = 0x2f6b_1d3a;
  for (let i = 0; i < count; i += 1) {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    const y = (Math.imul(x, 2_654_435_761) >>> 0) / 2 ** 32;
    yield new Date(Math.floor(from + (to - from) * ((x / 2 ** 32 + y) % 1)));
  }
}

describe('Japan time without Intl (issue 29, ADR 0207; guide: dates in Asia/Tokyo)', () => {
  it('agrees with Intl on 20,000 moments from 1952 to 2100', () => {
    for (const at of moments(20_000, Date.UTC(1952, 0, 1), Date.UTC(2100, 0, 1))) {
      expect(japanClock(at), at.toISOString()).toEqual(oracleClock(at));
    }
  });

  it('agrees with Intl on the days around midnight in Japan (15:00 UTC) and around the new year', () => {
    const edges = [
      '2026-11-26T14:59:59.999Z',
      '2026-11-26T15:00:00.000Z',
      '2026-12-31T14:59:59.999Z',
      '2026-12-31T15:00:00.000Z',
      '2028-02-28T15:00:00.000Z',
      '1951-12-31T15:00:00.000Z',
    ];
    for (const iso of edges) expect(japanClock(new Date(iso)), iso).toEqual(oracleClock(new Date(iso)));
    expect(japanDay(new Date('2026-11-26T14:59:59.999Z'))).toBe('2026-11-26');
    expect(japanDay(new Date('2026-11-26T15:00:00.000Z'))).toBe('2026-11-27');
    expect(japanTime(new Date('2026-11-26T00:04:00Z'))).toBe('09:04');
  });

  it('answers moments before 1952, summer time included, as Intl does', () => {
    // 1949-07-01 12:00 UTC was 22:00 in Japan (UTC+10 in summer time), not 21:00.
    expect(japanTime(new Date('1949-07-01T12:00:00Z'))).toBe('22:00');
    for (const at of moments(500, Date.UTC(1900, 0, 1), Date.UTC(1952, 0, 1))) {
      expect(japanClock(at), at.toISOString()).toEqual(oracleClock(at));
    }
  });

  it('writes the screens’ dates as product design section 8 does', () => {
    expect(formatDate('2026-11-26T15:30:00Z')).toBe('2026年11月27日（金）');
    expect(formatDateTime('2026-11-26T10:04:00Z')).toBe('2026年11月26日（木） 19:04');
  });
});

describe('digit grouping without Intl (issue 29, ADR 0207; guide: yen as 1,000円)', () => {
  it('agrees with toLocaleString("ja-JP") for integers of every length, both signs', () => {
    for (let digits = 1; digits <= 16; digits += 1) {
      for (const n of [10 ** (digits - 1), 10 ** digits - 1, Math.floor(10 ** (digits - 1) * 1.234_567)]) {
        if (!Number.isSafeInteger(n)) continue;
        expect(groupDigits(n)).toBe(n.toLocaleString('ja-JP'));
        expect(groupDigits(-n)).toBe((-n).toLocaleString('ja-JP'));
      }
    }
    expect(groupDigits(0)).toBe('0');
    expect(formatYen(1000)).toBe('1,000円');
    expect(formatYen(1_234_567.4)).toBe('1,234,567円');
  });

  it('leaves numbers that are not safe integers to Intl', () => {
    expect(groupDigits(1234.5)).toBe((1234.5).toLocaleString('ja-JP'));
    expect(groupDigits(2 ** 60)).toBe((2 ** 60).toLocaleString('ja-JP'));
  });

  it('writes tenths with one decimal where they have one', () => {
    expect(formatTenths(12_345)).toBe('1,234.5');
    expect(formatTenths(120)).toBe('12');
    expect(formatTenths(-5)).toBe('-0.5');
  });
});
