import { batchCreatedSchema } from '../../../../contracts/money.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/payments/batches (admin): builds a month's batch (answers the existing one if built). */
export function buildBatch(month: string) {
  return call(batchCreatedSchema, { method: 'POST', path: '/api/payments/batches', body: { month } });
}
