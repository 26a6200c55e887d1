import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginProvider } from '../../src/api/contracts/auth.ts';
import { createMailer, type Mailer } from '../services/mail.ts';
import { type ProviderConfig, providerConfigs } from '../services/oauth.ts';
import { createRecaptcha, type Recaptcha } from '../services/recaptcha.ts';
import { Throttle } from '../services/throttle.ts';
import { TokenService } from '../services/tokens.ts';

/** The account services, created once per app from its env and database. */
export interface Accounts {
  tokens: TokenService;
  mailer: Mailer;
  recaptcha: Recaptcha;
  providers: Partial<Record<LoginProvider, ProviderConfig>>;
  throttles: {
    /** Failed logins per e-mail and IP: more than 5 in a minute answers 429 (issue 5). */
    login: Throttle;
    /** Verification mail resends per user. */
    resend: Throttle;
    /** Reset mails per address: extra requests are dropped silently (the answer stays neutral). */
    passwordMail: Throttle;
    /** Sign-ups and reset requests per IP, against scripted abuse. */
    ip: Throttle;
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: Accounts;
  }
  interface FastifyContextConfig {
    /** The route answers the current user: the token check reads it in the same round trip. */
    loadUser?: boolean;
  }
  interface FastifyRequest {
    /** The current user as JSON text, set by the token check on routes with `config.loadUser`. */
    currentUserJson: string | null;
  }
}

/** `Authorization: Bearer <jwt>`; anything else is no token. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header.trim());
  return match ? match[1]! : null;
}

/** Installs the account services and the real bearer authenticator of the access policy. */
export function installAuth(app: FastifyInstance): void {
  const env = app.env;
  const accounts: Accounts = {
    tokens: new TokenService(env.APP_SECRET, app.db),
    mailer: createMailer(env, app.log),
    recaptcha: createRecaptcha(env, app.log),
    providers: providerConfigs(env),
    throttles: {
      login: new Throttle(5, 60_000),
      resend: new Throttle(1, 60_000),
      passwordMail: new Throttle(1, 60_000),
      ip: new Throttle(20, 10 * 60_000),
    },
  };
  app.decorate('accounts', accounts);
  app.decorateRequest('currentUserJson', null);
  app.authenticator.authenticate = async (request) => {
    const token = bearerToken(request);
    if (!token) return null;
    const result = await accounts.tokens.authenticate(token, request.routeOptions.config.loadUser === true);
    if (!result) return null;
    request.currentUserJson = result.userJson;
    return result.auth;
  };
}
