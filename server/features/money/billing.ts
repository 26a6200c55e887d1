import {
  BILLING_PAGE_MONTHS,
  type Billing,
  type CardSetup,
  type InvoicePaymentInput,
  type InvoicePaymentRecorded,
  type InvoiceStatus,
  type InvoiceSummary,
  MONEY_MESSAGES,
  type PaymentMethod,
  type StaffInvoice,
  type StaffInvoiceList,
} from '../../../contracts/money.ts';
import { PLATFORM_FEE_PERCENT, TAX_PERCENT } from '../../../contracts/pricing.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import type { Env } from '../../platform/env.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import * as repo from './repo-billing.ts';
import { addMonths, monthCutoff, previousMonth, tokyoDay } from './calendar.ts';
import { jpText, renderPdf } from './pdf.ts';
import { type PaymentProvider, PaymentProviderError, providerUnavailable } from './provider.ts';

type Log = { error: (obj: object, msg: string) => void };

/** What one run of the monthly card charge did (ADR 0115). */
export interface CardChargeRun {
  month: string;
  charged: number;
  failed: number;
  /** Charges that got no answer from the provider: the job is retried (same idempotency key). */
  unanswered: number;
}

/** Stripe keeps one charge per key: the company's invoice of the month (ADR 0115). */
export const cardChargeKey = (companyId: number, month: string) =>
  `focustar-company-${companyId}-invoice-${month}-charge`;

/** One line of a qualified invoice; every line is taxed at 10 % (the one rate this service has). */
export interface InvoiceItem {
  label: string;
  /** Tax-exclusive yen; refunds are negative. */
  amount: number;
  rate: number;
}

export interface Invoice extends Omit<InvoiceSummary, 'status' | 'payment'> {
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
 * Issue 26 (ADR 0177): a month's card charge that did not go through (declined, or waiting for 3-D Secure)
 * is told to the company's people in the transaction that records it, once per invoice (record
 * `card:{company}:{month}`), whether the charge's own answer or Stripe's webhook says so first.
 */
export async function tellCardFailed(
  tx: Db,
  outbox: Outbox | undefined,
  companyId: number,
  month: string,
  amount: number,
): Promise<void> {
  if (!outbox) return;
  for (const userId of await repo.companyPeople(tx, companyId))
    await outbox(tx, {
      to: userId,
      kind: 'card.failed',
      record: `card:${companyId}:${month}`,
      params: { amount },
    });
}

/**
 * Shop billing (issue 14, ADR 0103): bills per approved support request, a monthly qualified invoice per
 * company (PDF), paid by bank transfer, or by card through the payment provider when one is configured
 * (ADR 0112); staff record the transfers received (ADR 0113).
 */
export class BillingService {
  constructor(
    private readonly db: Db,
    private readonly env: Env,
    private readonly now: () => Date = () => new Date(),
    private readonly provider: PaymentProvider | null = null,
    private readonly log: Log = { error: () => {} },
    /** The one outbox (issue 26): invoices issued and card charges that failed are told to the company. */
    private readonly outbox?: Outbox,
  ) {}

  private company(userId: number) {
    return repo.companyOfUser(this.db, userId);
  }

  /** 請求前 / 未入金 / カード決済失敗 / 入金済 / お支払いなし of one month's invoice. */
  private statusOf(
    month: string,
    total: number,
    payment: repo.PaymentRow | undefined,
    charge: repo.CardChargeStatus | undefined,
  ): InvoiceStatus {
    if (payment) return '入金済';
    if (total <= 0) return 'お支払いなし';
    if (monthCutoff(month) > this.now()) return '請求前';
    return charge === 'failed' || charge === 'requires_action' ? 'カード決済失敗' : '未入金';
  }

