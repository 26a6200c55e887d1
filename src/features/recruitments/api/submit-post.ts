import { entrySchema, type PostSubmit } from '../../../../contracts/recruitments.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/entries/{id}/post (the winner): the post's URL; 体験済 -> 投稿済. */
export function submitPost(entryId: number, body: PostSubmit) {
  return call(entrySchema, { method: 'POST', path: `/api/entries/${requireId(entryId)}/post`, body });
}
