import type { ChangeEmailRequest } from '../../../../contracts/accounts.ts';
import { messageResponseSchema } from '../../../../contracts/common.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/email: a verification link goes to the new address (ADR 0093). The form shows the answer. */
export function changeEmail(body: ChangeEmailRequest) {
  return call(messageResponseSchema, { method: 'PUT', path: '/api/email', body }, { quiet: true });
}
