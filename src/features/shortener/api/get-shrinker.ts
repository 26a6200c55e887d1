import { shrinkerDetailSchema } from '../../../../contracts/shortener.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/shrinkers/{id} (staff): one link with its clicks per Japan day for the last 30 days. */
export function getShrinker(shrinkerId: number, signal?: AbortSignal) {
  const id = requireId(shrinkerId);
  return call(
    shrinkerDetailSchema,
    { method: 'GET', path: `/api/shrinkers/${id}` },
    signal ? { signal } : {},
  );
}
