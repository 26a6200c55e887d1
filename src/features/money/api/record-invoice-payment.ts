import { type InvoicePaymentInput, invoicePaymentRecordedSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/billing/invoices/payments (staff): the transfer for an invoice arrived (recorded once). */
export function recordInvoicePayment(body: InvoicePaymentInput) {
  return call(invoicePaymentRecordedSchema, { method: 'POST', path: '/api/billing/invoices/payments', body });
}
