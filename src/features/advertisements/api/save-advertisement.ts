import { type AdFields, advertisementSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/advertisements (a new draft of a shop) or PUT /api/advertisements/{id} (the draft's fields). */
export function saveAdvertisement(shopId: number, adId: number | null, fields: AdFields) {
  if (adId === null) {
    return call(advertisementSchema, {
      method: 'POST',
      path: '/api/advertisements',
      body: { shop_id: requireId(shopId), ...fields },
    });
  }
  const id = requireId(adId);
  return call(advertisementSchema, { method: 'PUT', path: `/api/advertisements/${id}`, body: fields });
}
