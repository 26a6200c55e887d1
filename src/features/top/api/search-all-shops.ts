import type { ShopDetail } from '../../../../contracts/shops.ts';
import { callLazy } from '../../../platform/request/request.ts';

/**
 * GET /api/staff/shops (staff): every shop by name, shop ID or company name, so staff can enter any
 * shop (the shop switch at `/`). The contract loads beside the request, keeping zod off the first screen.
 */
export function searchAllShops(
  q: string,
  signal?: AbortSignal,
): Promise<{ data: ShopDetail[]; next_cursor: number | null }> {
  return callLazy(
    () => import('../../../../contracts/shops.ts').then((m) => m.shopDetailPageSchema),
    { method: 'GET', path: '/api/staff/shops', query: q ? { q } : {} },
    signal ? { signal } : {},
  );
}
