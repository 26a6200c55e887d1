import { advertisementSchema } from '../../../../contracts/advertisements.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * POST /api/advertisements/{id}/images (multipart, field `images`): adds up to 4 images (JPEG, PNG or
 * WebP, 5 MB each) to a draft through the storage service; answers the request with its `image_urls`.
 */
export function uploadAdImages(adId: number, files: readonly Blob[]) {
  const id = requireId(adId);
  const body = new FormData();
  for (const file of files) body.append('images', file);
  return call(advertisementSchema, { method: 'POST', path: `/api/advertisements/${id}/images`, body });
}
