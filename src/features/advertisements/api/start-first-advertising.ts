import { advertisementSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/first-advertising: the first-advertising package's draft (once per shop). */
export function startFirstAdvertising(shopId: number) {
  return call(advertisementSchema, {
    method: 'POST',
    path: '/api/first-advertising',
    body: { shop_id: requireId(shopId) },
  });
}
