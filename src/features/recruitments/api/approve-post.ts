import { entrySchema } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/entries/{id}/approve (the shop or staff): the post is fine; 投稿済 -> 完了. */
export function approvePost(entryId: number) {
  return call(entrySchema, { method: 'POST', path: `/api/entries/${requireId(entryId)}/approve` });
}
