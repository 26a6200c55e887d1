import { billingSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/billing: the company's bills, monthly invoices and payment method. */
export function getBilling(signal?: AbortSignal) {
  return call(billingSchema, { method: 'GET', path: '/api/billing' }, signal ? { signal } : {});
}
