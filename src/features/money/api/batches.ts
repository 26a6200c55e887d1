import { z } from 'zod';
import {
  batchCreatedSchema,
  batchDetailSchema,
  batchListSchema,
  batchSchema,
} from '../../../../contracts/money.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/payments/batches (staff): every monthly batch, newest month first. */
export function listBatches(signal?: AbortSignal) {
  return call(batchListSchema, { method: 'GET', path: '/api/payments/batches' }, signal ? { signal } : {});
}

/** POST /api/payments/batches (admin): builds a month's batch (answers the existing one if built). */
export function buildBatch(month: string) {
  return call(batchCreatedSchema, { method: 'POST', path: '/api/payments/batches', body: { month } });
}

/** GET /api/payments/batches/{id} (staff): a batch and its lines, searched by name, bank or branch. */
export function getBatch(batchId: number, q: string, signal?: AbortSignal) {
  const id = requireId(batchId);
  return call(
    batchDetailSchema,
    { method: 'GET', path: `/api/payments/batches/${id}`, query: q ? { q } : {} },
    signal ? { signal } : {},
  );
}

/** GET /api/payments/batches/{id}/zengin (admin): the Zengin 総合振込 file (Shift_JIS bytes). */
export function downloadZengin(batchId: number) {
  const id = requireId(batchId);
  return call(z.instanceof(Blob), { method: 'GET', path: `/api/payments/batches/${id}/zengin` });
}

/** GET /api/payments/batches/{id}/csv (staff): the batch as CSV for accounting. */
export function downloadCsv(batchId: number) {
  const id = requireId(batchId);
  return call(z.string(), { method: 'GET', path: `/api/payments/batches/${id}/csv` });
}

/** POST /api/payments/batches/{id}/paid (admin): 出力済 -> 支払済, one ledger debit per line. */
export function markPaid(batchId: number) {
  const id = requireId(batchId);
  return call(batchSchema, { method: 'POST', path: `/api/payments/batches/${id}/paid` });
}

/** POST /api/payments/lines/{id}/failed (admin): the bank returned the transfer; the amount is credited back. */
export function markLineFailed(lineId: number, note: string) {
  const id = requireId(lineId);
  return call(batchDetailSchema, {
    method: 'POST',
    path: `/api/payments/lines/${id}/failed`,
    body: { note },
  });
}
