import type { Env } from './env.ts';
import { nowSeconds } from './clock.ts';
import { deriveKey, hmac, safeEqual } from './keys.ts';

/**
 * E-mail verification links (ADR 0013): `${APP_URL}/api/email/verify?id=&expires=&signature=`, an
 * HMAC over the user id, the expiry and the address it was sent to, valid 60 minutes. Nothing is
 * stored: a link for an address the user no longer has stops working by itself.
 */
export const VERIFY_LINK_TTL_S = 60 * 60;

export function emailVerificationUrl(env: Env, userId: number, email: string): string {
  const expires = nowSeconds() + VERIFY_LINK_TTL_S;
  const signature = hmac(
    deriveKey(env.APP_SECRET, 'email-verify'),
    `${userId}.${expires}.${email.toLowerCase()}`,
  );
  const url = new URL('/api/email/verify', env.APP_URL);
  url.searchParams.set('id', String(userId));
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', signature);
  return url.toString();
}

export type LinkCheck = 'ok' | 'expired' | 'invalid';

export function checkEmailVerification(
  env: Env,
  params: { id: number; expires: number; signature: string },
  email: string,
): LinkCheck {
  const expected = hmac(
    deriveKey(env.APP_SECRET, 'email-verify'),
    `${params.id}.${params.expires}.${email.toLowerCase()}`,
  );
  if (!safeEqual(expected, params.signature)) return 'invalid';
  return params.expires >= nowSeconds() ? 'ok' : 'expired';
}

/** The SPA page of the reset link: /forgot-password reads `token` and `email` and asks for the new password. */
export function passwordResetUrl(env: Env, token: string, email: string): string {
  const url = new URL('/forgot-password', env.APP_URL);
  url.searchParams.set('token', token);
  url.searchParams.set('email', email);
  return url.toString();
}

/**
 * E-mail change links (issue 16, ADR 0093): `${APP_URL}/api/email/change?id=&email=&expires=&signature=`,
 * an HMAC over the user id, the expiry, the current address and the new one, valid 60 minutes, with a
 * key of its own (a verification link is no change link). Nothing is stored: once the address has
 * changed, or changed otherwise, the link stops working by itself.
 */
export function emailChangeUrl(env: Env, userId: number, currentEmail: string, newEmail: string): string {
  const expires = nowSeconds() + VERIFY_LINK_TTL_S;
  const url = new URL('/api/email/change', env.APP_URL);
  url.searchParams.set('id', String(userId));
  url.searchParams.set('email', newEmail.toLowerCase());
  url.searchParams.set('expires', String(expires));
  url.searchParams.set('signature', emailChangeSignature(env, userId, expires, currentEmail, newEmail));
  return url.toString();
}

function emailChangeSignature(env: Env, userId: number, expires: number, current: string, next: string) {
  return hmac(
    deriveKey(env.APP_SECRET, 'email-change'),
    `${userId}.${expires}.${current.toLowerCase()}.${next.toLowerCase()}`,
  );
}

export function checkEmailChange(
  env: Env,
  params: { id: number; email: string; expires: number; signature: string },
  currentEmail: string,
): LinkCheck {
  const expected = emailChangeSignature(env, params.id, params.expires, currentEmail, params.email);
  if (!safeEqual(expected, params.signature)) return 'invalid';
  return params.expires >= nowSeconds() ? 'ok' : 'expired';
}
