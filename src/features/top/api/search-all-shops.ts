import { shopDetailPageSchema } from '../../../../contracts/shops.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/staff/shops (staff): every shop by name, ID or company, so staff can enter any shop. */
export function searchAllShops(q: string, signal?: AbortSignal) {
  return call(
    shopDetailPageSchema,
    { method: 'GET', path: '/api/staff/shops', query: q ? { q } : {} },
    signal ? { signal } : {},
  );
}
