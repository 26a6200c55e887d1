import { createRequire } from 'node:module';
import { type BankEntry, hiraganaToKatakana } from '../../../contracts/money.ts';

/**
 * The Zengin bank master (issue 14): the `zengin-code` package, about 5 MB of banks and branches, loaded on
 * the server on first use and searched here; it never reaches the browser (the screens ask the API).
 */
interface MasterEntry {
  code: string;
  name: string;
  kana: string;
  hira: string;
  roma: string;
}
interface MasterBank extends MasterEntry {
  branches: Record<string, MasterEntry>;
}

let master: Record<string, MasterBank> | null = null;
function banks(): Record<string, MasterBank> {
  master ??= createRequire(import.meta.url)('zengin-code') as Record<string, MasterBank>;
  return master;
}

const LIMIT = 30;

/** What the user types, made comparable: NFKC, hiragana to katakana, no spaces, lower-case latin. */
const fold = (s: string) => hiraganaToKatakana(s.normalize('NFKC')).replace(/\s/g, '').toLowerCase();

function search(entries: MasterEntry[], q: string): BankEntry[] {
  const needle = fold(q);
  const out: { entry: MasterEntry; rank: number }[] = [];
  for (const e of entries) {
    let rank = -1;
    if (!needle) rank = 2;
    else if (e.code.startsWith(needle) || e.name === q.trim()) rank = 0;
    else if (fold(e.name).startsWith(needle) || e.kana.startsWith(needle) || e.roma.startsWith(needle))
      rank = 1;
    else if (fold(e.name).includes(needle) || e.kana.includes(needle)) rank = 2;
    if (rank >= 0) out.push({ entry: e, rank });
  }
  return out
    .sort((a, b) => a.rank - b.rank || a.entry.code.localeCompare(b.entry.code))
    .slice(0, LIMIT)
    .map(({ entry }) => ({ code: entry.code, name: entry.name, kana: entry.kana }));
}

export const searchBanks = (q: string): BankEntry[] => search(Object.values(banks()), q);

/** The branches of a bank, or null when there is no such bank. */
export function searchBranches(bankCode: string, q: string): BankEntry[] | null {
  const bank = banks()[bankCode];
  return bank ? search(Object.values(bank.branches), q) : null;
}

export function lookup(bankCode: string, branchCode: string) {
  const bank = banks()[bankCode];
  const branch = bank?.branches[branchCode];
  return {
    bank: bank ? { code: bank.code, name: bank.name, kana: bank.kana } : null,
    branch: branch ? { code: branch.code, name: branch.name, kana: branch.kana } : null,
  };
}
