import { blobSchema, svgSchema } from '../../../../contracts/materials.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/materials/{shopId}/qr.svg: the referral QR code as SVG text. */
export function getQrSvg(shopId: number, signal?: AbortSignal) {
  const id = requireId(shopId);
  return call(svgSchema, { method: 'GET', path: `/api/materials/${id}/qr.svg` }, signal ? { signal } : {});
}

/** GET /api/materials/{shopId}/qr.png or pop.pdf: a file to save. */
export function getMaterialFile(shopId: number, file: 'qr.png' | 'pop.pdf') {
  const id = requireId(shopId);
  return call(blobSchema, { method: 'GET', path: `/api/materials/${id}/${file}` });
}
