import type { Db } from '../../platform/db/client.ts';
import { nowSeconds } from '../../platform/clock.ts';
import { LookupBatcher } from '../../platform/db/batch.ts';
import { hotQuery } from '../../platform/db/client.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import {
  REFRESH_WINDOW_S,
  ROTATION_GRACE_S,
  SHORT_REFRESH_WINDOW_S,
  type TokenClaims,
  TokenSigner,
} from '../../platform/tokens.ts';
import * as repo from './repo.ts';

export interface Authenticated {
  auth: AuthContext;
  /** The presented user as JSON text (USER_JSON), when asked for: one round trip for both. */
  userJson: string | null;
}

/** What the bearer check reads of a token: its id, its login and its user (all from the signed claims). */
interface TokenKey {
  jti: string;
  sid: string;
  uid: number;
}
const tokenKeyId = (key: TokenKey) => `${key.jti} ${key.sid} ${key.uid}`;

interface TokenCheck {
  priority: number;
  userJson: string | null;
}

const at = (seconds: number) => new Date(seconds * 1000);
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Logins as refresh families (ADR 0010): one auth_sessions row per login, one auth_tokens row per
 * access token. The JWT itself is the platform's (TokenSigner); the rows and their rules are here.
 */
export class SessionService {
  readonly signer: TokenSigner;

  constructor(
    secret: string,
    private readonly db: Db,
  ) {
    this.signer = new TokenSigner(secret);
  }

  /** Starts a login (a refresh family) and answers its first access token. */
  async issue(userId: number, userAgent: string | undefined, remember = false): Promise<string> {
    const claims = this.signer.claimsFor(userId);
    await this.db.transaction(async (tx) => {
      await repo.insertLogin(
        tx,
        {
          id: claims.sid,
          userId,
          userAgent: userAgent?.slice(0, 500) ?? null,
          remember,
          createdAt: at(claims.iat),
        },
        { jti: claims.jti, sessionId: claims.sid, issuedAt: at(claims.iat), expiresAt: at(claims.exp) },
      );
    });
    return this.signer.sign(claims);
  }

  /**
   * The bearer check of every signed-in call: signature and expiry in memory, then an indexed read of
   * revocation and the user's current role (a role change applies at once). With `withUser` the same
   * read also builds the whole user presenter (GET /api/me and friends). The reads of the calls that
   * arrive together go to the database as one query (ADR 0153).
   */
  async authenticate(token: string, withUser = false): Promise<Authenticated | null> {
    const claims = await this.signer.verify(token);
    if (!claims) return null;
    const key = { jti: claims.jti, sid: claims.sid, uid: Number(claims.sub) };
    const row = await (withUser ? this.checksWithUser : this.checks).get(key);
    if (!row) return null;
    return {
      auth: { userId: key.uid, priority: row.priority, sessionId: claims.sid, jti: claims.jti },
      userJson: withUser ? row.userJson : null,
    };
  }

  private readonly checks = new LookupBatcher<TokenKey, TokenCheck>(
    (keys) => this.check(keys, false),
    tokenKeyId,
  );
  private readonly checksWithUser = new LookupBatcher<TokenKey, TokenCheck>(
    (keys) => this.check(keys, true),
    tokenKeyId,
  );

  /** One query for the tokens of a batch, answered in their order (null: not signed in). */
  private async check(keys: TokenKey[], withUser: boolean): Promise<(TokenCheck | null)[]> {
    // Epoch seconds, not a Date: cheaper to send on every call.
    const graceStart = nowSeconds() - ROTATION_GRACE_S;
    const rows = await hotQuery(
      this.db,
      withUser ? 'auth_with_user' : 'auth',
      withUser ? repo.AUTH_WITH_USER_QUERY : repo.AUTH_QUERY,
      [JSON.stringify(keys.map((key, i) => ({ i, ...key }))), graceStart],
    );
    const out: (TokenCheck | null)[] = keys.map(() => null);
    for (const row of rows) {
      out[Number(row.i)] = {
        priority: Number(row.priority),
        userJson: withUser ? String(row.user_json) : null,
      };
    }
    return out;
  }

