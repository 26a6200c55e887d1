import { requireId } from '../../lib/ids.ts';
import { type Shop, shopSchema } from '../contracts/auth.ts';
import { type CallOptions, parseAnswer, request } from '../request.ts';

/** GET /api/shops/{id} → the shop (section 7). The id rule runs first (section 5). */
export async function getShop(shopId: number, options?: CallOptions): Promise<Shop> {
  const id = requireId(shopId);
  return parseAnswer(shopSchema, await request({ method: 'GET', path: `/api/shops/${id}` }, options));
}
