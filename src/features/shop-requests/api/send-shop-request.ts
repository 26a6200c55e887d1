import { type ShopRequestRequest, shopRequestReceiptSchema } from '../../../../contracts/shop-requests.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * POST /api/shop-request: a supporter recommends a shop; the operators get it, the sender a receipt. The form shows the answer (the receipt, or the
 * errors next to the fields), so no toast repeats it.
 */
export function sendShopRequest(body: ShopRequestRequest) {
  return call(shopRequestReceiptSchema, { method: 'POST', path: '/api/shop-request', body }, { quiet: true });
}
