import { entrySchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/entries/{id}/visit (the shop or staff): the winner came; 当選 -> 体験済. */
export function confirmVisit(entryId: number) {
  return call(entrySchema, { method: 'POST', path: `/api/entries/${requireId(entryId)}/visit` });
}
