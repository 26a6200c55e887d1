import { shopDetailPageSchema } from '../../../../contracts/shops.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * GET /api/staff/shops?q= (staff): shops by name or company, for choosing the recruitment's shop.
 * The shops feature owns the route; this feature calls it through its own file (ADR 0007).
 */
export function searchStaffShops(q: string, signal?: AbortSignal) {
  return call(
    shopDetailPageSchema,
    { method: 'GET', path: '/api/staff/shops', query: q ? { q } : {} },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
