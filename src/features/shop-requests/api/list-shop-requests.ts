import type { HandlingListQuery } from '../../../../contracts/common.ts';
import { shopRequestListSchema } from '../../../../contracts/shop-requests.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/shop-request (staff): shop requests, newest first, 50 a page. */
export function listShopRequests(query: HandlingListQuery) {
  return call(shopRequestListSchema, { method: 'GET', path: '/api/shop-request', query });
}
