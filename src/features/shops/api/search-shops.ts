import { type ShopSearchQuery, shopCardPageSchema } from '../../../../contracts/shops.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/shops: published shops by name, area and category, or (type=follow) the followed ones. */
export function searchShops(query: ShopSearchQuery, signal?: AbortSignal) {
  return call(shopCardPageSchema, { method: 'GET', path: '/api/shops', query }, signal ? { signal } : {});
}
