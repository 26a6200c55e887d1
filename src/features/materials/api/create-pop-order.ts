import { type CreatePopOrder, popOrderReceiptSchema } from '../../../../contracts/pop-orders.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * POST /api/pop-orders: orders printed POP stands for the selected shop. The prefecture may still be
 * unchosen (''): the server answers that field's message. The form shows the result, so no toast.
 */
export function createPopOrder(body: Omit<CreatePopOrder, 'prefecture'> & { prefecture: string }) {
  return call(popOrderReceiptSchema, { method: 'POST', path: '/api/pop-orders', body }, { quiet: true });
}
