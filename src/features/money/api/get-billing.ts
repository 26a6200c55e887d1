import { billingSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * GET /api/billing: the company's payment method and BILLING_PAGE_MONTHS months of invoices and bills, the latest
 * first, or (with `before`, a YYYY-MM from `older_before`) the months before that month.
 */
export function getBilling(signal?: AbortSignal, before?: string) {
  return call(
    billingSchema,
    { method: 'GET', path: '/api/billing', ...(before ? { query: { before } } : {}) },
    signal ? { signal } : {},
  );
}
