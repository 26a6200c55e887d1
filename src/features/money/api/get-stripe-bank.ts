import { stripeBankSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/stripe/bank: whether bank registration goes through Stripe, and the account registered there. */
export function getStripeBank(signal?: AbortSignal) {
  return call(stripeBankSchema, { method: 'GET', path: '/api/stripe/bank' }, signal ? { signal } : {});
}
