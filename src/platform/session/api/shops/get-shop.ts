import { requireId } from '../../../lib/ids.ts';
import type { Shop } from '../../../../../contracts/shops.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

/** GET /api/shops/{id} → the shop (section 7). The id rule runs first (section 5). */
export async function getShop(shopId: number, options?: CallOptions): Promise<Shop> {
  const id = requireId(shopId);
  return callLazy(
    () => import('../../../../../contracts/shops.ts').then((m) => m.shopSchema),
    { method: 'GET', path: `/api/shops/${id}` },
    options,
  );
}
