import { publicIndexPictureListSchema } from '../../../../contracts/index-pictures.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/random-index-pictures: the active top-page pictures in random order. A quiet read. */
export function getRandomIndexPictures(signal?: AbortSignal) {
  return call(
    publicIndexPictureListSchema,
    { method: 'GET', path: '/api/random-index-pictures' },
    { quiet: true, ...(signal ? { signal } : {}) },
  );
}
