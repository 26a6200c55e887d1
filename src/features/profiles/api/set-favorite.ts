import { favoriteStateSchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST / DELETE /api/shops/{id}/favorite: the follow button of a shop's page (issue 12). */
export function setFavorite(shopId: number, follow: boolean) {
  const id = requireId(shopId);
  return call(favoriteStateSchema, {
    method: follow ? 'POST' : 'DELETE',
    path: `/api/shops/${id}/favorite`,
  });
}
