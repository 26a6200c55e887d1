import { type EntryCreate, entrySchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/recruitments/{id}/entries (signed in): apply, once per recruitment. */
export function applyTo(recruitmentId: number, body: EntryCreate) {
  const id = requireId(recruitmentId);
  return call(entrySchema, { method: 'POST', path: `/api/recruitments/${id}/entries`, body });
}
