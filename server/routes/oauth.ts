import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES as M,
  authResponseSchema,
  type LoginProvider,
  OAUTH_ERROR_COOKIE,
  OAUTH_MODE_COOKIE,
  type OAuthErrorType,
  oauthLoginRequestSchema,
  oauthUrlQuerySchema,
  oauthUrlSchema,
  providerParamsSchema,
  userSchema,
} from '../../src/api/contracts/auth.ts';
import { errorSchema, idParamSchema } from '../../src/api/contracts/common.ts';
import { type Db, rowsOf } from '../db/client.ts';
import { favorites, oauthLoginCodes, shops, socialAccounts, users } from '../db/schema.ts';
import { HttpError, validationError } from '../http-errors.ts';
import type { ZodTypeProvider } from '../plugins/zod.ts';
import { now, nowSeconds } from '../services/clock.ts';
import { deriveKey, hmac, safeEqual, sha256 } from '../services/keys.ts';
import { authorizeUrl, fetchProfile, newPkce, OAuthError, type OAuthProfile } from '../services/oauth.ts';
import { loadUser } from '../services/users.ts';
import { focustarRoleId, isUniqueViolation } from './auth.ts';

/**
 * Social login (ADR 0011). The flow:
 * 1. SPA: GET /api/oauth/{provider}/url?mode=login|register -> { redirect_url }; the answer sets the
 *    signed, HttpOnly `__Host-oauth_state` cookie (state, PKCE verifier, mode; 10 minutes, SameSite=Lax
 *    so that it comes back on the provider's top-level redirect).
 * 2. Provider -> GET /api/oauth/{provider}/callback?code&state: state and PKCE are checked, the code is
 *    exchanged, the account is found (login), created (register) or linked (signed-in caller). The
 *    answer sets the mode and error cookies (1 day, Secure, SameSite=Strict, __Host-) and redirects to
 *    the SPA: `/oauth/{provider}?code=<one-time login code>` or `/oauth/{provider}?error=<type>`.
 * 3. SPA: POST /api/oauth/{provider}/login { code } -> { user, access_token } (single use, 2 minutes).
 */
export const OAUTH_STATE_COOKIE = '__Host-oauth_state';
const STATE_TTL_S = 10 * 60;
const LOGIN_CODE_TTL_MS = 2 * 60 * 1000;
const ONE_DAY_S = 24 * 60 * 60;

const stateSchema = z.object({
  p: z.string(),
  s: z.string(),
  v: z.string(),
  m: z.enum(['login', 'register']),
  u: z.number().int().positive().nullable(),
  r: z.number().int().positive().nullable(),
  e: z.number().int(),
});
type OAuthState = z.infer<typeof stateSchema>;

const urlQuerySchema = oauthUrlQuerySchema.extend({ referral_shop_id: idParamSchema.optional() });

const callbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(200).optional(),
  error: z.string().max(200).optional(),
});

/** Finds, creates or links the account of a provider identity. Throws OAuthError. */
async function resolveAccount(db: Db, provider: LoginProvider, profile: OAuthProfile, state: OAuthState) {
  const [linked] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(
      and(
        eq(socialAccounts.provider, provider),
        eq(socialAccounts.providerUserId, profile.id),
        isNull(users.deletedAt),
      ),
    );
  if (state.u) {
    // Linking to the signed-in caller; an identity already linked to someone else is refused.
    if (linked && linked.userId !== state.u)
      throw new OAuthError('failed', 'identity belongs to another user');
    if (!linked) await insertSocialAccount(db, state.u, provider, profile);
    return state.u;
  }
  if (linked) return linked.userId;
  if (state.m === 'login') throw new OAuthError('notFound', 'no account for this identity');
  return createUser(db, provider, profile, state.r);
}

