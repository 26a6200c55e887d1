// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RECRUITMENT_MESSAGES, type Recruitment } from '../../contracts/recruitments.ts';
import { ClosingRecord, currentWinners, formatMoment } from '../../src/features/recruitments/common.tsx';

/**
 * Issue 23 "Recruitments" (product design section 8): the public page states an early close (time and
 * reason) and each replacement, with the dates as product design section 8 writes them.
 */
afterEach(cleanup);

const base = {
  id: 7,
  winner_entry_ids: [31, 32, 33],
  closed_early: null,
  replacements: [],
} as unknown as Recruitment;

describe('recruitment closing record (issue 23 Recruitments)', () => {
  it('writes a moment as 2026年11月26日（木） 18:30, in Japan time', () => {
    expect(formatMoment('2026-11-26T09:30:00.000Z')).toBe('2026年11月26日（木） 18:30');
    expect(formatMoment(null)).toBe('—');
  });

  it('shows nothing when applications ran to the deadline and nobody was replaced', () => {
    const { container } = render(<ClosingRecord r={base} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the early close with its time and reason, and each replacement with its reason and time', () => {
    const r = {
      ...base,
      closed_early: { at: '2026-11-26T09:30:00.000Z', reason: '用意できる数に達したため' },
      replacements: [
        {
          entry_id: 31,
          kind: 'declined',
          reason: RECRUITMENT_MESSAGES.declinedReason,
          released_at: '2026-11-27T01:00:00.000Z',
          replaced_by_entry_id: 33,
          replaced_at: '2026-11-27T02:05:00.000Z',
        },
        {
          entry_id: 32,
          kind: 'cancelled',
          reason: '来店期間中に来店されなかったため',
          released_at: '2026-12-20T10:00:00.000Z',
          replaced_by_entry_id: null,
          replaced_at: null,
        },
      ],
    } as Recruitment;
    render(<ClosingRecord r={r} />);
    const early = screen.getByRole('note', { name: '早めの締め切り' });
    expect(early.textContent).toMatch('2026年11月26日（木） 18:30');
    expect(early.textContent).toMatch('用意できる数に達したため');
    const items = within(screen.getByRole('list', { name: '繰り上げの記録' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toMatch(
      /応募番号 31：当選を辞退（2026年11月27日（金） 10:00）。理由：当選者が辞退しました。 応募番号 33 が繰り上げ当選（2026年11月27日（金） 11:05）/,
    );
    expect(items[1]!.textContent).toMatch('当選を取り消し（2026年12月20日（日） 19:00）');
    expect(items[1]!.textContent).toMatch('来店期間中に来店されなかったため');
    expect(items[1]!.textContent).toMatch('繰り上げ当選の抽選を待っています');
    expect(currentWinners(r)).toEqual([33]);
  });
});