  /** POST /api/refresh: the rotation, reuse detection and grace rules of ADR 0010. Null means 401. */
  async refresh(token: string): Promise<string | null> {
    const claims = await this.signer.verify(token, REFRESH_WINDOW_S);
    if (!claims) return null;
    const now = nowSeconds();
    const outcome = await this.db.transaction(async (tx) => {
      // NOTE: the row lock makes two concurrent refreshes of one token run one after the other, so
      // the second sees the first's rotation and takes the grace path instead of minting a second token.
      const current = await repo.lockToken(tx, claims.jti, claims.sid);
      if (!current || current.revokedAt) return null;
      const session = await repo.findSession(tx, claims.sid);
      if (!session || session.revokedAt || String(session.userId) !== claims.sub) return null;
      // The signature check accepted the longest window; a login without "remember me" gets 24 hours.
      if (!session.remember && claims.exp + SHORT_REFRESH_WINDOW_S <= now) return null;
      if (!(await repo.userAlive(tx, session.userId))) return null;

      if (current.refreshedAt) {
        const sinceRefresh = now - seconds(current.refreshedAt);
        if (sinceRefresh <= ROTATION_GRACE_S && current.replacedBy) {
          const next = await repo.findToken(tx, current.replacedBy);
          if (next && !next.revokedAt) {
            return {
              sub: claims.sub,
              sid: claims.sid,
              jti: next.jti,
              iat: seconds(next.issuedAt),
              exp: seconds(next.expiresAt),
            } satisfies TokenClaims;
          }
        }
        // Reuse of a rotated token: someone else holds a copy. End the whole login.
        await repo.revokeSession(tx, claims.sid, 'refresh-token-reuse', at(now));
        return 'reused' as const;
      }

      const next = this.signer.claimsFor(claims.sub, claims.sid, now);
      await repo.insertToken(tx, {
        jti: next.jti,
        sessionId: claims.sid,
        issuedAt: at(next.iat),
        expiresAt: at(next.exp),
      });
      await repo.markRefreshed(tx, claims.jti, at(now), next.jti);
      return next;
    });
    if (!outcome || outcome === 'reused') return null;
    return this.signer.sign(outcome);
  }

  /** Logout: the login ends at once, for this token and every token refreshed from it. */
  revokeSession(sessionId: string, reason: string): Promise<void> {
    return repo.revokeSession(this.db, sessionId, reason, at(nowSeconds()));
  }

  /** The user's living logins (GET /api/sessions): not revoked and still renewable. */
  async list(userId: number, currentSessionId: string) {
    const now = nowSeconds();
    const rows = await repo.listSessions(this.db, userId);
    return rows
      .filter(
        (r) => seconds(r.tokenExpiresAt) + (r.remember ? REFRESH_WINDOW_S : SHORT_REFRESH_WINDOW_S) > now,
      )
      .map((r) => ({
        id: r.id,
        user_agent: r.userAgent,
        remember: r.remember,
        created_at: r.createdAt.toISOString(),
        last_active_at: r.lastActiveAt.toISOString(),
        current: r.id === currentSessionId,
      }));
  }

  /** Ends one login of the user (DELETE /api/sessions/{sessionId}); false when it is not the user's. */
  revokeOwn(userId: number, sessionId: string): Promise<boolean> {
    return repo.revokeOwnSession(this.db, userId, sessionId, 'revoked-by-user', at(nowSeconds()));
  }

  /** Signs a user out everywhere (password reset, leave). */
  revokeAllForUser(userId: number, reason: string, db: Db = this.db): Promise<void> {
    return repo.revokeUserSessions(db, userId, reason, at(nowSeconds()));
  }
}
