import { z } from 'zod';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/payments/batches/{id}/zengin (admin): the Zengin 総合振込 file (Shift_JIS bytes). */
export function downloadZengin(batchId: number) {
  const id = requireId(batchId);
  return call(z.instanceof(Blob), { method: 'GET', path: `/api/payments/batches/${id}/zengin` });
}
