import { z } from 'zod';
import { call } from '../../../platform/request/request.ts';

/** GET /api/billing/invoice?month=YYYY-MM: the month's qualified invoice as a PDF. */
export function downloadInvoice(month: string) {
  return call(z.instanceof(Blob), { method: 'GET', path: '/api/billing/invoice', query: { month } });
}
