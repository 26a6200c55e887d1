import { rewardsSchema } from '../../../../contracts/advertisements.ts';
import { supporterPaymentsSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/payments: the supporter's payouts, balance, next transfer and yearly totals. */
export function getPayments(signal?: AbortSignal) {
  return call(supporterPaymentsSchema, { method: 'GET', path: '/api/payments' }, signal ? { signal } : {});
}

/** GET /api/rewards (served by the support requests feature): the credited rewards, newest first. */
export function getRewards(signal?: AbortSignal) {
  return call(rewardsSchema, { method: 'GET', path: '/api/rewards' }, signal ? { signal } : {});
}
