import iconv from 'iconv-lite';
import { type AccountType, normalizeHolderName, toZenginKana } from '../../../contracts/money.ts';

/**
 * The Zengin 総合振込 file (issue 14): 120-byte records in Shift_JIS, each followed by CR LF; header (1),
 * one data record (2) per transfer, trailer (8) with the count and the total, end (9). Names are
 * half-width katakana, upper-case letters, digits and a few signs, left-aligned and space-padded;
 * numbers right-aligned and zero-padded. Every character here is one byte in Shift_JIS, so a record's
 * characters are its bytes.
 */
export interface Remitter {
  /** 依頼人コード: 10 digits, given by the remitter's bank. */
  code: string;
  /** 依頼人名: half-width kana. */
  name: string;
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: AccountType;
  accountNumber: string;
}

export interface Transfer {
  bankCode: string;
  bankName: string;
  branchCode: string;
  branchName: string;
  accountType: AccountType;
  accountNumber: string;
  holder: string;
  amount: number;
  /** 顧客コード1: our line id, so a returned transfer can be matched. */
  customerCode: string;
}

export const ACCOUNT_TYPE_CODES: Record<AccountType, string> = { 普通: '1', 当座: '2', 貯蓄: '4' };

/** A name as the file allows it (unknown characters dropped), cut or space-padded to `width`. */
export function alpha(value: string, width: number): string {
  const kana = [...normalizeHolderName(value)]
    .map((c) => (c === ' ' ? ' ' : (toZenginKana(c) ?? '')))
    .join('');
  return kana.slice(0, width).padEnd(width, ' ');
}

/** A number right-aligned and zero-padded; refuses what does not fit (never silently cut). */
export function numeric(value: string | number, width: number): string {
  const s = String(value);
  if (!/^[0-9]+$/.test(s) || s.length > width) throw new RangeError(`${s} does not fit ${width} digits`);
  return s.padStart(width, '0');
}

const record = (fields: string[]): string => {
  const r = fields.join('');
  if (r.length !== 120) throw new Error(`a Zengin record is 120 bytes (got ${r.length})`);
  return r;
};

/** The records (without line ends) of one transfer file; `paymentDay` is `YYYY-MM-DD`. */
export function zenginRecords(remitter: Remitter, paymentDay: string, transfers: Transfer[]): string[] {
  const header = record([
    '1',
    '21', // 種別コード: 総合振込
    '0', // コード区分: Shift_JIS
    numeric(remitter.code, 10),
    alpha(remitter.name, 40),
    paymentDay.slice(5, 7) + paymentDay.slice(8, 10), // 取組日 MMDD
    numeric(remitter.bankCode, 4),
    alpha(remitter.bankName, 15),
    numeric(remitter.branchCode, 3),
    alpha(remitter.branchName, 15),
    ACCOUNT_TYPE_CODES[remitter.accountType],
    numeric(remitter.accountNumber, 7),
    ' '.repeat(17),
  ]);
  const data = transfers.map((t) =>
    record([
      '2',
      numeric(t.bankCode, 4),
      alpha(t.bankName, 15),
      numeric(t.branchCode, 3),
      alpha(t.branchName, 15),
      ' '.repeat(4), // 手形交換所番号: unused
      ACCOUNT_TYPE_CODES[t.accountType],
      numeric(t.accountNumber, 7),
      alpha(t.holder, 30),
      numeric(t.amount, 10),
      '0', // 新規コード
      numeric(t.customerCode, 10),
      ' '.repeat(10), // 顧客コード2
      '7', // 振込指定区分: テレ振込
      ' ', // 識別表示
      ' '.repeat(7),
    ]),
  );
  const total = transfers.reduce((sum, t) => sum + t.amount, 0);
  const trailer = record(['8', numeric(transfers.length, 6), numeric(total, 12), ' '.repeat(101)]);
  const end = record(['9', ' '.repeat(119)]);
  return [header, ...data, trailer, end];
}

/** The file's bytes: Shift_JIS, CR LF after every record. */
export const zenginFile = (records: string[]): Buffer =>
  iconv.encode(records.map((r) => `${r}\r\n`).join(''), 'Shift_JIS');
