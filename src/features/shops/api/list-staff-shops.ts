import { type StaffShopQuery, shopDetailPageSchema } from '../../../../contracts/shops.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/staff/shops (staff): every shop, by name or company and status, 50 a page. */
export function listStaffShops(query: StaffShopQuery, signal?: AbortSignal) {
  return call(
    shopDetailPageSchema,
    { method: 'GET', path: '/api/staff/shops', query },
    signal ? { signal } : {},
  );
}
