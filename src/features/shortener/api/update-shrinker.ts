import { type UpdateShrinker, updatedShrinkerSchema } from '../../../../contracts/shortener.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/shrinkers/{id} (staff): switch a link off (「掲載は終了しました」) or on again; the answer's message is a toast. */
export function updateShrinker(shrinkerId: number, body: UpdateShrinker) {
  const id = requireId(shrinkerId);
  return call(updatedShrinkerSchema, { method: 'PUT', path: `/api/shrinkers/${id}`, body });
}
