import { type AuthResponse, authResponseSchema } from '../../../../contracts/accounts.ts';
import type { LoginProvider } from '../../../../contracts/oauth.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/oauth/{provider}/login: trades the callback's one-time code for the user and a token. */
export function oauthLogin(provider: LoginProvider, code: string): Promise<AuthResponse> {
  return call(authResponseSchema, { method: 'POST', path: `/api/oauth/${provider}/login`, body: { code } });
}
