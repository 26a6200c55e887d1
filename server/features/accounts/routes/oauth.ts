import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { authResponseSchema, userSchema } from '../../../../contracts/accounts.ts';
import { errorSchema, idParamSchema } from '../../../../contracts/common.ts';
import {
  type LoginProvider,
  OAUTH_ERROR_COOKIE,
  OAUTH_MESSAGES,
  OAUTH_MODE_COOKIE,
  type OAuthErrorType,
  oauthLoginRequestSchema,
  oauthUrlQuerySchema,
  oauthUrlSchema,
  providerParamsSchema,
} from '../../../../contracts/oauth.ts';
import { nowSeconds } from '../../../platform/clock.ts';
import { HttpError } from '../../../platform/http-errors.ts';
import { safeEqual } from '../../../platform/keys.ts';
import { authorizeUrl, fetchProfile, newPkce, OAuthError } from '../../../platform/oauth.ts';
import type { ZodTypeProvider } from '../../../platform/plugins/zod.ts';
import { type OAuthState, STATE_TTL_S } from '../oauth-service.ts';
import { callerOf } from '../setup.ts';

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
const ONE_DAY_S = 24 * 60 * 60;

const urlQuerySchema = oauthUrlQuerySchema.extend({ referral_shop_id: idParamSchema.optional() });

const callbackQuerySchema = z.object({
  code: z.string().min(1).max(2048).optional(),
  state: z.string().min(1).max(200).optional(),
  error: z.string().max(200).optional(),
});

export const oauthRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { providers, oauth, service } = app.accounts;
  const callbackUrl = (provider: LoginProvider) =>
    new URL(`/api/oauth/${provider}/callback`, app.env.APP_URL).toString();

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
    if (!config) throw new HttpError(404, OAUTH_MESSAGES.providerDisabled);
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
      reply.setCookie(OAUTH_STATE_COOKIE, oauth.sealState(state), {
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
      const state = oauth.openState(request.cookies[OAUTH_STATE_COOKIE]);
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
        const userId = await oauth.resolveAccount(provider, profile, state);
        const code = await oauth.issueLoginCode(userId, provider);
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
    async (request, reply) => {
      const userId = await oauth.redeemLoginCode(request.body.code, request.params.provider);
      // Issue 24 shared_device: the device and the address are recorded as for a password login.
      return service.startLogin(userId, callerOf(request, reply));
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
      await oauth.unlink(request.auth!.userId, request.params.provider);
      return service.currentUser(request.auth!.userId);
    },
  );
};
