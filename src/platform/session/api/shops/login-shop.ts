import { requireId } from '../../../lib/ids.ts';
import type { Shop } from '../../../../../contracts/shops.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

/** POST /api/shops/{id}/login → the shop the user now acts as (section 7). */
export async function loginShop(shopId: number, options?: CallOptions): Promise<Shop> {
  const id = requireId(shopId);
  return callLazy(
    () => import('../../../../../contracts/shops.ts').then((m) => m.shopSchema),
    { method: 'POST', path: `/api/shops/${id}/login` },
    options,
  );
}
