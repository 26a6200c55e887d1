import { requireId } from '../../lib/ids.ts';
import { shopStatusSchema } from '../contracts/auth.ts';
import { type CallOptions, parseAnswer, request } from '../request.ts';

/** GET /api/shops/{id}/status → the latest review status (section 7; the path is ours, ADR 0022). */
export async function getShopStatus(shopId: number, options?: CallOptions): Promise<{ status: string }> {
  const id = requireId(shopId);
  return parseAnswer(
    shopStatusSchema,
    await request({ method: 'GET', path: `/api/shops/${id}/status` }, options),
  );
}
