import { type CloseEarly, recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/recruitments/{id}/close (staff): applications end now, with a public reason (issue 23). */
export function closeRecruitment(recruitmentId: number, body: CloseEarly) {
  const id = requireId(recruitmentId);
  return call(recruitmentSchema, { method: 'POST', path: `/api/recruitments/${id}/close`, body });
}
