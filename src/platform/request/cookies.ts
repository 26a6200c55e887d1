import { OAUTH_MODE_COOKIE } from '../../../contracts/values.ts';

/** Reads one cookie from a `document.cookie` string. */
export function readCookie(name: string, cookieString: string | null = currentCookies()): string | null {
  if (!cookieString) return null;
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

function currentCookies(): string | null {
  return typeof document === 'undefined' ? null : document.cookie;
}

/** Seed spec section 9: OAuth cookies last 1 day, secure, strict same-site, host-prefixed. */
export const OAUTH_COOKIE_MAX_AGE = 60 * 60 * 24;

export function oauthModeCookie(mode: 'login' | 'register'): string {
  return `${OAUTH_MODE_COOKIE}=${mode}; Max-Age=${OAUTH_COOKIE_MAX_AGE}; Path=/; Secure; SameSite=Strict`;
}

/** Section 4: "store the mode cookie (default login)". */
export function storeOAuthMode(mode: 'login' | 'register' = 'login'): void {
  // NOTE: document.cookie on purpose: the Cookie Store API is missing in Firefox; the string is built in one place
  if (typeof document !== 'undefined') document.cookie = oauthModeCookie(mode);
}
