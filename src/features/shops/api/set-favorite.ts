import { favoriteStateSchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST / DELETE /api/shops/{id}/favorite: follow or unfollow a shop (both idempotent). */
export function setFavorite(shopId: number, follow: boolean) {
  const id = requireId(shopId);
  return call(favoriteStateSchema, {
    method: follow ? 'POST' : 'DELETE',
    path: `/api/shops/${id}/favorite`,
  });
}
