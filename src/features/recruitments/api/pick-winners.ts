import { type ManualWinners, recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/recruitments/{id}/winners (staff): winners ticked by hand. */
export function pickWinners(recruitmentId: number, body: ManualWinners) {
  const id = requireId(recruitmentId);
  return call(recruitmentSchema, { method: 'POST', path: `/api/recruitments/${id}/winners`, body });
}
