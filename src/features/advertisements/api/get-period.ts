import { adPeriodSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/advertisements/{id}/period (public): the shop and the period of an ended request. */
export function getPeriod(adId: number, signal: AbortSignal) {
  const id = requireId(adId);
  // quiet: a request that is not found (or not ended) shows the general page, no error toast.
  return call(
    adPeriodSchema,
    { method: 'GET', path: `/api/advertisements/${id}/period` },
    { signal, quiet: true },
  );
}
