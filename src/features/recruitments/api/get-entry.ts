import { type Entry, entrySchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/entries/{id}: one of the signed-in user's entries. */
export function getEntry(entryId: number, signal?: AbortSignal): Promise<Entry> {
  const id = requireId(entryId);
  return call(entrySchema, { method: 'GET', path: `/api/entries/${id}` }, signal ? { signal } : {});
}
