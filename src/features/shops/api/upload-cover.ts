import { shopDetailSchema } from '../../../../contracts/shops.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/shops/{id}/cover: the cover image as multipart/form-data (JPEG/PNG/WebP, 5 MB). */
export function uploadCover(shopId: number, file: File) {
  const id = requireId(shopId);
  const body = new FormData();
  body.append('cover', file);
  return call(shopDetailSchema, { method: 'POST', path: `/api/shops/${id}/cover`, body });
}