  /** The company's invoices of the months (newest first), each with its payment status, and their bills. */
  private async invoicesOf(companyId: number, months: repo.MonthRange) {
    const [bills, refunds, payments, charges] = await Promise.all([
      repo.billsOfCompany(this.db, companyId, months),
      repo.refundsOfCompany(this.db, companyId, months),
      repo.paymentsOfCompany(this.db, companyId),
      repo.cardChargesOfCompany(this.db, companyId),
    ]);
    const invoiceMonths = [...new Set([...bills.map((b) => b.month), ...refunds.map((r) => r.month)])]
      .sort()
      .reverse();
    const invoices: InvoiceSummary[] = invoiceMonths.map((m) => {
      const { items: _items, ...summary } = invoiceOf(m, bills, refunds);
      const payment = payments.get(m);
      return {
        ...summary,
        status: this.statusOf(m, summary.total, payment, charges.get(m)),
        payment: payment ?? null,
      };
    });
    return { bills, invoices };
  }

  /** The method in force: a card saved with another provider (or with none configured now) is not usable. */
  private usableMethod(row: repo.BillingMethodRow): { method: PaymentMethod; card: Billing['card'] } {
    const usable = this.provider !== null && row.provider === this.provider.kind && row.card !== null;
    return { method: usable && row.method === 'card' ? 'card' : 'invoice', card: usable ? row.card : null };
  }

  /**
   * GET /api/billing: the payment method and BILLING_PAGE_MONTHS months of invoices and bills, the latest
   * first, or those before `before` (a page of months, not of rows: a month's invoice is whole). A page ends
   * at the latest month that has an invoice, so a company that paused for a while does not page through
   * empty months (ADR 0124).
   */
  async billing(userId: number, before?: string): Promise<Billing> {
    const company = await this.company(userId);
    const cardPayment = this.provider
      ? { provider: this.provider.kind, publishable_key: this.provider.publishableKey }
      : null;
    const none = { bills: [], invoices: [], older_before: null };
    if (!company)
      return { company: null, payment_method: 'invoice', card_payment: cardPayment, card: null, ...none };
    const asked = before ? addMonths(before, -1) : tokyoDay(this.now()).slice(0, 7);
    const [to, row] = await Promise.all([
      repo.latestInvoiceMonth(this.db, company.id, asked),
      repo.billingMethodOf(this.db, company.id),
    ]);
    const { method, card } = this.usableMethod(row);
    const head = {
      company: { id: company.id, name: company.name },
      payment_method: method,
      card_payment: cardPayment,
      card,
    };
    if (to === null) return { ...head, ...none };
    const from = addMonths(to, -(BILLING_PAGE_MONTHS - 1));
    const [{ bills, invoices }, older] = await Promise.all([
      this.invoicesOf(company.id, { from, to }),
      // A request that ended before `from` was approved (billed) before it: bills alone tell (ADR 0124).
      repo.hasBillsBefore(this.db, company.id, from),
    ]);
    return { ...head, bills, invoices, older_before: older ? from : null };
  }

  /* ------------------------------------------------------------------ card (ADR 0112) */

  private configured(): PaymentProvider {
    if (!this.provider) throw new HttpError(409, MONEY_MESSAGES.stripeOff);
    return this.provider;
  }

  private async companyOrFail(userId: number) {
    const company = await repo.companyOfUser(this.db, userId);
    if (!company) throw new HttpError(404, MONEY_MESSAGES.noCompany);
    return company;
  }

  /**
   * Starts saving a card: the company's customer at the provider (made once), and a SetupIntent whose
   * client secret the browser hands to Stripe Elements. Nothing about the card is known yet.
   */
  async cardSetup(userId: number): Promise<CardSetup> {
    const provider = this.configured();
    const company = await this.companyOrFail(userId);
    try {
      let row = await repo.billingMethodOf(this.db, company.id);
      if (!row.customerId || row.provider !== provider.kind) {
        const customer = await provider.createCustomer(
          { name: company.name, metadata: { focustar_company_id: String(company.id) } },
          `focustar-company-${company.id}-customer`,
        );
        await repo.saveCustomer(this.db, company.id, provider.kind, customer.id, userId);
        row = await repo.billingMethodOf(this.db, company.id);
      }
      const intent = await provider.createSetupIntent({
        customer: row.customerId!,
        metadata: { focustar_company_id: String(company.id), focustar_user_id: String(userId) },
      });
      return {
        provider: provider.kind,
        publishable_key: provider.publishableKey,
        setup_intent_id: intent.id,
        client_secret: intent.clientSecret ?? '',
      };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      return providerUnavailable(err, this.log, MONEY_MESSAGES.stripeUnavailable);
    }
  }

