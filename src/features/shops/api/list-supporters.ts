import { shopSupporterPageSchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/shops/{id}/supporters: the shop's supporters, newest first, 50 a page. */
export function listSupporters(shopId: number, cursor: string | null, signal?: AbortSignal) {
  const id = requireId(shopId);
  return call(
    shopSupporterPageSchema,
    { method: 'GET', path: `/api/shops/${id}/supporters`, ...(cursor ? { query: { cursor } } : {}) },
    signal ? { signal } : {},
  );
}
