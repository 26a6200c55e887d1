import { advertisementSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/advertisements/{id}/approve (staff): 審査中 -> 配信中, offers go out. */
export function approveAdvertisement(adId: number) {
  const id = requireId(adId);
  return call(advertisementSchema, { method: 'POST', path: `/api/advertisements/${id}/approve` });
}

/** POST /api/advertisements/{id}/reject (staff): 審査中 -> 差し戻し with a reason. */
export function sendBackAdvertisement(adId: number, reason: string) {
  const id = requireId(adId);
  return call(advertisementSchema, {
    method: 'POST',
    path: `/api/advertisements/${id}/reject`,
    body: { reason },
  });
}
