import { profileSchema } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/users/me/avatar (multipart, field `avatar`): JPEG, PNG or WebP up to 5 MB. */
export function uploadMyAvatar(file: File) {
  const body = new FormData();
  body.append('avatar', file);
  return call(profileSchema, { method: 'PUT', path: '/api/users/me/avatar', body });
}

/** DELETE /api/users/me/avatar: back to the initial. */
export function removeMyAvatar() {
  return call(profileSchema, { method: 'DELETE', path: '/api/users/me/avatar' });
}
