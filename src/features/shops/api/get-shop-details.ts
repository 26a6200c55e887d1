import { shopDetailSchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/shops/{id}/details: the shop with its business details (its people and staff). */
export function getShopDetails(shopId: number, signal?: AbortSignal) {
  const id = requireId(shopId);
  return call(
    shopDetailSchema,
    { method: 'GET', path: `/api/shops/${id}/details` },
    signal ? { signal } : {},
  );
}
