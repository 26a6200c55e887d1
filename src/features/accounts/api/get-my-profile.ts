import { profileSchema } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/users/me/profile: the signed-in user's editable profile. */
export function getMyProfile(signal?: AbortSignal) {
  return call(profileSchema, { method: 'GET', path: '/api/users/me/profile' }, signal ? { signal } : {});
}
