import type { ChangePasswordRequest } from '../../../../contracts/accounts.ts';
import { messageResponseSchema } from '../../../../contracts/common.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/password: the current and the new password; the other logins end (ADR 0093). The form shows the answer. */
export function changePassword(body: ChangePasswordRequest) {
  return call(messageResponseSchema, { method: 'PUT', path: '/api/password', body }, { quiet: true });
}
