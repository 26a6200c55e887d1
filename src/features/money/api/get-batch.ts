import { batchDetailSchema } from '../../../../contracts/money.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * GET /api/payments/batches/{id} (staff): a batch and one page of its lines (searched by name, bank or
 * branch); `cursor` is the page before's `next_cursor`.
 */
export function getBatch(batchId: number, q: string, signal?: AbortSignal, cursor?: number) {
  const id = requireId(batchId);
  return call(
    batchDetailSchema,
    {
      method: 'GET',
      path: `/api/payments/batches/${id}`,
      query: { ...(q ? { q } : {}), ...(cursor ? { cursor: String(requireId(cursor)) } : {}) },
    },
    signal ? { signal } : {},
  );
}
