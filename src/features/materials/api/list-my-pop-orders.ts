import { popOrderListSchema } from '../../../../contracts/pop-orders.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/pop-orders/mine?shop_id=: the selected shop's POP orders, newest first. */
export function listMyPopOrders(shopId: number, signal?: AbortSignal) {
  const shop_id = requireId(shopId);
  return call(
    popOrderListSchema,
    { method: 'GET', path: '/api/pop-orders/mine', query: { shop_id } },
    signal ? { signal } : {},
  );
}
