import { snsAccountListSchema } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/social-accounts: the signed-in supporter's SNS accounts with their review status. */
export function listSnsAccounts(signal?: AbortSignal) {
  return call(
    snsAccountListSchema,
    { method: 'GET', path: '/api/social-accounts' },
    signal ? { signal } : {},
  );
}
