import { bankAccountAnswerSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/bank-account: the signed-in user's account (last 3 digits of the number only), or null. */
export function getBankAccount(signal?: AbortSignal) {
  return call(
    bankAccountAnswerSchema,
    { method: 'GET', path: '/api/bank-account' },
    signal ? { signal } : {},
  );
}
