import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { type Db, rowsOf } from '../db/client.ts';
import { authSessions, authTokens } from '../db/schema.ts';
import type { AuthContext } from '../plugins/access.ts';
import { nowSeconds } from './clock.ts';
import { deriveKey } from './keys.ts';
import { hotQuery, USER_JSON, USER_JSON_JOINS } from './users.ts';

/**
 * Access tokens (ADR 0010): HS256 JWTs living 15 minutes, each with a token id (jti) recorded in
 * auth_tokens and a login id (sid) in auth_sessions. A token expired less than 14 days ago can be
 * exchanged once for a new one (rotation); presenting an exchanged token again revokes the whole
 * login (reuse detection), except within 30 seconds, when it answers the same new token (two tabs
 * refreshing at once).
 */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_WINDOW_S = 14 * 24 * 60 * 60;
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

export interface Authenticated {
  auth: AuthContext;
  /** The presented user as JSON text (USER_JSON), when asked for: one round trip for both. */
  userJson: string | null;
}

const AUTH_FROM = `
  from auth_tokens t
  join auth_sessions s on s.id = t.session_id
  join users u on u.id = s.user_id
  join roles r on r.id = u.role_id
  %JOINS%
  where t.jti = $1 and s.id = $2 and s.user_id = $3
    and t.revoked_at is null and s.revoked_at is null and u.deleted_at is null
    and (t.refreshed_at is null or t.refreshed_at > to_timestamp($4::bigint))`;
const AUTH_QUERY = `select r.priority ${AUTH_FROM.replace('%JOINS%', '')}`;
const AUTH_WITH_USER_QUERY = `select r.priority, ${USER_JSON} ${AUTH_FROM.replace('%JOINS%', USER_JSON_JOINS)}`;

/** Verified tokens, so that a token used on many calls pays for its HMAC once. Bounded. */
const VERIFIED_CACHE_MAX = 20_000;

export class TokenService {
  /** Derived once: deriving per request costs an HMAC on the hot path of every call. */
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    secret: string,
    private readonly db: Db,
  ) {
    this.key = new Uint8Array(deriveKey(secret, 'access-token'));
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

  /** Starts a login (a refresh family) and answers its first access token. */
  async issue(userId: number, userAgent: string | undefined): Promise<string> {
    const sid = randomUUID();
    const iat = nowSeconds();
    const claims: TokenClaims = {
      sub: String(userId),
      sid,
      jti: randomUUID(),
      iat,
      exp: iat + ACCESS_TOKEN_TTL_S,
    };
    await this.db.transaction(async (tx) => {
      await tx.insert(authSessions).values({
        id: sid,
        userId,
        userAgent: userAgent?.slice(0, 500) ?? null,
        createdAt: new Date(iat * 1000),
      });
      await tx.insert(authTokens).values({
        jti: claims.jti,
        sessionId: sid,
        issuedAt: new Date(iat * 1000),
        expiresAt: new Date(claims.exp * 1000),
      });
    });
    return this.sign(claims);
  }

  /**
   * The bearer check of every signed-in call: signature and expiry in memory, then one indexed query
   * for revocation and the user's current role (a role change applies at once). With `withUser` the
   * same round trip also reads the whole user presenter (GET /api/me and friends).
   */
  async authenticate(token: string, withUser = false): Promise<Authenticated | null> {
    const claims = await this.verify(token);
    if (!claims) return null;
    // Epoch seconds, not a Date: cheaper to send on every call.
    const graceStart = nowSeconds() - ROTATION_GRACE_S;
    const rows = await hotQuery(
      this.db,
      withUser ? 'auth_with_user' : 'auth',
      withUser ? AUTH_WITH_USER_QUERY : AUTH_QUERY,
      [claims.jti, claims.sid, Number(claims.sub), graceStart],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      auth: {
        userId: Number(claims.sub),
        priority: Number(row.priority),
        sessionId: claims.sid,
        jti: claims.jti,
      },
      userJson: withUser ? String(row.user_json) : null,
    };
  }

  /** POST /api/refresh: the rotation, reuse detection and grace rules of ADR 0010. Null means 401. */
  async refresh(token: string): Promise<string | null> {
    const claims = await this.verify(token, REFRESH_WINDOW_S);
    if (!claims) return null;
    const now = nowSeconds();
    const outcome = await this.db.transaction(async (tx) => {
      // NOTE: the row lock makes two concurrent refreshes of one token run one after the other, so
      // the second sees the first's rotation and takes the grace path instead of minting a second token.
      const [current] = await tx
        .select()
        .from(authTokens)
        .where(and(eq(authTokens.jti, claims.jti), eq(authTokens.sessionId, claims.sid)))
        .for('update');
      if (!current || current.revokedAt) return null;
      const [session] = await tx
        .select({ revokedAt: authSessions.revokedAt, userId: authSessions.userId })
        .from(authSessions)
        .where(eq(authSessions.id, claims.sid));
      if (!session || session.revokedAt || String(session.userId) !== claims.sub) return null;
      const userAlive = rowsOf(
        await tx.execute(sql`select 1 from users where id = ${session.userId} and deleted_at is null`),
      );
      if (!userAlive.length) return null;

      if (current.refreshedAt) {
        const sinceRefresh = now - Math.floor(current.refreshedAt.getTime() / 1000);
        if (sinceRefresh <= ROTATION_GRACE_S && current.replacedBy) {
          const [next] = await tx.select().from(authTokens).where(eq(authTokens.jti, current.replacedBy));
          if (next && !next.revokedAt) {
            return {
              sub: claims.sub,
              sid: claims.sid,
              jti: next.jti,
              iat: Math.floor(next.issuedAt.getTime() / 1000),
              exp: Math.floor(next.expiresAt.getTime() / 1000),
            } satisfies TokenClaims;
          }
        }
        // Reuse of a rotated token: someone else holds a copy. End the whole login.
        await tx
          .update(authSessions)
          .set({ revokedAt: new Date(now * 1000), revokedReason: 'refresh-token-reuse' })
          .where(eq(authSessions.id, claims.sid));
        return 'reused' as const;
      }

      const next: TokenClaims = {
        sub: claims.sub,
        sid: claims.sid,
        jti: randomUUID(),
        iat: now,
        exp: now + ACCESS_TOKEN_TTL_S,
      };
      await tx.insert(authTokens).values({
        jti: next.jti,
        sessionId: claims.sid,
        issuedAt: new Date(next.iat * 1000),
        expiresAt: new Date(next.exp * 1000),
      });
      await tx
        .update(authTokens)
        .set({ refreshedAt: new Date(now * 1000), replacedBy: next.jti })
        .where(eq(authTokens.jti, claims.jti));
      return next;
    });
    if (!outcome || outcome === 'reused') return null;
    return this.sign(outcome);
  }

  /** Logout: the login ends at once, for this token and every token refreshed from it. */
  async revokeSession(sessionId: string, reason: string): Promise<void> {
    await this.db
      .update(authSessions)
      .set({ revokedAt: new Date(nowSeconds() * 1000), revokedReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  }

  /** Signs a user out everywhere (password reset, leave). */
  async revokeAllForUser(userId: number, reason: string, db: Db = this.db): Promise<void> {
    await db
      .update(authSessions)
      .set({ revokedAt: new Date(nowSeconds() * 1000), revokedReason: reason })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value);
}
