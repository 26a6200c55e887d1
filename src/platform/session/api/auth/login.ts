import type { User } from '../../../../../contracts/accounts.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

export interface LoginCredentials {
  email: string;
  password: string;
  recaptchaToken?: string | null;
}

/**
 * POST /api/login (section 7): the reCAPTCHA token travels as `g-recaptcha-response` (section 5).
 * No refresh-and-retry: there is no session yet.
 */
export async function login(
  credentials: LoginCredentials,
  options?: CallOptions,
): Promise<{ user: User; access_token: string }> {
  const body: Record<string, string> = { email: credentials.email, password: credentials.password };
  if (credentials.recaptchaToken) body['g-recaptcha-response'] = credentials.recaptchaToken;
  return callLazy(
    () => import('../../../../../contracts/accounts.ts').then((m) => m.authResponseSchema),
    { method: 'POST', path: '/api/login', body },
    { retry: false, ...options },
  );
}
