import { messageResponseSchema } from '../../../../contracts/common.ts';
import {
  indexPictureListSchema,
  indexPictureSchema,
  type UpdateIndexPicture,
} from '../../../../contracts/index-pictures.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/index-pictures (staff): every picture in its order. */
export function listIndexPictures(signal?: AbortSignal) {
  return call(
    indexPictureListSchema,
    { method: 'GET', path: '/api/index-pictures' },
    signal ? { signal } : {},
  );
}

/** POST /api/index-pictures (staff, multipart): one image and its alt text. */
export function uploadIndexPicture(file: File, alt: string) {
  const body = new FormData();
  body.append('alt', alt);
  body.append('image', file);
  return call(indexPictureSchema, { method: 'POST', path: '/api/index-pictures', body });
}

/** PUT /api/index-pictures/{id} (staff): the alt text or on/off. */
export function updateIndexPicture(pictureId: number, body: UpdateIndexPicture) {
  const id = requireId(pictureId);
  return call(indexPictureSchema, { method: 'PUT', path: `/api/index-pictures/${id}`, body });
}

/** PUT /api/index-pictures/order (staff): every id, in the new order. */
export function orderIndexPictures(ids: number[]) {
  return call(indexPictureListSchema, { method: 'PUT', path: '/api/index-pictures/order', body: { ids } });
}

/** DELETE /api/index-pictures/{id} (staff). */
export function deleteIndexPicture(pictureId: number) {
  const id = requireId(pictureId);
  return call(messageResponseSchema, { method: 'DELETE', path: `/api/index-pictures/${id}` });
}
