import { advertisementSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/advertisements/{id}. */
export function getAdvertisement(adId: number, signal?: AbortSignal) {
  const id = requireId(adId);
  return call(
    advertisementSchema,
    { method: 'GET', path: `/api/advertisements/${id}` },
    signal ? { signal } : {},
  );
}
