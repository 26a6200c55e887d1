import type { Shop } from '../../../../contracts/shops.ts';
import { callLazy } from '../../../platform/request/request.ts';

/** GET /api/myShops: the shops of the signed-in user's companies (the shop switch at `/`, a first screen). */
export function getMyShops(signal?: AbortSignal): Promise<Shop[]> {
  return callLazy(
    () => import('../../../../contracts/shops.ts').then((m) => m.myShopsResponseSchema),
    { method: 'GET', path: '/api/myShops' },
    signal ? { signal } : {},
  );
}
