import { type ShopReviewRequest, shopStatusSchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/shops/{id}/reviews (staff): approve, or reject with a reason; the owner gets a mail. */
export function reviewShop(shopId: number, body: ShopReviewRequest) {
  const id = requireId(shopId);
  return call(shopStatusSchema, { method: 'POST', path: `/api/shops/${id}/reviews`, body });
}
