import { batchDetailSchema } from '../../../../contracts/money.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/payments/lines/{id}/failed (admin): the bank returned the transfer; the amount is credited back. */
export function markLineFailed(lineId: number, note: string) {
  const id = requireId(lineId);
  return call(batchDetailSchema, {
    method: 'POST',
    path: `/api/payments/lines/${id}/failed`,
    body: { note },
  });
}
