import { staffInvoiceListSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/billing/invoices?month= (staff): every company's invoice of the month and its payment. */
export function listInvoices(month: string, signal?: AbortSignal) {
  return call(
    staffInvoiceListSchema,
    { method: 'GET', path: '/api/billing/invoices', query: { month } },
    signal ? { signal } : {},
  );
}
