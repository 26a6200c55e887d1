import { messageResponseSchema } from '../../../../contracts/common.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/password/reset with the token and e-mail of the mailed link and the new password. */
export async function resetPassword(body: {
  token: string;
  email: string;
  password: string;
}): Promise<string> {
  return (await call(messageResponseSchema, { method: 'POST', path: '/api/password/reset', body })).message;
}
