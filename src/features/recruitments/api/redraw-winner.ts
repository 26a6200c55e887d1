import { recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/recruitments/{id}/redraw (staff): a winner declined; the next rank of the same seed wins. */
export function redrawWinner(recruitmentId: number, entryId: number) {
  const id = requireId(recruitmentId);
  return call(recruitmentSchema, {
    method: 'POST',
    path: `/api/recruitments/${id}/redraw`,
    body: { entry_id: requireId(entryId) },
  });
}
