import { type SupporterListQuery, supporterPageSchema } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/users (staff): supporters with search, filters and sort, 50 a page with a keyset cursor. */
export function listSupporters(query: SupporterListQuery, signal?: AbortSignal) {
  return call(supporterPageSchema, { method: 'GET', path: '/api/users', query }, signal ? { signal } : {});
}
