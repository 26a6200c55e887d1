import { type ApproveSnsAccount, snsReviewItemSchema } from '../../../../contracts/supporters.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/social-accounts/{id}/approve (staff): the supporter gets a mail. */
export function approveSnsAccount(accountId: number, body: ApproveSnsAccount) {
  const id = requireId(accountId);
  return call(snsReviewItemSchema, { method: 'POST', path: `/api/social-accounts/${id}/approve`, body });
}
