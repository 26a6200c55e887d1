import type { User } from '../../../../../contracts/accounts.ts';
import { type CallOptions, callLazy } from '../../../request/request.ts';

export interface LoginCredentials {
  email: string;
  password: string;
  recaptchaToken?: string | null;
  /** Issue 10: a "remember me" login stays refreshable for 14 days (else 24 hours). */
  remember?: boolean;
}

/**
 * POST /api/login (section 7): the reCAPTCHA token travels as `g-recaptcha-response` (section 5).
 * No refresh-and-retry: there is no session yet.
 */
export async function login(
  credentials: LoginCredentials,
  options?: CallOptions,
): Promise<{ user: User; access_token: string }> {
  const body: Record<string, string | boolean> = { email: credentials.email, password: credentials.password };
  if (credentials.recaptchaToken) body['g-recaptcha-response'] = credentials.recaptchaToken;
  if (credentials.remember) body.remember = true;
  return callLazy(
    () => import('../../../../../contracts/accounts.ts').then((m) => m.authResponseSchema),
    { method: 'POST', path: '/api/login', body },
    { retry: false, ...options },
  );
}
