import { supporterPaymentsSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/payments: the supporter's payouts, balance, next transfer and yearly totals. */
export function getPayments(signal?: AbortSignal) {
  return call(supporterPaymentsSchema, { method: 'GET', path: '/api/payments' }, signal ? { signal } : {});
}
