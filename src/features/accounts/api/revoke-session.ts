import { messageResponseSchema } from '../../../../contracts/common.ts';
import { call } from '../../../platform/request/request.ts';

/** DELETE /api/sessions/{sessionId}: ends one login of the user (a UUID, not a record id). The message is a toast. */
export function revokeSession(sessionId: string) {
  return call(messageResponseSchema, {
    method: 'DELETE',
    path: `/api/sessions/${encodeURIComponent(sessionId)}`,
  });
}
