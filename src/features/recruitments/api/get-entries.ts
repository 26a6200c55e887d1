import { type EntryPage, entryPageSchema } from '../../../../contracts/recruitments.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/entries: the signed-in user's entries, newest first, 50 a page. */
export function getEntries(cursor: number | undefined, signal?: AbortSignal): Promise<EntryPage> {
  return call(
    entryPageSchema,
    { method: 'GET', path: '/api/entries', query: { cursor } },
    signal ? { signal } : {},
  );
}
