import type { PublicIndexPicture } from '../../../../contracts/index-pictures.ts';
import { callLazy } from '../../../platform/request/request.ts';

/**
 * GET /api/random-index-pictures: the active top-page pictures in random order. A quiet read. The
 * contract (and zod with it) is loaded beside the request, not before the first paint (ADR 0038).
 */
export function getRandomIndexPictures(signal?: AbortSignal): Promise<{ items: PublicIndexPicture[] }> {
  return callLazy(
    () => import('../../../../contracts/index-pictures.ts').then((m) => m.publicIndexPictureListSchema),
    { method: 'GET', path: '/api/random-index-pictures' },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
