import {
  adminPopOrderListSchema,
  type AdminPopOrdersQuery,
  type PopOrderStatus,
  updatedPopOrderSchema,
} from '../../../../contracts/pop-orders.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/pop-orders (staff): every POP order, newest first, 50 a page. */
export function listPopOrders(query: AdminPopOrdersQuery) {
  return call(adminPopOrderListSchema, { method: 'GET', path: '/api/pop-orders', query });
}

/** PUT /api/pop-orders/{id} (staff): 受付 -> 発送済 (mails the orderer) or back; the message is a toast. */
export function setPopOrderStatus(orderId: number, status: PopOrderStatus) {
  const id = requireId(orderId);
  return call(updatedPopOrderSchema, { method: 'PUT', path: `/api/pop-orders/${id}`, body: { status } });
}
