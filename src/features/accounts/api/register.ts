import {
  type AuthResponse,
  authResponseSchema,
  type RegisterRequest,
} from '../../../../contracts/accounts.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/register: sign-up by e-mail (product design section 6) → the new user and its token. */
export function register(body: Omit<RegisterRequest, 'terms'> & { terms: boolean }): Promise<AuthResponse> {
  // The consent box is checked by the server too (422 on `terms`), so an unticked box is sent as it is.
  return call(authResponseSchema, { method: 'POST', path: '/api/register', body });
}
