import { type ShopUpdateRequest, shopDetailSchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/shops/{id}: the shop's profile (raises savedFirstProfile). */
export function updateShop(shopId: number, body: ShopUpdateRequest) {
  const id = requireId(shopId);
  return call(shopDetailSchema, { method: 'PUT', path: `/api/shops/${id}`, body });
}
