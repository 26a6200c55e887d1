import { snsReviewItemSchema } from '../../../../contracts/supporters.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/social-accounts/{id}/reject (staff): the reason goes to the supporter by mail. */
export function rejectSnsAccount(accountId: number, reason: string) {
  const id = requireId(accountId);
  return call(snsReviewItemSchema, {
    method: 'POST',
    path: `/api/social-accounts/${id}/reject`,
    body: { reason },
  });
}
