import { entrySchema, type PostReject } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/entries/{id}/reject (the shop or staff): the post is not accepted; 投稿済 -> 体験済 (ADR 0083). */
export function rejectPost(entryId: number, body: PostReject) {
  return call(entrySchema, { method: 'POST', path: `/api/entries/${requireId(entryId)}/reject`, body });
}
