import { rewardsSchema } from '../../../../contracts/advertisements.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/rewards (served by the support requests feature): the credited rewards, newest first. */
export function getRewards(signal?: AbortSignal) {
  return call(rewardsSchema, { method: 'GET', path: '/api/rewards' }, signal ? { signal } : {});
}
