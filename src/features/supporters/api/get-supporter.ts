import { supporterDetailSchema } from '../../../../contracts/supporters.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/users/{id} (staff): one supporter with SNS accounts and review history. */
export function getSupporter(userId: number, signal?: AbortSignal) {
  const id = requireId(userId);
  return call(supporterDetailSchema, { method: 'GET', path: `/api/users/${id}` }, signal ? { signal } : {});
}
