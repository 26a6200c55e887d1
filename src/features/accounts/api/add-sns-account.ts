import { type AddSnsAccount, snsAccountSchema } from '../../../../contracts/supporters.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/social-accounts: adds an account by platform and handle; it starts 審査中. */
export function addSnsAccount(body: AddSnsAccount) {
  return call(snsAccountSchema, { method: 'POST', path: '/api/social-accounts', body });
}