async function insertSocialAccount(db: Db, userId: number, provider: LoginProvider, profile: OAuthProfile) {
  try {
    await db.insert(socialAccounts).values({
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

/**
 * Sign-up through a provider. The provider has verified the person, so the account counts as verified
 * (email_verified: true); a verified e-mail from the provider is kept when no other account uses it.
 */
async function createUser(
  db: Db,
  provider: LoginProvider,
  profile: OAuthProfile,
  referralShopId: number | null,
) {
  const roleId = await focustarRoleId(db);
  const at = now();
  return db.transaction(async (tx) => {
    let email: string | null = null;
    if (profile.email && profile.emailVerified) {
      const taken = rowsOf(await tx.execute(sql`select 1 from users where lower(email) = ${profile.email}`));
      if (!taken.length) email = profile.email;
    }
    const label = { line: 'LINE', x: 'X', google: 'Google' }[provider];
    const [user] = await tx
      .insert(users)
      .values({
        email,
        name: profile.name ?? profile.handle ?? `${label}ユーザー`,
        screenName: `${provider}-${randomBytes(5).toString('hex')}`,
        avatarUrl: profile.picture,
        roleId,
        emailVerifiedAt: at,
        termsAcceptedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: users.id });
    const userId = user!.id;
    await insertSocialAccount(tx as unknown as Db, userId, provider, profile);
    if (referralShopId) {
      const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, referralShopId));
      if (shop) {
        await tx.insert(favorites).values({ userId, shopId: shop.id, createdAt: at }).onConflictDoNothing();
        await tx
          .update(users)
          .set({ flagStatus: sql`${users.flagStatus} || '{"addedReferralShop": true}'::jsonb` })
          .where(eq(users.id, userId));
      }
    }
    return userId;
  });
}

export const oauthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { providers, tokens } = app.accounts;
  const stateKey = deriveKey(app.env.APP_SECRET, 'oauth-state');
  const callbackUrl = (provider: LoginProvider) =>
    new URL(`/api/oauth/${provider}/callback`, app.env.APP_URL).toString();

  const sealState = (state: OAuthState) => {
    const body = Buffer.from(JSON.stringify(state)).toString('base64url');
    return `${body}.${hmac(stateKey, body)}`;
  };
  const openState = (value: string | undefined): OAuthState | null => {
    if (!value) return null;
    const [body, mac] = value.split('.');
    if (!body || !mac || !safeEqual(hmac(stateKey, body), mac)) return null;
    try {
      const parsed = stateSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString()));
      return parsed.success && parsed.data.e >= nowSeconds() ? parsed.data : null;
    } catch {
      return null;
    }
  };

  /** The cookies of seed spec sections 3 and 9: readable by the SPA, 1 day, Secure, Strict, __Host-. */
  const setOAuthCookie = (reply: FastifyReply, name: string, value: string) =>
    reply.setCookie(name, value, {
      path: '/',
      secure: true,
      sameSite: 'strict',
      httpOnly: false,
      maxAge: ONE_DAY_S,
    });

  const enabled = (provider: LoginProvider) => {
    const config = providers[provider];
    if (!config) throw new HttpError(404, M.providerDisabled);
    return config;
  };

  app.get(
    '/api/oauth/:provider/url',
    {
      config: { access: 'public' },
      schema: {
        params: providerParamsSchema,
        querystring: urlQuerySchema,
        response: { 200: oauthUrlSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request, reply) => {
      const config = enabled(request.params.provider);
      const { verifier, challenge } = newPkce();
      const state: OAuthState = {
        p: config.id,
        s: randomBytes(24).toString('base64url'),
        v: verifier,
        m: request.query.mode,
        u: request.auth?.userId ?? null,
        r: request.query.referral_shop_id ?? null,
        e: nowSeconds() + STATE_TTL_S,
      };
      reply.setCookie(OAUTH_STATE_COOKIE, sealState(state), {
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'lax',
        maxAge: STATE_TTL_S,
      });
      return {
        redirect_url: authorizeUrl(config, {
          state: state.s,
          codeChallenge: challenge,
          redirectUri: callbackUrl(config.id),
        }),
      };
    },
  );

  app.get(
    '/api/oauth/:provider/callback',
    { config: { access: 'public' }, schema: { params: providerParamsSchema } },
    async (request, reply) => {
      const provider = request.params.provider;
      const state = openState(request.cookies[OAUTH_STATE_COOKIE]);
      reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/', secure: true, httpOnly: true, sameSite: 'lax' });
      const fail = (type: OAuthErrorType, reason: string) => {
        request.log.info({ provider, type, reason }, 'oauth callback failed');
        setOAuthCookie(reply, OAUTH_ERROR_COOKIE, type);
        return reply.redirect(`/oauth/${provider}?error=${type}`, 303);
      };
      if (state) setOAuthCookie(reply, OAUTH_MODE_COOKIE, state.m);
      const query = callbackQuerySchema.safeParse(request.query);
      if (!query.success || !state || state.p !== provider || !query.data.state) {
        return fail('invalidCode', 'state missing or malformed');
      }
      if (!safeEqual(state.s, query.data.state)) return fail('invalidCode', 'state mismatch');
      if (query.data.error || !query.data.code)
        return fail('failed', `provider error ${query.data.error ?? ''}`);
      const config = providers[provider];
      if (!config) return fail('failed', 'provider disabled');
      try {
        const profile = await fetchProfile(config, {
          code: query.data.code,
          verifier: state.v,
          redirectUri: callbackUrl(provider),
        });
        const userId = await resolveAccount(app.db, provider, profile, state);
        const code = randomBytes(32).toString('base64url');
        const at = now();
        await app.db.insert(oauthLoginCodes).values({
          codeHash: sha256(code),
          userId,
          provider,
          expiresAt: new Date(at.getTime() + LOGIN_CODE_TTL_MS),
          createdAt: at,
        });
        reply.clearCookie(OAUTH_ERROR_COOKIE, { path: '/', secure: true, sameSite: 'strict' });
        return reply.redirect(`/oauth/${provider}?code=${code}`, 303);
      } catch (err) {
        if (err instanceof OAuthError) return fail(err.type, err.message);
        request.log.error({ err }, 'oauth callback error');
        return fail('failed', 'unexpected error');
      }
    },
  );

  app.post(
    '/api/oauth/:provider/login',
    {
      config: { access: 'public' },
      schema: {
        params: providerParamsSchema,
        body: oauthLoginRequestSchema,
        response: { 200: authResponseSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const at = now();
      const [claimed] = await app.db
        .update(oauthLoginCodes)
        .set({ usedAt: at })
        .where(
          and(
            eq(oauthLoginCodes.codeHash, sha256(request.body.code)),
            eq(oauthLoginCodes.provider, request.params.provider),
            isNull(oauthLoginCodes.usedAt),
            gt(oauthLoginCodes.expiresAt, at),
          ),
        )
        .returning({ userId: oauthLoginCodes.userId });
      const user = claimed ? await loadUser(app.db, claimed.userId) : null;
      if (!claimed || !user) throw validationError({ code: [M.oauthCodeInvalid] });
      const accessToken = await tokens.issue(user.id, request.headers['user-agent']);
      return { user, access_token: accessToken };
    },
  );

  app.delete(
    '/api/oauth/:provider',
    {
      config: { access: 'user' },
      schema: {
        params: providerParamsSchema,
        response: { 200: userSchema, 401: errorSchema, 404: errorSchema, 422: errorSchema },
      },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const provider = request.params.provider;
      const result = await app.db.transaction(async (tx) => {
        const rows = rowsOf(
          await tx.execute(sql`
            select u.password_hash is not null as has_password,
              (select count(*)::int from social_accounts sa
                 where sa.user_id = u.id and sa.provider in ('line', 'x', 'google')) as logins,
              (select count(*)::int from social_accounts sa
                 where sa.user_id = u.id and sa.provider = ${provider}) as this_one
            from users u where u.id = ${userId} for update`),
        );
        const row = rows[0];
        if (!row || Number(row.this_one) === 0) return 'not-linked' as const;
        if (row.has_password !== true && Number(row.logins) - Number(row.this_one) < 1)
          return 'last' as const;
        await tx
          .delete(socialAccounts)
          .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider)));
        return 'ok' as const;
      });
      if (result === 'not-linked') throw validationError({ provider: [M.notLinked] });
      if (result === 'last') throw validationError({ provider: [M.lastLoginMethod] });
      const user = await loadUser(app.db, userId);
      if (!user) throw new HttpError(401, 'Unauthenticated.');
      return user;
    },
  );
};
