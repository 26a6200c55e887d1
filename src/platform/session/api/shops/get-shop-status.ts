import { requireId } from '../../../lib/ids.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

/** GET /api/shops/{id}/status → the latest review status (section 7; the path is ours, ADR 0022). */
export async function getShopStatus(shopId: number, options?: CallOptions): Promise<{ status: string }> {
  const id = requireId(shopId);
  return callLazy(
    () => import('../../../../../contracts/shops.ts').then((m) => m.shopStatusSchema),
    { method: 'GET', path: `/api/shops/${id}/status` },
    options,
  );
}
