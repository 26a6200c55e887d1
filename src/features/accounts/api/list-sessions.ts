import { loginSessionsResponseSchema } from '../../../../contracts/accounts.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/sessions: the user's logins (devices), the current one marked (ADR 0017). */
export function listSessions(signal?: AbortSignal) {
  return call(
    loginSessionsResponseSchema,
    { method: 'GET', path: '/api/sessions' },
    signal ? { signal } : {},
  );
}
