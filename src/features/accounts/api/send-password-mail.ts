import { messageResponseSchema } from '../../../../contracts/common.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/password/email: the same neutral answer whether or not the address is registered. */
export async function sendPasswordMail(email: string): Promise<string> {
  return (await call(messageResponseSchema, { method: 'POST', path: '/api/password/email', body: { email } }))
    .message;
}
