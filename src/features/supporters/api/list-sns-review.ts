import { snsReviewPageSchema } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/social-accounts/review (staff): accounts waiting for review, oldest first, 50 a page. */
export function listSnsReview(cursor: number | null, signal?: AbortSignal) {
  return call(
    snsReviewPageSchema,
    { method: 'GET', path: '/api/social-accounts/review', ...(cursor ? { query: { cursor } } : {}) },
    signal ? { signal } : {},
  );
}
