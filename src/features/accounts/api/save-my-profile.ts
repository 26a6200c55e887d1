import { profileSchema, type UpdateProfile } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/users/me/profile: saves the profile and raises savedFirstProfile. */
export function saveMyProfile(body: UpdateProfile) {
  return call(profileSchema, { method: 'PUT', path: '/api/users/me/profile', body });
}
