import type { HandlingUpdate } from '../../../../contracts/common.ts';
import { shopRequestItemSchema } from '../../../../contracts/shop-requests.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/shop-request/{id} (staff): the status and the staff note of one shop request. */
export function updateShopRequest(shopRequestId: number, body: HandlingUpdate) {
  const id = requireId(shopRequestId);
  return call(shopRequestItemSchema, { method: 'PUT', path: `/api/shop-request/${id}`, body });
}
