import { createdShrinkerSchema, type CreateShrinker } from '../../../../contracts/shortener.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/shrinkers (staff): {url} -> {id, code, short_url}. The form shows the result and the errors, so no toast. */
export function createShrinker(body: CreateShrinker) {
  return call(createdShrinkerSchema, { method: 'POST', path: '/api/shrinkers', body }, { quiet: true });
}
