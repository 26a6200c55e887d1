import { advertisementSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/advertisements/{id}/submit: 下書き or 差し戻し -> 審査中. */
export function submitAdvertisement(adId: number) {
  const id = requireId(adId);
  return call(advertisementSchema, { method: 'POST', path: `/api/advertisements/${id}/submit` });
}
