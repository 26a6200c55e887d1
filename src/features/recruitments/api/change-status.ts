import { recruitmentSchema, type StatusChange } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/recruitments/{id}/status (staff): open (募集中), close (選考中) or end (終了). */
export function changeStatus(recruitmentId: number, body: StatusChange) {
  const id = requireId(recruitmentId);
  return call(recruitmentSchema, { method: 'PUT', path: `/api/recruitments/${id}/status`, body });
}
