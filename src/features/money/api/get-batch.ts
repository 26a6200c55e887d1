import { batchDetailSchema } from '../../../../contracts/money.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/payments/batches/{id} (staff): a batch and its lines, searched by name, bank or branch. */
export function getBatch(batchId: number, q: string, signal?: AbortSignal) {
  const id = requireId(batchId);
  return call(
    batchDetailSchema,
    { method: 'GET', path: `/api/payments/batches/${id}`, query: q ? { q } : {} },
    signal ? { signal } : {},
  );
}
