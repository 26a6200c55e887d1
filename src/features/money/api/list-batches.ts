import { batchListSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/payments/batches (staff): every monthly batch, newest month first. */
export function listBatches(signal?: AbortSignal) {
  return call(batchListSchema, { method: 'GET', path: '/api/payments/batches' }, signal ? { signal } : {});
}
