import { type CancelWin, recruitmentSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/entries/{id}/cancel (staff): a win is cancelled with a public reason (issue 23). */
export function cancelWin(entryId: number, body: CancelWin) {
  return call(recruitmentSchema, {
    method: 'POST',
    path: `/api/entries/${requireId(entryId)}/cancel`,
    body,
  });
}
