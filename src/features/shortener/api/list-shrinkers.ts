import { type ShrinkerListQuery, shrinkerListSchema } from '../../../../contracts/shortener.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/shrinkers (staff): the shortener's links with their total clicks, newest first, 50 a page. */
export function listShrinkers(query: ShrinkerListQuery, signal?: AbortSignal) {
  return call(shrinkerListSchema, { method: 'GET', path: '/api/shrinkers', query }, signal ? { signal } : {});
}
