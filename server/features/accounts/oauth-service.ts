import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { OAUTH_MESSAGES } from '../../../contracts/oauth.ts';
import type { LoginProvider } from '../../../contracts/oauth.ts';
import { now, nowSeconds } from '../../platform/clock.ts';
import { type Db, isUniqueViolation } from '../../platform/db/client.ts';
import { validationError } from '../../platform/http-errors.ts';
import { deriveKey, hmac, safeEqual, sha256 } from '../../platform/keys.ts';
import { OAuthError, type OAuthProfile } from '../../platform/oauth.ts';
import type { AccountsElsewhere } from './elsewhere.ts';
import * as repo from './repo.ts';

/**
 * The account side of social login (ADR 0011): the signed state cookie, finding, creating or linking
 * the account of a provider identity, the one-time login codes, and unlinking. The protocol (PKCE,
 * code exchange, userinfo) is the platform's OAuth client (platform/oauth.ts).
 */
export const STATE_TTL_S = 10 * 60;
const LOGIN_CODE_TTL_MS = 2 * 60 * 1000;

const stateSchema = z.object({
  p: z.string(),
  s: z.string(),
  v: z.string(),
  m: z.enum(['login', 'register']),
  u: z.number().int().positive().nullable(),
  r: z.number().int().positive().nullable(),
  e: z.number().int(),
});
export type OAuthState = z.infer<typeof stateSchema>;

export class OAuthLoginService {
  private readonly stateKey: Buffer;

  constructor(
    private readonly db: Db,
    secret: string,
    /** Other features' rows about a person (the referral favourite), through their services (ADR 0182). */
    private readonly elsewhere: AccountsElsewhere,
  ) {
    this.stateKey = deriveKey(secret, 'oauth-state');
  }

  sealState(state: OAuthState): string {
    const body = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${body}.${hmac(this.stateKey, body)}`;
  }

  openState(value: string | undefined): OAuthState | null {
    if (!value) return null;
    const [body, mac] = value.split('.');
    if (!body || !mac || !safeEqual(hmac(this.stateKey, body), mac)) return null;
    try {
      const parsed = stateSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString()));
      return parsed.success && parsed.data.e >= nowSeconds() ? parsed.data : null;
    } catch {
      return null;
    }
  }

  /** Finds, creates or links the account of a provider identity. Throws OAuthError. */
  async resolveAccount(provider: LoginProvider, profile: OAuthProfile, state: OAuthState): Promise<number> {
    const linked = await repo.findLinkedUser(this.db, provider, profile.id);
    if (state.u) {
      // Linking to the signed-in caller; an identity already linked to someone else is refused.
      if (linked !== null && linked !== state.u) {
        throw new OAuthError('failed', 'identity belongs to another user');
      }
      if (linked === null) await insertSocialAccount(this.db, state.u, provider, profile);
      return state.u;
    }
    if (linked !== null) return linked;
    if (state.m === 'login') throw new OAuthError('notFound', 'no account for this identity');
    return this.createUser(provider, profile, state.r);
  }

  /**
   * Sign-up through a provider. The provider has verified the person, so the account counts as verified
   * (email_verified: true); a verified e-mail from the provider is kept when no other account uses it.
   */
  private async createUser(
    provider: LoginProvider,
    profile: OAuthProfile,
    referralShopId: number | null,
  ): Promise<number> {
    const roleId = await repo.focustarRoleId(this.db);
    const at = now();
    return this.db.transaction(async (tx) => {
      const email =
        profile.email && profile.emailVerified && !(await repo.emailTaken(tx, profile.email))
          ? profile.email
          : null;
      const label = { line: 'LINE', x: 'X', google: 'Google' }[provider];
      const userId = await repo.insertUser(tx, {
        email,
        name: profile.name ?? profile.handle ?? `${label}ユーザー`,
        screenName: `${provider}-${randomBytes(5).toString('hex')}`,
        avatarUrl: profile.picture,
        roleId,
        emailVerifiedAt: at,
        termsAcceptedAt: at,
        createdAt: at,
        updatedAt: at,
      });
      await insertSocialAccount(tx, userId, provider, profile);
      if (referralShopId && (await repo.shopExists(tx, referralShopId))) {
        await this.elsewhere.addFavourite(tx, userId, referralShopId, at);
        await repo.markReferralFavourite(tx, userId);
      }
      return userId;
    });
  }

  /** A one-time code the SPA exchanges for a login (2 minutes, stored hashed). */
  async issueLoginCode(userId: number, provider: LoginProvider): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    const at = now();
    await repo.insertLoginCode(this.db, {
      codeHash: sha256(code),
      userId,
      provider,
      expiresAt: new Date(at.getTime() + LOGIN_CODE_TTL_MS),
      createdAt: at,
    });
    return code;
  }

  /** The user of a valid, unused code (the code is used up), or a 422. */
  async redeemLoginCode(code: string, provider: LoginProvider): Promise<number> {
    const userId = await repo.claimLoginCode(this.db, sha256(code), provider, now());
    const user = userId === null ? null : await repo.loadUser(this.db, userId);
    if (!user) throw validationError({ code: [OAUTH_MESSAGES.oauthCodeInvalid] });
    return user.id;
  }

  /** Unlinks a provider, unless it is the user's last way to log in. */
  async unlink(userId: number, provider: LoginProvider): Promise<void> {
    const result = await this.db.transaction(async (tx) => {
      const row = await repo.lockLoginMethods(tx, userId, provider);
      if (!row || row.thisOne === 0) return 'not-linked' as const;
      if (!row.hasPassword && row.logins - row.thisOne < 1) return 'last' as const;
      await repo.deleteSocialAccount(tx, userId, provider);
      return 'ok' as const;
    });
    if (result === 'not-linked') throw validationError({ provider: [OAUTH_MESSAGES.notLinked] });
    if (result === 'last') throw validationError({ provider: [OAUTH_MESSAGES.lastLoginMethod] });
  }
}

async function insertSocialAccount(db: Db, userId: number, provider: LoginProvider, profile: OAuthProfile) {
  try {
    await repo.insertSocialAccount(db, {
      userId,
      provider,
      providerUserId: profile.id,
      handle: profile.handle ?? profile.name,
      profileUrl: profile.profileUrl,
      // The provider vouches for the identity: nothing for staff to review.
      status: '承認',
      createdAt: now(),
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new OAuthError('failed', 'identity linked concurrently');
    throw err;
  }
}
