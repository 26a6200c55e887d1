import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, PLATFORM_LABELS, PLATFORMS } from '../../contracts/advertisements.ts';
import { SNS_PLATFORM_LABELS, SNS_PLATFORMS } from '../../contracts/supporters.ts';
import {
  PLATFORM_NAMES,
  platformList,
  RETIRED_WORDS,
  REWARD_STATE_WORDS,
  WORDS,
} from '../../contracts/vocabulary.ts';
import { formatDate, formatDateTime, formatPeriod } from '../../src/platform/ui/format.ts';
import { ROOT_DIR } from '../../server/platform/version.ts';

/**
 * Issue 25 (9), product design section 8: one vocabulary. A source scan of what screens say (string
 * literals and JSX text of src/ and contracts/, comments left out) for the retired words, and of the JSX
 * for a date field shown as it comes (an ISO date such as 2026-11-26 on the screen).
 */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The source without its comments (a line comment after code, a block comment, a JSX comment). */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The screens (src/, with the prerendered guest pages), the contracts' messages and the server's texts (mails, messages). */
const SOURCES = ['src', 'contracts', 'server']
  .flatMap((dir) => filesUnder(join(ROOT_DIR, dir)))
  .filter((file) => !file.endsWith(join('contracts', 'vocabulary.ts')))
  .map((file) => ({ file: relative(ROOT_DIR, file), text: withoutComments(readFileSync(file, 'utf8')) }));

describe('issue 25 (9): one vocabulary (product design section 8)', () => {
  it('issue 25 (9): the words of section 8 live in contracts/vocabulary.ts', () => {
    expect(WORDS).toMatchObject({
      reward: '報酬',
      supportRequest: '拡散依頼',
      post: '投稿',
      monitorRecruitment: 'モニター募集',
      supporter: 'フォーカスター',
      shop: 'お店',
      operators: '運営',
    });
    expect(Object.values(REWARD_STATE_WORDS)).toEqual(['確定待ち', '確定', 'お振込み済み']);
    expect(Object.values(PLATFORM_NAMES)).toEqual([
      'X',
      'Instagram',
      'TikTok',
      'Threads',
      'LINE VOOM',
      'Facebook',
    ]);
  });

  it('issue 25 (9): every platform list names its platforms as the vocabulary does (LINE VOOM, never Facebook, where supporters post), and lists them in one order', () => {
    for (const labels of [SNS_PLATFORM_LABELS, PLATFORM_LABELS]) {
      for (const [key, label] of Object.entries(labels)) {
        expect(label).toBe(PLATFORM_NAMES[key as keyof typeof PLATFORM_NAMES]);
      }
    }
    // Where supporters post (their accounts) and what a request asks for are the same platforms.
    expect([...SNS_PLATFORMS].sort()).toEqual([...PLATFORMS].sort());
    expect(SNS_PLATFORMS).toContain('line_voom');
    expect(SNS_PLATFORMS).not.toContain('facebook');
    expect(platformList(SNS_PLATFORMS)).toBe('X・Instagram・TikTok・LINE VOOM');
    expect(platformList(PLATFORMS)).toBe(platformList(SNS_PLATFORMS));
    expect(FIELD_MESSAGES.platform).toBe('SNSは X・Instagram・TikTok・LINE VOOM から選んでください。');
  });

  it('issue 25 (9): no screen says a retired word (お小遣い, お試しサポート, 旧Twitter, 未払いの報酬)', () => {
    const found = SOURCES.flatMap(({ file, text }) =>
      RETIRED_WORDS.filter(({ word }) => text.includes(word)).map(
        ({ word, use }) => `${file}: 「${word}」 → 「${use}」`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('issue 25 (9): no screen shows a date field as it comes (an ISO date): it goes through formatDate', () => {
    const raw = /[^=$]\{\s*[\w.?!]+\.\w*(?:_on|_at|_date)\s*\}/g;
    const found = SOURCES.filter(({ file }) => file.endsWith('.tsx')).flatMap(({ file, text }) =>
      [...text.matchAll(raw)].map((m) => `${file}: ${m[0].slice(1)}`),
    );
    expect(found).toEqual([]);
  });

  it('issue 25 (9): a day reads 2026年11月26日（木）, a moment in Japan time, a period with 〜', () => {
    expect(formatDate('2026-11-26')).toBe('2026年11月26日（木）');
    expect(formatDate('2026-11-25T15:30:00Z')).toBe('2026年11月26日（木）');
    expect(formatDate('2027-01-01')).toBe('2027年1月1日（金）');
    expect(formatPeriod('2026-11-26', '2026-12-10')).toBe('2026年11月26日（木）〜2026年12月10日（木）');
    expect(formatDate(null)).toBe('—');
    expect(formatDateTime('2026-11-26T09:30:00Z')).toBe('2026年11月26日（木） 18:30');
    expect(formatDateTime('2026-11-25T15:05:00Z')).toBe('2026年11月26日（木） 00:05');
  });
});
