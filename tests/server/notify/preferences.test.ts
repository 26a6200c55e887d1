import { describe, expect, it } from 'vitest';
import { groupOf, GROUPS, NOTIFICATION_GROUPS } from '../../../contracts/notification-settings.ts';
import { NOTIFICATION_KINDS } from '../../../contracts/notifications.ts';
import { channelsOf, DEFAULT_SETTINGS, heldUntil } from '../../../server/platform/notify/preferences.ts';

/**
 * Issue 26 "Preferences", product design section 8 "Notifications": the defaults (offers and results by LINE
 * and push where the person has them, else mail; in-app always; informational mail only with opt-in;
 * transactional mail always) and quiet hours 22:00-8:00 JST for LINE and push.
 */
const at = (iso: string) => new Date(iso);

describe('quiet hours 22:00-8:00 JST hold LINE and push until 8:00 JST (section 8)', () => {
  // The oracle: JST is UTC+9 (no summer time), so 22:00 JST is 13:00Z and 8:00 JST is 23:00Z the day before.
  it.each([
    ['21:59 JST goes now', '2026-11-26T12:59:00Z', null],
    ['22:00 JST waits for 8:00 the next morning', '2026-11-26T13:00:00Z', '2026-11-26T23:00:00.000Z'],
    ['23:30 JST waits for 8:00 the next morning', '2026-11-26T14:30:00Z', '2026-11-26T23:00:00.000Z'],
    ['0:10 JST waits for 8:00 the same morning', '2026-11-26T15:10:00Z', '2026-11-26T23:00:00.000Z'],
    ['7:59 JST waits a minute', '2026-11-26T22:59:00Z', '2026-11-26T23:00:00.000Z'],
    ['8:00 JST goes now', '2026-11-26T23:00:00Z', null],
  ])('%s', (_, now, until) => {
    for (const channel of ['line', 'push'] as const) {
      expect(heldUntil(at(now), channel)?.toISOString() ?? null).toBe(until);
    }
  });

  it('mail and in-app are never held; quiet hours turned off hold nothing', () => {
    expect(heldUntil(at('2026-11-26T14:00:00Z'), 'mail')).toBeNull();
    expect(heldUntil(at('2026-11-26T14:00:00Z'), 'in_app')).toBeNull();
    expect(heldUntil(at('2026-11-26T14:00:00Z'), 'line', false)).toBeNull();
  });

  it('a month and a year end roll over (31 December 23:00 JST waits for 1 January 8:00 JST)', () => {
    expect(heldUntil(at('2026-12-31T14:00:00Z'), 'push')?.toISOString()).toBe('2026-12-31T23:00:00.000Z');
  });
});

describe('the channels of a kind by default (section 8)', () => {
  const none = { line: false, push: false, mail: true };
  const line = { line: true, push: false, mail: true };
  const both = { line: true, push: true, mail: true };

  it('offers and results: LINE and push where the person has them, else mail; in-app always', () => {
    expect(channelsOf('offer.arrived', none, DEFAULT_SETTINGS)).toEqual(['in_app', 'mail']);
    expect(channelsOf('offer.arrived', line, DEFAULT_SETTINGS)).toEqual(['in_app', 'line']);
    expect(channelsOf('post.approved', both, DEFAULT_SETTINGS)).toEqual(['in_app', 'line', 'push']);
    expect(channelsOf('recruitment.won', { line: false, push: true, mail: true }, DEFAULT_SETTINGS)).toEqual([
      'in_app',
      'push',
    ]);
  });

  it('turning LINE and push off brings mail back; turning mail on keeps it', () => {
    const off = { ...DEFAULT_SETTINGS, channels: { offers: { line: false } } };
    expect(channelsOf('offer.arrived', line, off)).toEqual(['in_app', 'mail']);
    const on = { ...DEFAULT_SETTINGS, channels: { offers: { mail: true } } };
    expect(channelsOf('offer.arrived', both, on)).toEqual(['in_app', 'mail', 'line', 'push']);
  });

  it('transactional mail goes whatever the setting (a payout that failed, an invoice, a failed card charge)', () => {
    const off = { ...DEFAULT_SETTINGS, channels: { rewards: { mail: false }, billing: { mail: false } } };
    expect(channelsOf('payout.failed', both, off)).toContain('mail');
    expect(channelsOf('invoice.issued', none, off)).toContain('mail');
    expect(channelsOf('payout.paid', both, off)).not.toContain('mail');
  });

  it('shops and staff get their groups by mail by default; informational mail only with opt-in', () => {
    expect(channelsOf('posts.to_judge', none, DEFAULT_SETTINGS)).toEqual(['in_app', 'mail']);
    expect(channelsOf('staff.digest', line, DEFAULT_SETTINGS)).toEqual(['in_app', 'mail', 'line']);
    expect(channelsOf('news', both, DEFAULT_SETTINGS)).toEqual(['in_app']);
    expect(channelsOf('news', both, { ...DEFAULT_SETTINGS, channels: { news: { mail: true } } })).toEqual([
      'in_app',
      'mail',
    ]);
  });

  it('no channel the person cannot be reached on is named (no address: no mail)', () => {
    expect(channelsOf('offer.arrived', { line: false, push: false, mail: false }, DEFAULT_SETTINGS)).toEqual([
      'in_app',
    ]);
  });

  it('every kind of contracts/notifications.ts has a group, and every group a label', () => {
    for (const kind of NOTIFICATION_KINDS) expect(groupOf(kind), kind).not.toBeNull();
    for (const g of NOTIFICATION_GROUPS) expect(GROUPS[g].label).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});
