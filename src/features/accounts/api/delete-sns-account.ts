import { messageResponseSchema } from '../../../../contracts/common.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** DELETE /api/social-accounts/{id}: removes one of the supporter's own accounts. */
export function deleteSnsAccount(accountId: number) {
  const id = requireId(accountId);
  return call(messageResponseSchema, { method: 'DELETE', path: `/api/social-accounts/${id}` });
}