  /**
   * Keeps the card a confirmed SetupIntent saved (read back from the provider, never from the browser):
   * only its ids, brand, last 4 digits and expiry. The company pays by card from now on.
   */
  async saveCard(userId: number, setupIntentId: string): Promise<Billing> {
    const provider = this.configured();
    const company = await this.companyOrFail(userId);
    const row = await repo.billingMethodOf(this.db, company.id);
    let intent;
    try {
      intent = await provider.retrieveSetupIntent(setupIntentId);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.status === 404)
        throw validationError({ setup_intent_id: [MONEY_MESSAGES.setupIntent] });
      return providerUnavailable(err, this.log, MONEY_MESSAGES.stripeUnavailable);
    }
    // Object-level check: the intent must be this company's (its customer and its metadata).
    if (
      !row.customerId ||
      row.provider !== provider.kind ||
      intent.customer !== row.customerId ||
      intent.metadata.focustar_company_id !== String(company.id)
    )
      throw validationError({ setup_intent_id: [MONEY_MESSAGES.setupIntent] });
    if (intent.status !== 'succeeded' || !intent.card)
      throw validationError({ setup_intent_id: [MONEY_MESSAGES.cardNotConfirmed] });
    await repo.saveCard(this.db, company.id, intent.card, userId);
    if (row.paymentMethodId && row.paymentMethodId !== intent.card.paymentMethodId) {
      // The card it replaces can no longer be charged (best effort: the new one is saved either way).
      await provider.detachPaymentMethod(row.paymentMethodId).catch((err: unknown) => {
        if (err instanceof PaymentProviderError)
          this.log.error(
            { status: err.status, type: err.type, code: err.code },
            'detaching the old card failed',
          );
      });
    }
    return this.billing(userId);
  }

  /** Invoice or card (a saved card is needed); invoice is always possible. */
  async setMethod(userId: number, method: PaymentMethod): Promise<Billing> {
    const company = await this.companyOrFail(userId);
    if (method === 'card') {
      const { card } = this.usableMethod(await repo.billingMethodOf(this.db, company.id));
      if (!card) throw validationError({ method: [MONEY_MESSAGES.noCard] });
    }
    await repo.setMethod(this.db, company.id, method, userId);
    return this.billing(userId);
  }

  /* ------------------------------------------------------------------ payments received (ADR 0113) */

  private async staffInvoice(
    company: { id: number; name: string },
    month: string,
  ): Promise<StaffInvoice | null> {
    const [{ invoices }, row] = await Promise.all([
      this.invoicesOf(company.id, { from: month, to: month }),
      repo.billingMethodOf(this.db, company.id),
    ]);
    const invoice = invoices.find((i) => i.month === month);
    if (!invoice) return null;
    return { ...invoice, company, payment_method: this.usableMethod(row).method };
  }

  /** Staff: every company's invoice of the month, with whether its transfer arrived. */
  async invoicesOfMonth(month: string): Promise<StaffInvoiceList> {
    const items: StaffInvoice[] = [];
    for (const company of await repo.companiesOfMonth(this.db, month)) {
      const invoice = await this.staffInvoice(company, month);
      if (invoice) items.push(invoice);
    }
    return { month, items };
  }

  /**
   * Staff record that a company's invoice was paid (the transfer arrived): one append-only row per
   * invoice, of the invoice's total; recording it again answers the first record (created: false).
   */
  async recordPayment(
    staffId: number,
    body: InvoicePaymentInput,
    actor?: Pick<AuthContext, 'userId' | 'priority'>,
  ): Promise<InvoicePaymentRecorded> {
    const input = { note: '', ...body };
    if (monthCutoff(input.month) > this.now()) throw validationError({ month: [MONEY_MESSAGES.invoiceOpen] });
    if (input.paid_on > tokyoDay(this.now()))
      throw validationError({ paid_on: [MONEY_MESSAGES.paidOnFuture] });
    const company = await repo.companyById(this.db, input.company_id);
    if (!company) throw new HttpError(404, MONEY_MESSAGES.invoiceNotFound);
    const before = await this.staffInvoice(company, input.month);
    if (!before) throw new HttpError(404, MONEY_MESSAGES.invoiceNotFound);
    let created = false;
    if (!before.payment) {
      if (before.total <= 0) throw validationError({ month: [MONEY_MESSAGES.invoiceNothingDue] });
      created = await this.db.transaction(async (tx) => {
        const inserted = await repo.insertPayment(tx, {
          companyId: company.id,
          month: input.month,
          amount: before.total,
          paidOn: input.paid_on,
          note: input.note.trim(),
          by: staffId,
        });
        if (inserted && actor)
          await audit(tx, {
            actor,
            action: 'invoice.paid',
            table: 'companies',
            id: company.id,
            after: { month: input.month, amount: before.total, paid_on: input.paid_on },
            note: input.note.trim() || null,
          });
        return inserted;
      });
    }
    const invoice = (await this.staffInvoice(company, input.month))!;
    return {
      message: created ? MONEY_MESSAGES.paymentRecorded : MONEY_MESSAGES.paymentAlreadyRecorded,
      created,
      invoice,
    };
  }

  /* ------------------------------------------------------------------ notifications (issue 26, ADR 0177) */

  /**
   * The job at 05:00 on the 1st (Japan time): the closed invoices of `month` (last month by default) are
   * issued, and the people of each company with something to pay hear of it, once (record
   * `invoice:{company}:{month}`). Answers how many companies were told.
   */
  async issueInvoices(month: string = previousMonth(this.now())): Promise<number> {
    if (!this.outbox || monthCutoff(month) > this.now()) return 0;
    let told = 0;
    for (const company of await repo.companiesOfMonth(this.db, month)) {
      const invoice = await this.staffInvoice(company, month);
      if (!invoice || invoice.total <= 0) continue;
      await this.db.transaction(async (tx) => {
        for (const userId of await repo.companyPeople(tx, company.id))
          await this.outbox!(tx, {
            to: userId,
            kind: 'invoice.issued',
            record: `invoice:${company.id}:${month}`,
            params: { month, amount: invoice.total },
          });
      });
      told += 1;
    }
    return told;
  }

  /* ------------------------------------------------------------------ monthly card charge (ADR 0115) */

  /**
   * The job on the 1st (Japan time): every company that pays by card with a usable saved card is charged
   * its closed invoice of `month` (last month by default), off-session, once. A second run, or a retry of
   * this one, charges nothing twice: the `card_charges` row is claimed before the provider is asked, the
   * provider's idempotency key is the company's and the month's, and the payment row is unique per invoice.
   */
  async chargeCards(month: string = previousMonth(this.now())): Promise<CardChargeRun> {
    const run: CardChargeRun = { month, charged: 0, failed: 0, unanswered: 0 };
    if (!this.provider || monthCutoff(month) > this.now()) return run;
    for (const company of await repo.companiesOfMonth(this.db, month)) {
      const outcome = await this.chargeInvoice(this.provider, company, month);
      if (outcome === 'charged') run.charged += 1;
      else if (outcome === 'failed') run.failed += 1;
      else if (outcome === 'unanswered') run.unanswered += 1;
    }
    return run;
  }

  private async chargeInvoice(
    provider: PaymentProvider,
    company: { id: number; name: string },
    month: string,
  ): Promise<'charged' | 'failed' | 'unanswered' | 'skipped'> {
    const row = await repo.billingMethodOf(this.db, company.id);
    if (this.usableMethod(row).method !== 'card' || !row.customerId || !row.paymentMethodId) return 'skipped';
    const invoice = await this.staffInvoice(company, month);
    if (!invoice || invoice.payment || invoice.total <= 0) return 'skipped';
    let charge = await repo.claimCardCharge(this.db, {
      companyId: company.id,
      month,
      amount: invoice.total,
      provider: provider.kind,
    });
    if (!charge) {
      // Already charged or failed; or pending: tried again only if its attempt ended without an answer,
      // while the provider still keeps the idempotency key (a retry then answers the first charge).
      const existing = await repo.cardChargeOf(this.db, company.id, month);
      if (!existing || existing.status !== 'pending' || !existing.abandoned) return 'skipped';
      if (!existing.retryable) {
        this.log.error(
          { companyId: company.id, month },
          'card charge pending for over 23 hours: check the PaymentIntent at the provider',
        );
        return 'skipped';
      }
      if (!(await repo.retakeCardCharge(this.db, existing))) return 'skipped';
      charge = existing;
    }
    const chargeId = charge.id;
    let intent;
    try {
      intent = await provider.chargeSavedCard(
        {
          amount: invoice.total,
          customer: row.customerId,
          paymentMethod: row.paymentMethodId,
          description: `Focustar ${month} 請求書 ${company.id}-${month.replace('-', '')}`,
          metadata: { focustar_company_id: String(company.id), focustar_invoice_month: month },
        },
        cardChargeKey(company.id, month),
      );
    } catch (err) {
      const e = err instanceof PaymentProviderError ? err : null;
      // A definite answer (a card error, or a request Stripe refuses): the invoice stays unpaid.
      if (
        e &&
        (e.type === 'card_error' || (e.status >= 400 && e.status < 500 && ![409, 429].includes(e.status)))
      ) {
        await this.db.transaction(async (tx) => {
          await repo.finishCardCharge(tx, chargeId, {
            status:
              e.code === 'authentication_required' || e.paymentIntent?.status === 'requires_action'
                ? 'requires_action'
                : 'failed',
            paymentIntentId: e.paymentIntent?.id ?? null,
            failureCode: e.declineCode ?? e.code ?? e.type,
          });
          await tellCardFailed(tx, this.outbox, company.id, month, invoice.total);
        });
        this.log.error(
          { companyId: company.id, month, status: e.status, type: e.type, code: e.code },
          'monthly card charge declined',
        );
        return 'failed';
      }
      await repo.markChargeUnanswered(this.db, chargeId, e?.type ?? 'api_connection_error');
      this.log.error(
        e ? { companyId: company.id, month, status: e.status, type: e.type, code: e.code } : { err },
        'monthly card charge got no answer; tried again',
      );
      return 'unanswered';
    }
    if (intent.status === 'succeeded') {
      const recorded = await this.db.transaction(async (tx) => {
        await repo.finishCardCharge(tx, chargeId, {
          status: 'succeeded',
          paymentIntentId: intent.id,
          failureCode: null,
        });
        return repo.insertCardPayment(tx, {
          companyId: company.id,
          month,
          amount: intent.amount,
          paidOn: tokyoDay(this.now()),
          paymentIntentId: intent.id,
        });
      });
      if (!recorded)
        // Staff recorded a transfer for this invoice while the card was charged: one of them is refunded by hand.
        this.log.error(
          { companyId: company.id, month },
          'invoice paid twice (card and transfer): refund one',
        );
      return 'charged';
    }
    if (intent.status === 'processing') {
      await repo.markChargeUnanswered(this.db, chargeId, 'processing');
      return 'unanswered';
    }
    await this.db.transaction(async (tx) => {
      await repo.finishCardCharge(tx, chargeId, {
        status: intent.status === 'requires_action' ? 'requires_action' : 'failed',
        paymentIntentId: intent.id,
        failureCode: intent.lastErrorCode ?? intent.status,
      });
      await tellCardFailed(tx, this.outbox, company.id, month, invoice.total);
    });
    return 'failed';
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
