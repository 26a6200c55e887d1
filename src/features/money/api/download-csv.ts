import { z } from 'zod';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/payments/batches/{id}/csv (staff): the batch as CSV for accounting. */
export function downloadCsv(batchId: number) {
  const id = requireId(batchId);
  return call(z.string(), { method: 'GET', path: `/api/payments/batches/${id}/csv` });
}
