import { messageResponseSchema } from '../../../../contracts/common.ts';
import { call } from '../../../platform/request/request.ts';

/**
 * POST /api/leave: accounts with a password confirm it; an unpaid balance needs `accept_unpaid_balance`
 * (the server names the amount in a 422 until then, ADR 0095). The screen shows the answer.
 */
export function leave(body: { password?: string; accept_unpaid_balance?: boolean }) {
  return call(messageResponseSchema, { method: 'POST', path: '/api/leave', body }, { quiet: true });
}
