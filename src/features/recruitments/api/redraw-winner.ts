import { recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * POST /api/recruitments/{id}/redraw (staff): the place of a winner who declined or whom staff
 * cancelled goes to the next rank of the same seed (issue 23).
 */
export function redrawWinner(recruitmentId: number, entryId: number) {
  const id = requireId(recruitmentId);
  return call(recruitmentSchema, {
    method: 'POST',
    path: `/api/recruitments/${id}/redraw`,
    body: { entry_id: requireId(entryId) },
  });
}
