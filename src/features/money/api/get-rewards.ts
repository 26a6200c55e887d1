import { rewardsSchema } from '../../../../contracts/advertisements.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * GET /api/rewards (served by the support requests feature): the credited rewards, newest first, a page
 * at a time (`cursor`: the page before's `next_cursor`).
 */
export function getRewards(signal?: AbortSignal, cursor?: number) {
  return call(
    rewardsSchema,
    { method: 'GET', path: '/api/rewards', query: cursor ? { cursor: String(cursor) } : {} },
    signal ? { signal } : {},
  );
}
