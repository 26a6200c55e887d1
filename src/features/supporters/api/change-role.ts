import { type RoleChange, roleChangeResponseSchema } from '../../../../contracts/supporters.ts';
import { requireId } from '../../../platform/lib/ids.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/users/{id}/role (admins only, issue 24): admin, staff or focustar. */
export function changeRole(userId: number, body: RoleChange) {
  const id = requireId(userId);
  return call(roleChangeResponseSchema, { method: 'PUT', path: `/api/users/${id}/role`, body });
}
