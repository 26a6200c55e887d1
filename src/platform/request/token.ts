import { jwtDecode } from 'jwt-decode';

/**
 * Section 3: "The token payload carries an expiry time". The server answers 401 for an expired
 * token as for any other, so the client tells them apart by the `exp` of the token it sent.
 */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = jwtDecode<{ exp?: number }>(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** Expired, or expiring within `skewMs` (clocks differ a little). Undecodable tokens count as expired. */
export function isTokenExpired(token: string, now: number = Date.now(), skewMs = 5_000): boolean {
  const expiry = tokenExpiry(token);
  return expiry === null || expiry - skewMs <= now;
}
