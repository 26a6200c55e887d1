import { batchSchema } from '../../../../contracts/money.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/payments/batches/{id}/paid (admin): 出力済 -> 支払済, one ledger debit per line. */
export function markPaid(batchId: number) {
  const id = requireId(batchId);
  return call(batchSchema, { method: 'POST', path: `/api/payments/batches/${id}/paid` });
}
