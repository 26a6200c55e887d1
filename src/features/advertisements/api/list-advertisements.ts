import { type AdListQuery, advertisementListSchema } from '../../../../contracts/advertisements.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/advertisements: a shop's requests with their counts (staff: every request, by status). */
export function listAdvertisements(query: AdListQuery, signal?: AbortSignal) {
  return call(
    advertisementListSchema,
    { method: 'GET', path: '/api/advertisements', query },
    signal ? { signal } : {},
  );
}
