import { rewardsSchema } from '../../../../contracts/advertisements.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/rewards: the supporter's balance, pending rewards and latest entries. */
export function getRewards(signal?: AbortSignal) {
  return call(rewardsSchema, { method: 'GET', path: '/api/rewards' }, signal ? { signal } : {});
}
