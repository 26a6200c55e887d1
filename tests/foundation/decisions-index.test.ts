import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INDEX_FILE, readDecisions, renderDecisionsIndex } from '../../scripts/decisions-index.ts';

/** Issue 28 (c), ADR 0163: docs/decisions/README.md indexes every record, with its status and date. */
describe('issue 28 (c): the index of the decision records', () => {
  const { records, problems } = readDecisions();

  it('issue 28 (c): every record has a title, a status and a date the index can show', () => {
    expect(records.length).toBeGreaterThan(80);
    expect(problems).toEqual([]);
  });

  it('issue 28 (c): docs/decisions/README.md is what `npm run docs:decisions` writes (no record missing, no status or date stale)', () => {
    expect(existsSync(INDEX_FILE), 'docs/decisions/README.md is missing: run `npm run docs:decisions`').toBe(
      true,
    );
    const written = readFileSync(INDEX_FILE, 'utf8');
    const rows = (text: string) => text.split('\n').filter((l) => /^\| \d{4} \|/.test(l));
    const want = rows(renderDecisionsIndex(records));
    const have = new Set(rows(written));
    const haveNumbers = new Set([...have].map((r) => r.slice(2, 6)));
    const missing = want.filter((r) => !haveNumbers.has(r.slice(2, 6)));
    const stale = want.filter((r) => haveNumbers.has(r.slice(2, 6)) && !have.has(r));
    const wantSet = new Set(want);
    const extra = [...have].filter(
      (r) => !wantSet.has(r) && !want.some((w) => w.slice(2, 6) === r.slice(2, 6)),
    );
    expect(
      { missing, stale, extra },
      'docs/decisions/README.md is out of date: run `npm run docs:decisions`',
    ).toEqual({ missing: [], stale: [], extra: [] });
    expect(written).toBe(renderDecisionsIndex(records));
  });
});
