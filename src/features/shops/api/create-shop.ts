import { type ShopCreateRequest, shopDetailSchema } from '../../../../contracts/shops.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/shops: a shop of one of the user's companies; it waits for the staff review. */
export function createShop(body: ShopCreateRequest) {
  return call(shopDetailSchema, { method: 'POST', path: '/api/shops', body });
}
