import { entrySchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/entries/{id}/decline (the winner): the place is given back; 当選 -> 辞退 (issue 23). */
export function declineEntry(entryId: number) {
  return call(entrySchema, { method: 'POST', path: `/api/entries/${requireId(entryId)}/decline` });
}
