import type { InvoiceSummary } from '../../../contracts/money.ts';
import { styled } from '../../platform/styles/stitches.config.ts';
import { DataTable, TableScroll } from '../../platform/ui/DataTable.tsx';
import { formatDate } from '../../platform/ui/format.ts';

/** The money screens' tables: the staff list table (DataTable) with right-aligned amounts. */
export const Table = styled(DataTable, {
  '& td.amount': { textAlign: 'right', whiteSpace: 'nowrap' },
  variants: {
    // Issue 25: the staff tables of months, dates and amounts keep each cell on its line and scroll in their
    // box on a phone, instead of breaking 2026年9月分 or a date a few characters a line.
    nowrap: { true: { '& th, & td': { whiteSpace: 'nowrap' } } },
  },
});
/** The platform's table scroller (its `position: relative` keeps visually hidden cell texts inside it). */
export const Scroll = TableScroll;
export const Actions = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '$2', alignItems: 'center' });

/** `2026-11-16` as `2026年11月16日（月）`: the app's one date format (issue 25 (9)). */
export const formatDay = (d: string) => formatDate(d);
/** `2026-10` as `2026年10月分`. */
export const formatMonth = (m: string) => `${Number(m.slice(0, 4))}年${Number(m.slice(5, 7))}月分`;

/** Saves a downloaded file under a name. */
export function saveFile(data: Blob | string, name: string, type: string) {
  const blob = typeof data === 'string' ? new Blob([data], { type }) : data;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The month before this one in Japan, `YYYY-MM`: the month the next batch closes. */
export function lastMonthInJapan(now = new Date()): string {
  const tokyo = new Date(now.getTime() + 9 * 3600_000);
  const d = new Date(Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

/** ADR 0113: 未入金 / 入金済（date）/ 請求前 / お支払いなし; ADR 0115: カード決済失敗. */
export function paymentStatusText(invoice: InvoiceSummary): string {
  if (invoice.status === '入金済' && invoice.payment)
    return `入金済（${formatDay(invoice.payment.paid_on)}）`;
  if (invoice.status === '請求前') return '請求前（今月分）';
  return invoice.status;
}
