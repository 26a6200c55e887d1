import { type Billing, type InvoiceSummary, MONEY_MESSAGES } from '../../../contracts/money.ts';
import { PLATFORM_FEE_PERCENT, TAX_PERCENT } from '../../../contracts/pricing.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Env } from '../../platform/env.ts';
import { HttpError } from '../../platform/http-errors.ts';
import * as repo from './billing-repo.ts';
import { addMonths, monthCutoff, tokyoDay } from './calendar.ts';
import { jpText, renderPdf } from './pdf.ts';

/** One line of a qualified invoice; every line is taxed at 10 % (the one rate this service has). */
export interface InvoiceItem {
  label: string;
  /** Tax-exclusive yen; refunds are negative. */
  amount: number;
  rate: number;
}

export interface Invoice extends InvoiceSummary {
  items: InvoiceItem[];
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
/** Tax once per rate per invoice, rounded down (toward zero for a credit note). */
const taxOf = (subtotal: number) =>
  Math.sign(subtotal) * Math.floor((Math.abs(subtotal) * TAX_PERCENT) / 100);

/** A month's invoice of a company: its bills, and refunds of its requests that ended that month. */
export function invoiceOf(
  month: string,
  bills: Awaited<ReturnType<typeof repo.billsOfCompany>>,
  refunds: Awaited<ReturnType<typeof repo.refundsOfCompany>>,
): Invoice {
  const items: InvoiceItem[] = [];
  for (const b of bills.filter((x) => x.month === month)) {
    items.push({
      label: `拡散依頼 No.${b.advertisement_id}（${b.shop_name}） 報酬 ${b.units}件 × ${yen(b.reward)}`,
      amount: b.rewards,
      rate: TAX_PERCENT,
    });
    if (b.fee > 0)
      items.push({
        label: `拡散依頼 No.${b.advertisement_id} 手数料（報酬の${PLATFORM_FEE_PERCENT}%）`,
        amount: b.fee,
        rate: TAX_PERCENT,
      });
  }
  for (const r of refunds.filter((x) => x.month === month)) {
    const rewards = r.unused * r.reward;
    items.push({
      label: `拡散依頼 No.${r.advertisementId}（${r.shopName}） 未使用 ${r.unused}件の返金`,
      amount: -rewards,
      rate: TAX_PERCENT,
    });
    const fee = r.feeWaived ? 0 : Math.floor((rewards * PLATFORM_FEE_PERCENT) / 100);
    if (fee > 0)
      items.push({ label: `拡散依頼 No.${r.advertisementId} 手数料の返金`, amount: -fee, rate: TAX_PERCENT });
  }
  const subtotal = items.reduce((s, i) => s + i.amount, 0);
  const tax = taxOf(subtotal);
  return { month, subtotal, tax, total: subtotal + tax, items_count: items.length, items };
}

/**
 * Shop billing (issue 14, ADR 0103): bills per approved support request, a monthly qualified invoice per
 * company (PDF), paid by bank transfer. Card payment through Stripe is not configured here.
 */
export class BillingService {
  constructor(
    private readonly db: Db,
    private readonly env: Env,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private async company(userId: number) {
    await repo.writeMissingBills(this.db);
    return repo.companyOfUser(this.db, userId);
  }

  async billing(userId: number): Promise<Billing> {
    const company = await this.company(userId);
    if (!company) return { company: null, payment_method: 'invoice', bills: [], invoices: [] };
    const [bills, refunds] = await Promise.all([
      repo.billsOfCompany(this.db, company.id),
      repo.refundsOfCompany(this.db, company.id),
    ]);
    const months = [...new Set([...bills.map((b) => b.month), ...refunds.map((r) => r.month)])]
      .sort()
      .reverse();
    const invoices = months.map((m) => {
      const { items: _items, ...summary } = invoiceOf(m, bills, refunds);
      return summary;
    });
    return { company: { id: company.id, name: company.name }, payment_method: 'invoice', bills, invoices };
  }

  /** The month's qualified invoice as a PDF (Japanese font embedded). */
  async invoicePdf(userId: number, month: string): Promise<Buffer> {
    const company = await this.company(userId);
    if (!company) throw new HttpError(404, MONEY_MESSAGES.invoiceNotFound);
    const [bills, refunds] = await Promise.all([
      repo.billsOfCompany(this.db, company.id, month),
      repo.refundsOfCompany(this.db, company.id, month),
    ]);
    const invoice = invoiceOf(month, bills, refunds);
    if (!invoice.items.length) throw new HttpError(404, MONEY_MESSAGES.invoiceNotFound);
    const production = this.env.NODE_ENV === 'production';
    const issuer = this.env.INVOICE_ISSUER_NAME ?? (production ? undefined : 'Focustar運営事務局（見本）');
    const number = this.env.INVOICE_REGISTRATION_NUMBER ?? (production ? undefined : 'T0000000000000');
    if (!issuer || !number) throw new HttpError(409, MONEY_MESSAGES.issuerMissing);
    const closed = monthCutoff(month) <= this.now();
    // Issued on the last day of the month (or today, for the running month's preview); due a month later.
    const issued = closed ? tokyoDay(new Date(monthCutoff(month).getTime() - 1)) : tokyoDay(this.now());
    const due = tokyoDay(new Date(monthCutoff(addMonths(month, 1)).getTime() - 1));
    const day = (d: string) =>
      `${Number(d.slice(0, 4))}年${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
    return renderPdf(
      {
        size: 'A4',
        margin: 48,
        info: { Title: `請求書 ${month}`, Author: issuer, Subject: `${company.name} ${month}` },
      },
      (doc) => {
        const left = 48;
        const right = doc.page.width - 48;
        const width = right - left;
        jpText(doc, closed ? '請求書' : '請求書（今月分・暫定）', left, 48, { size: 20, weight: 700 });
        jpText(doc, `${company.name} 御中`, left, 96, { size: 13, weight: 700 });
        if (company.address)
          jpText(
            doc,
            `${company.postalCode ? `〒${company.postalCode} ` : ''}${company.address}`,
            left,
            116,
            { size: 9 },
          );
        jpText(doc, `請求番号 ${company.id}-${month.replace('-', '')}`, left, 48, {
          width,
          align: 'right',
          size: 9,
        });
        jpText(doc, `発行日 ${day(issued)}`, left, 62, { width, align: 'right', size: 9 });
        jpText(doc, issuer, left, 90, { width, align: 'right', size: 10, weight: 700 });
        jpText(doc, `登録番号 ${number}`, left, 106, { width, align: 'right', size: 9 });
        if (this.env.INVOICE_ISSUER_ADDRESS)
          jpText(doc, this.env.INVOICE_ISSUER_ADDRESS, left, 120, { width, align: 'right', size: 9 });

        jpText(
          doc,
          `${Number(month.slice(0, 4))}年${Number(month.slice(5, 7))}月分の拡散依頼のご請求です。`,
          left,
          150,
          { size: 10 },
        );
        jpText(doc, `ご請求金額（税込） ${yen(invoice.total)}`, left, 172, { size: 16, weight: 700 });
        jpText(doc, `お支払期限 ${day(due)}（銀行振込）`, left, 196, { size: 10 });

        let y = 230;
        doc
          .moveTo(left, y - 4)
          .lineTo(right, y - 4)
          .stroke('#999999');
        jpText(doc, '内容', left, y, { size: 9, weight: 700 });
        jpText(doc, '税率', left + width - 170, y, { size: 9, weight: 700 });
        jpText(doc, '金額（税抜）', left, y, { width, align: 'right', size: 9, weight: 700 });
        y += 16;
        doc
          .moveTo(left, y - 3)
          .lineTo(right, y - 3)
          .stroke('#999999');
        for (const item of invoice.items) {
          if (y > doc.page.height - 160) {
            doc.addPage();
            y = 48;
          }
          jpText(doc, item.label, left, y, { size: 9, width: width - 180, ellipsis: true });
          jpText(doc, `${item.rate}%`, left + width - 170, y, { size: 9 });
          jpText(doc, yen(item.amount), left, y, { width, align: 'right', size: 9 });
          y += 16;
        }
        doc.moveTo(left, y).lineTo(right, y).stroke('#999999');
        y += 10;
        const sums: [string, string][] = [
          [`${TAX_PERCENT}%対象 小計（税抜）`, yen(invoice.subtotal)],
          [`消費税（${TAX_PERCENT}%）`, yen(invoice.tax)],
          ['合計（税込）', yen(invoice.total)],
        ];
        for (const [label, value] of sums) {
          jpText(doc, label, left + width - 260, y, { size: 10, weight: 700 });
          jpText(doc, value, left, y, { width, align: 'right', size: 10, weight: 700 });
          y += 18;
        }
        jpText(doc, '消費税は税率ごとに請求書単位で計算し、1円未満を切り捨てています。', left, y + 10, {
          size: 8,
        });
        jpText(doc, '未使用分の返金は、拡散依頼が終了した月のご請求から差し引いています。', left, y + 24, {
          size: 8,
        });
      },
    );
  }
}
