import { supporterDetailSchema, type SupporterStatusUpdate } from '../../../../contracts/supporters.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/users/{id}/status (staff): 審査中 / 承認 / 却下, with the reason mailed to the supporter. */
export function setSupporterStatus(userId: number, body: SupporterStatusUpdate) {
  const id = requireId(userId);
  return call(supporterDetailSchema, { method: 'PUT', path: `/api/users/${id}/status`, body });
}
