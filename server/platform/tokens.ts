import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { nowSeconds } from './clock.ts';
import { deriveKey } from './keys.ts';

/**
 * Access tokens (ADR 0010): HS256 JWTs living 15 minutes, each with a token id (jti) and a login id
 * (sid, the refresh family). A token expired less than 24 hours ago (14 days for a login with "remember
 * me", ADR 0017) can be exchanged once for a new one
 * (rotation); presenting an exchanged token again revokes the whole login (reuse detection), except
 * within 30 seconds, when it answers the same new token (two tabs refreshing at once).
 *
 * This file is the cryptography and the clock rules; the families themselves (auth_sessions,
 * auth_tokens) are rows of the accounts feature, which keeps them (features/accounts/sessions.ts).
 */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
/** How long after its expiry a token of a "remember me" login can be refreshed (ADR 0010, ADR 0017). */
export const REFRESH_WINDOW_S = 14 * 24 * 60 * 60;
/** The same for every other login (issue 10: at most 24 hours unless "remember me"). */
export const SHORT_REFRESH_WINDOW_S = 24 * 60 * 60;
export const ROTATION_GRACE_S = 30;

const ISSUER = 'focustar';
const ALG = 'HS256';

export interface TokenClaims {
  sub: string;
  sid: string;
  jti: string;
  iat: number;
  exp: number;
}

/** Verified tokens, so that a token used on many calls pays for its HMAC once. Bounded. */
const VERIFIED_CACHE_MAX = 20_000;

export class TokenSigner {
  /** Derived once: deriving per request costs an HMAC on the hot path of every call. */
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, TokenClaims>();

  constructor(secret: string) {
    this.key = new Uint8Array(deriveKey(secret, 'access-token'));
  }

  /** Fresh claims: a new token id in the family `sid` (a new family when none is given). */
  claimsFor(userId: number | string, sid: string = randomUUID(), iat = nowSeconds()): TokenClaims {
    return { sub: String(userId), sid, jti: randomUUID(), iat, exp: iat + ACCESS_TOKEN_TTL_S };
  }

  /** Signing is deterministic for HS256: the same claims give the same token (used by the grace rule). */
  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(this.key);
  }

  /**
   * Verifies signature and claims. `expiredFor` accepts tokens expired at most that many seconds
   * ago (refresh); 0 enforces the expiry (every other call).
   */
  async verify(token: string, expiredFor = 0): Promise<TokenClaims | null> {
    if (token.length > 2048) return null;
    const cached = this.verified.get(token);
    // Same rule as jose: a token is expired once `exp` is reached (exp <= now - tolerance).
    if (cached) return cached.exp + expiredFor > nowSeconds() ? cached : null;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        issuer: ISSUER,
        clockTolerance: expiredFor,
        requiredClaims: ['sub', 'jti', 'exp', 'iat', 'sid'],
      });
      const { sub, jti, exp, iat, sid } = payload;
      if (typeof sid !== 'string' || !sub || !jti || exp === undefined || iat === undefined) return null;
      if (!/^[0-9]{1,15}$/.test(sub) || !isUuid(jti) || !isUuid(sid)) return null;
      const claims = { sub, jti, exp, iat, sid };
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.clear();
      this.verified.set(token, claims);
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}
