import { z } from 'zod';
import { billingSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/billing: the company's bills, monthly invoices and payment method. */
export function getBilling(signal?: AbortSignal) {
  return call(billingSchema, { method: 'GET', path: '/api/billing' }, signal ? { signal } : {});
}

/** GET /api/billing/invoice?month=YYYY-MM: the month's qualified invoice as a PDF. */
export function downloadInvoice(month: string) {
  return call(z.instanceof(Blob), { method: 'GET', path: '/api/billing/invoice', query: { month } });
}
