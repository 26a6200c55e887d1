import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginProvider } from '../../../contracts/oauth.ts';
import { now } from '../../platform/clock.ts';
import { deviceHash, ensureDeviceId } from '../../platform/device.ts';
import { SHARED_WINDOW_MS } from '../../platform/fraud-signals.ts';
import { notify } from '../../platform/notify/outbox.ts';
import { type ProviderConfig, providerConfigs } from '../../platform/oauth.ts';
import { createRecaptcha, type Recaptcha } from '../../platform/recaptcha.ts';
import { BackOff, Throttle } from '../../platform/throttle.ts';
import type { AccountsElsewhere } from './elsewhere.ts';
import { OAuthLoginService } from './oauth-service.ts';
import {
  ACCOUNT_MAIL_QUEUE,
  type AccountMailJob,
  type AccountThrottles,
  AccountService,
  type Caller,
} from './service.ts';
import { pruneSignInIps } from './repo.ts';
import { SessionService } from './sessions.ts';

/** Queue of the hourly job that forgets sign-in addresses older than a day (issue 24). */
export const PRUNE_SIGN_IN_IPS_JOB = 'accounts-prune-sign-in-ips';

/** The account services, created once per app from its env and database. */
export interface Accounts {
  /** Logins and their access tokens (ADR 0010). */
  tokens: SessionService;
  service: AccountService;
  oauth: OAuthLoginService;
  recaptcha: Recaptcha;
  providers: Partial<Record<LoginProvider, ProviderConfig>>;
  throttles: AccountThrottles;
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

/**
 * The caller of a password route: IP, user agent and the keyed hash of the device cookie, which is set
 * when the browser has none (issue 24 pentest 3: a device that logged in before passes the IP budget).
 */
export function callerOf(request: FastifyRequest, reply: FastifyReply): Caller {
  const env = request.server.env;
  return {
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    device: deviceHash(env.APP_SECRET, ensureDeviceId(request, reply, env)),
  };
}

/** Installs the account services and the real bearer authenticator of the access policy. */
export async function setupAccounts(app: FastifyInstance): Promise<void> {
  const env = app.env;
  const tokens = new SessionService(env.APP_SECRET, app.db);
  const recaptcha = createRecaptcha(env, app.log);
  const store = app.counters;
  const minutes = (n: number) => n * 60_000;
  // The budgets of ADR 0015.
  const throttles: AccountThrottles = {
    login: new Throttle(store, 'login', 5, minutes(1)),
    loginIp: new Throttle(store, 'login-ip', 30, minutes(15)),
    loginAccount: new BackOff(store, 'login-account', 10, minutes(60), minutes(1), minutes(15)),
    resend: new Throttle(store, 'resend', 1, minutes(1)),
    passwordMail: new Throttle(store, 'password-mail', 1, minutes(1)),
    ip: new Throttle(store, 'ip', 20, minutes(10)),
  };
  // ADR 0182: other features' rows about a person change through their services (read at each call, so the
  // order in which the features register does not matter).
  const elsewhere: AccountsElsewhere = {
    personLeft: async (tx, userId) => {
      await app.supporters.service.forgetPerson(tx, userId);
      await app.money.forgetBankAccount(tx, userId);
      await app.shops.forgetPerson(tx, userId);
    },
    addFavourite: (tx, userId, shopId, at) => app.shops.addFavourite(tx, userId, shopId, at),
  };
  const accounts: Accounts = {
    tokens,
    service: new AccountService({
      db: app.db,
      env,
      sessions: tokens,
      outbox: (tx, input) => notify(app, tx, input),
      jobs: app.jobs,
      recaptcha,
      throttles,
      elsewhere,
    }),
    oauth: new OAuthLoginService(app.db, env.APP_SECRET, elsewhere),
    recaptcha,
    providers: providerConfigs(env),
    throttles,
  };
  app.decorate('accounts', accounts);
  await app.jobs.work<AccountMailJob>(ACCOUNT_MAIL_QUEUE, (data, job) =>
    accounts.service.deliverMail(data, job.id),
  );
  // Issue 24: the sign-in addresses decide the fraud signals for a day, then they are forgotten.
  await app.jobs.work(PRUNE_SIGN_IN_IPS_JOB, async () => {
    const removed = await pruneSignInIps(app.db, new Date(now().getTime() - SHARED_WINDOW_MS));
    if (removed) app.log.info({ removed }, 'sign-in addresses pruned');
  });
  if (app.jobs.working) await app.jobs.schedule(PRUNE_SIGN_IN_IPS_JOB, '25 * * * *');
  app.decorateRequest('currentUserJson', null);
  app.authenticator.authenticate = async (request) => {
    const token = bearerToken(request);
    if (!token) return null;
    const result = await tokens.authenticate(token, request.routeOptions.config.loadUser === true);
    if (!result) return null;
    request.currentUserJson = result.userJson;
    return result.auth;
  };
}
