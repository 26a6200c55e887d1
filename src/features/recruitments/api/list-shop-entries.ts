import { type ShopEntryPage, shopEntryPageSchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/recruitments/{id}/entries (the shop's members and staff): screen names and SNS only. */
export function listShopEntries(
  recruitmentId: number,
  cursor: number | undefined,
  signal?: AbortSignal,
): Promise<ShopEntryPage> {
  const id = requireId(recruitmentId);
  return call(
    shopEntryPageSchema,
    { method: 'GET', path: `/api/recruitments/${id}/entries`, query: { cursor } },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
