import { requireId } from '../../lib/ids.ts';
import { type Shop, shopSchema } from '../contracts/auth.ts';
import { type CallOptions, parseAnswer, request } from '../request.ts';

/** POST /api/shops/{id}/login → the shop the user now acts as (section 7). */
export async function loginShop(shopId: number, options?: CallOptions): Promise<Shop> {
  const id = requireId(shopId);
  return parseAnswer(shopSchema, await request({ method: 'POST', path: `/api/shops/${id}/login` }, options));
}
