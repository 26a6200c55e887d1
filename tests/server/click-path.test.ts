import { describe, expect, it } from 'vitest';
import {
  AGENT_CACHE_MAX,
  browserFamily,
  clickSource,
  countableVisit,
  isCrawler,
  tokyoDay,
} from '../../server/platform/short-links.ts';

/**
 * Issue 29 "A viral link": the redirect's per-click work is cheaper (the user agent read once per string,
 * Japan's day remembered with its bounds, one object per visit), and answers exactly as before.
 */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const PC = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
const INSTAGRAM_APP = `${IPHONE} Instagram 300.0.0`;
const KEY = Buffer.alloc(32, 7);
const FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

describe('issue 29: the click path answers as before', () => {
  it("Japan's day changes at 15:00 UTC, whatever moment was asked before", () => {
    expect(tokyoDay(new Date('2026-11-26T14:59:59.999Z'))).toBe('2026-11-26');
    expect(tokyoDay(new Date('2026-11-26T15:00:00.000Z'))).toBe('2026-11-27');
    expect(tokyoDay(new Date('2026-11-26T14:59:59.999Z'))).toBe('2026-11-26');
    expect(tokyoDay(new Date('2026-11-25T15:00:00.000Z'))).toBe('2026-11-26');
    expect(tokyoDay(new Date('2026-11-25T14:59:59.999Z'))).toBe('2026-11-25');
    // Japan kept daylight saving time until 1951: there, Intl's answer is kept.
    expect(tokyoDay(new Date('1950-07-01T14:30:00Z'))).toBe(FORMAT.format(new Date('1950-07-01T14:30:00Z')));
    let t = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 2_000; i += 1) {
      // Steps of 1 h 7 min 13 s, forwards and sometimes back a day: every answer is Intl's.
      t += i % 17 === 0 ? -86_400_000 : 4_033_000;
      expect(tokyoDay(new Date(t))).toBe(FORMAT.format(new Date(t)));
    }
  });

  it('a user agent answers the same the first time, again, and after the memory of agents was dropped', () => {
    const ask = () => [
      isCrawler('Twitterbot/1.0'),
      isCrawler(''),
      isCrawler(undefined),
      isCrawler('   '),
      isCrawler(IPHONE),
      browserFamily(INSTAGRAM_APP),
      browserFamily(PC),
      clickSource(undefined, INSTAGRAM_APP),
      clickSource('https://t.co/xyz', PC),
      clickSource('not a url', IPHONE),
    ];
    const expected = [
      true,
      true,
      true,
      true,
      false,
      'instagram',
      'chrome',
      { platform: 'instagram', device: 'mobile' },
      { platform: 'x', device: 'pc' },
      { platform: 'none', device: 'mobile' },
    ];
    expect(ask()).toEqual(expected);
    expect(ask()).toEqual(expected);
    for (let i = 0; i <= AGENT_CACHE_MAX; i += 1) isCrawler(`${PC} build/${i}`);
    expect(ask()).toEqual(expected);
    // A very long agent is read every time, and read the same.
    const long = `${IPHONE} ${'x'.repeat(2_000)}`;
    expect([isCrawler(long), browserFamily(long), clickSource(undefined, long)]).toEqual([
      false,
      'safari',
      { platform: 'none', device: 'mobile' },
    ]);
    expect(isCrawler(`Googlebot/2.1 ${'x'.repeat(2_000)}`)).toBe(true);
  });

  it('a visit carries the device and network fields only when it has them', () => {
    const at = new Date('2026-11-26T03:00:00Z');
    const signals = { deviceHash: (id: string) => `d:${id}`, ipHash: (ip: string) => `i:${ip}` };
    const base = { method: 'GET', userAgent: IPHONE, at };
    const local = countableVisit(1, { ...base, ip: '127.0.0.1' }, KEY, signals)!;
    expect(Object.keys(local).sort()).toEqual(['at', 'device', 'linkId', 'platform', 'visitor']);
    const person = countableVisit(
      1,
      { ...base, ip: '203.0.113.9', deviceId: 'a'.repeat(32), referrer: 'https://x.com/a' },
      KEY,
      signals,
    )!;
    expect(person).toMatchObject({
      linkId: 1,
      at,
      platform: 'x',
      device: 'mobile',
      network: '203.0.113.0/24',
      signInDevice: `d:${'a'.repeat(32)}`,
      signInIp: 'i:203.0.113.9',
    });
    expect(person.deviceVisitor).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(person.deviceVisitor).not.toBe(person.visitor);
    // The same network and browser family is the same visitor, whatever the host and device cookie.
    expect(countableVisit(1, { ...base, ip: '203.0.113.77' }, KEY)!.visitor).toBe(person.visitor);
    expect(countableVisit(1, { ...base, ip: '203.0.113.9', method: 'HEAD' }, KEY)).toBeNull();
    expect(countableVisit(1, { ...base, ip: '203.0.113.9', method: 'get' }, KEY)).not.toBeNull();
    expect(countableVisit(1, { ...base, ip: '203.0.113.9', userAgent: 'Twitterbot/1.0' }, KEY)).toBeNull();
  });
});
