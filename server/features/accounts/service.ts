import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ACCOUNT_MESSAGES as M,
  type registerRequestSchema,
  type User,
  type UserFlag,
} from '../../../contracts/accounts.ts';
import { MESSAGES } from '../../../contracts/common.ts';
import { now } from '../../platform/clock.ts';
import { type Db, isUniqueViolation, violatedConstraint } from '../../platform/db/client.ts';
import type { Env } from '../../platform/env.ts';
import { HttpError, tooMany, validationError } from '../../platform/http-errors.ts';
import { sha256 } from '../../platform/keys.ts';
import {
  isPersonalAddress,
  raiseFraudFlag,
  SHARED_DEVICE_ACCOUNTS,
  SHARED_WINDOW_MS,
  signalIpHash,
} from '../../platform/fraud-signals.ts';
import { balanceOf } from '../../platform/ledger.ts';
import {
  checkEmailChange,
  checkEmailVerification,
  emailChangeUrl,
  emailVerificationUrl,
  passwordResetUrl,
} from '../../platform/links.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { MailContent } from '../../platform/mail.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import type { Recaptcha } from '../../platform/recaptcha.ts';
import { loginsTotal } from '../../platform/metrics.ts';
import type { BackOff, Throttle } from '../../platform/throttle.ts';
import { isCommonPassword } from './common-passwords.ts';
import { mails } from './mails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { AccountsElsewhere } from './elsewhere.ts';
import * as repo from './repo.ts';
import type { SessionService } from './sessions.ts';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export interface AccountThrottles {
  /** Failed logins per e-mail and IP: more than 5 in a minute answers 429 (issue 5). */
  login: Throttle;
  /** Failed logins per IP, whatever the e-mail (issue 10 item 3). */
  loginIp: Throttle;
  /** Failed logins per account from any IP, with back-off (issue 10 item 3). */
  loginAccount: BackOff;
  /** Verification mail resends per user. */
  resend: Throttle;
  /** Reset mails per address: extra requests are dropped silently (the answer stays neutral). */
  passwordMail: Throttle;
  /** Sign-ups and reset requests per IP, against scripted abuse. */
  ip: Throttle;
}

/** Who is calling, as far as the rules care. */
export interface Caller {
  ip: string;
  userAgent: string | undefined;
  /** The keyed hash of the browser's device cookie (server/platform/device.ts), when it sent one. */
  device?: string | null | undefined;
}

/** A password check that has taken its budgets (issue 24 pentest 4): a right password gives them back. */
interface PasswordAttempt {
  succeeded(): Promise<void>;
}

export interface AuthResult {
  user: User;
  access_token: string;
}

export type VerificationResult = 'ok' | 'expired' | 'invalid';
export type EmailChangeOutcome = VerificationResult | 'taken';

/** `hanako@example.com` as `h*****@example.com`: the old address's notice names the new one without giving it away. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(local.length - 1, 3))}@${domain}`;
}

/**
 * The queue of the password reset requests (issue 10 item 9): the request does the same work for any
 * address (one job); the worker looks the address up and, in one transaction, stores the token and writes
 * the mail to the outbox (issue 26, ADR 0178).
 */
export const ACCOUNT_MAIL_QUEUE = 'accounts.mail';

/**
 * A job of ACCOUNT_MAIL_QUEUE. It carries no token or link: the worker makes them, so the job table
 * holds nothing that opens an account.
 */
export type AccountMailJob = { kind: 'password-reset'; email: string };

/**
 * The record of one account event (a sign-up, a resend, a password change): each is its own, so its mail is
 * written once and a second event mails again. Not the time: two events may share a millisecond.
 */
const eventId = () => randomBytes(8).toString('hex');

/** The outbox kind of an account mail (mail only: ADR 0175 `mail.<name>`). */
const mailKind = (content: MailContent) => `mail.${content.kind ?? 'account'}` as const;

/** A hash to verify against when the e-mail is unknown, so both answers take as long. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw validationError({ [field]: [M.commonPassword] });
}

/**
 * The account rules of seed spec section 7 and issue 5: login, sign-up, e-mail verification, password
 * reset, flags and leaving. Every mail is written to the one outbox in the transaction of its change
 * (issue 26, ADR 0178) and sent by its worker after the answer, retried while SMTP is down.
 */
export class AccountService {
  constructor(
    private readonly deps: {
      db: Db;
      env: Env;
      sessions: SessionService;
      /** The one outbox (server/platform/notify/outbox.ts), bound to the app. */
      outbox: Outbox;
      jobs: Jobs;
      recaptcha: Recaptcha;
      throttles: AccountThrottles;
      /** Other features' rows about a person, through their services in accounts' transaction (ADR 0182). */
      elsewhere: AccountsElsewhere;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  private async requireRecaptcha(caller: Caller, token: string | undefined): Promise<void> {
    if (!(await this.deps.recaptcha.verify(token, caller.ip))) {
      throw validationError({ 'g-recaptcha-response': [M.recaptchaFailed] });
    }
  }

  private async ipThrottle(caller: Caller): Promise<void> {
    const wait = await this.deps.throttles.ip.take(caller.ip);
    if (wait) throw tooMany(M.tooManyRequests(wait), wait);
  }

  /** The signed-in user, or 401 when the row is gone. */
  async currentUser(userId: number): Promise<User> {
    const user = await repo.loadUser(this.db, userId);
    if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
    return user;
  }

  /** Starts a login and answers it with the user (login, sign-up, OAuth). */
  async startLogin(userId: number, caller: Caller, remember = false): Promise<AuthResult> {
    await this.noteSignIn(userId, caller);
    const accessToken = await this.deps.sessions.issue(userId, caller.userAgent, remember);
    const user = await repo.loadUser(this.db, userId);
    return { user: user!, access_token: accessToken };
  }

  /**
   * Issue 24 `shared_device` (ADR 0164): every sign-up and sign-in (password, OAuth) records the device (the
   * keyed hash of its cookie, `user_devices`) and, when it is a person's address, the keyed hash of the
   * address (`user_ips`). When SHARED_DEVICE_ACCOUNTS or more accounts were seen on one of them within
   * SHARED_WINDOW_MS, each of them gets a flag (subject `device:` or `ip:` and the hash's first 12
   * characters). Two reads of one index range each; the flags only when the threshold is met.
   */
  private async noteSignIn(userId: number, caller: Caller): Promise<void> {
    const at = now();
    const since = new Date(at.getTime() - SHARED_WINDOW_MS);
    const seen: { subject: string; users: number[]; summary: string }[] = [];
    if (caller.device) {
      await repo.rememberDevice(this.db, userId, caller.device, at);
      seen.push({
        subject: `device:${caller.device.slice(0, 12)}`,
        users: await repo.usersOnDevice(this.db, caller.device, since),
        summary: '同じ端末（ブラウザ）から24時間以内に複数のアカウントが登録・ログインしました',
      });
    }
    if (isPersonalAddress(caller.ip)) {
      const ipHash = signalIpHash(this.deps.env.APP_SECRET, caller.ip);
      await repo.rememberSignInIp(this.db, userId, ipHash, at);
      seen.push({
        subject: `ip:${ipHash.slice(0, 12)}`,
        users: await repo.usersOnIp(this.db, ipHash, since),
        summary: '同じIPアドレスから24時間以内に複数のアカウントが登録・ログインしました',
      });
    }
    for (const { subject, users, summary } of seen) {
      if (users.length < SHARED_DEVICE_ACCOUNTS) continue;
      for (const user of users) {
        await raiseFraudFlag(this.db, {
          kind: 'shared_device',
          userId: user,
          subject,
          ids: users,
          extra: { accounts: users.length, summary },
        });
      }
    }
  }

  /**
   * Whether the caller's device has logged in to this account before (issue 24 pentest 3): such a device
   * is not held to the per-IP budget, so one office or mobile NAT full of failures locks nobody else out.
   */
  private async knownDevice(userId: number | null, caller: Caller): Promise<boolean> {
    if (userId === null || !caller.device) return false;
    return repo.deviceKnown(this.db, userId, caller.device);
  }

  /** Seconds until a password check may be made again (read only: nothing is counted), or 0. */
  private async passwordWait(email: string, caller: Caller, knownDevice: boolean): Promise<number> {
    const { login, loginIp, loginAccount } = this.deps.throttles;
    return Math.max(
      ...(await Promise.all([
        login.retryAfter(`${email}|${caller.ip}`),
        knownDevice ? 0 : loginIp.retryAfter(caller.ip),
        loginAccount.retryAfter(email),
      ])),
    );
  }

  /**
   * Every password check (login, PUT /api/password, PUT /api/email, POST /api/leave: issue 24 pentest 2)
   * spends the same three budgets of ADR 0015: this e-mail from this IP, this IP whatever the e-mail (not
   * for a known device, pentest 3), this account from anywhere with back-off. Each is taken atomically
   * BEFORE the password is checked (pentest 4), so concurrent wrong passwords cannot overshoot: the
   * attempt counts as a failure until it turns out right, and a right one gives its budgets back. A
   * refused attempt gives back what it took and checks nothing.
   */
  private async takePasswordBudget(
    email: string,
    caller: Caller,
    knownDevice: boolean,
  ): Promise<PasswordAttempt> {
    const { login, loginIp, loginAccount } = this.deps.throttles;
    const key = `${email}|${caller.ip}`;
    const taken: (() => Promise<void>)[] = [];
    const refuse = async (wait: number): Promise<never> => {
      await Promise.all(taken.map((giveBack) => giveBack()));
      throw tooMany(M.loginThrottled(wait), wait);
    };
    if (!knownDevice) {
      const wait = await loginIp.take(caller.ip);
      if (wait) return refuse(wait);
      taken.push(() => loginIp.giveBack(caller.ip));
    }
    const waitKey = await login.take(key);
    if (waitKey) return refuse(waitKey);
    taken.push(() => login.giveBack(key));
    const waitAccount = await loginAccount.take(email);
    if (waitAccount) return refuse(waitAccount);
    return {
      succeeded: async () => {
        await Promise.all([
          login.clear(key),
          loginAccount.clear(email),
          knownDevice ? Promise.resolve() : loginIp.giveBack(caller.ip),
        ]);
      },
    };
  }

  async login(
    body: {
      email: string;
      password: string;
      remember?: boolean | undefined;
      'g-recaptcha-response'?: string | undefined;
    },
    caller: Caller,
  ): Promise<AuthResult> {
    const email = body.email.toLowerCase();
    // Unknown e-mails are counted like real ones, so a 429 tells nothing either.
    const row = await repo.findLogin(this.db, email);
    const knownDevice = await this.knownDevice(row?.id ?? null, caller);
    // A spent budget answers before reCAPTCHA is asked (a throttled script costs no verification).
    const wait = await this.passwordWait(email, caller, knownDevice);
    if (wait) {
      loginsTotal.inc({ result: 'throttled' });
      throw tooMany(M.loginThrottled(wait), wait);
    }
    await this.requireRecaptcha(caller, body['g-recaptcha-response']);
    let attempt: PasswordAttempt;
    try {
      attempt = await this.takePasswordBudget(email, caller, knownDevice);
    } catch (err) {
      loginsTotal.inc({ result: 'throttled' });
      throw err;
    }
    const ok = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), body.password);
    if (!row?.passwordHash || !ok) {
      loginsTotal.inc({ result: 'failed' });
      throw validationError({ email: [M.badCredentials] });
    }
    await attempt.succeeded();
    loginsTotal.inc({ result: 'success' });
    return this.startLogin(row.id, caller, body.remember === true);
  }

  /** PUT /api/users/mode (issue 25, ADR 0167): supporter mode is remembered for the next login. */
  async rememberSupporterMode(userId: number): Promise<User> {
    await repo.rememberMode(this.db, userId, 'focustar', null);
    return this.currentUser(userId);
  }

  /** Entering a shop (POST /api/shops/{id}/login) is remembered for the next login (ADR 0167). */
  rememberShop(userId: number, shopId: number): Promise<void> {
    return repo.rememberMode(this.db, userId, 'shop', shopId);
  }

  async raiseFlag(userId: number, flag: UserFlag): Promise<User> {
    await repo.raiseFlag(this.db, userId, flag, now());
    return this.currentUser(userId);
  }

  /* ---------------------------------------------------------------- a person's row, for other features */
  // ADR 0182: another feature changes the users table only through these, in its own transaction (`tx`) or
  // as one statement (`db`).

  /** Money: a bank account was registered (flag_status, raised once). */
  raiseFlagOnce(tx: Db, userId: number, flag: UserFlag): Promise<void> {
    return repo.raiseFlagOnce(tx, userId, flag);
  }

  /** Money: whether the person's Stripe payee is verified (`users.is_stripe_verified`). */
  setStripeVerified(tx: Db, userId: number, verified: boolean): Promise<void> {
    return repo.setStripeVerified(tx, userId, verified);
  }

  /** Supporters: the profile (raises savedFirstProfile); false when the person is gone. */
  saveProfile(db: Db, userId: number, values: Parameters<typeof repo.saveProfile>[2]): Promise<boolean> {
    return repo.saveProfile(db, userId, values);
  }

  /** Supporters: the avatar; answers the URL it replaced. */
  setAvatar(db: Db, userId: number, url: string | null): Promise<string | null> {
    return repo.setAvatar(db, userId, url);
  }

  /** Supporters: the review's outcome on the person; their name and address, or null when gone. */
  setSupporterStatus(tx: Db, userId: number, status: string) {
    return repo.setSupporterStatus(tx, userId, status);
  }

  /** Supporters (issue 24): the role by name; the caller holds the row's lock. */
  setRole(tx: Db, userId: number, role: string, at: Date): Promise<void> {
    return repo.setRole(tx, userId, role, at);
  }

  /** Fraud: アカウント停止 sets the person's status; answers the one before (null when no such person). */
  setStatus(tx: Db, userId: number, status: string): Promise<string | null> {
    return repo.setStatusReturningOld(tx, userId, status);
  }

  async register(body: z.output<typeof registerRequestSchema>, caller: Caller): Promise<AuthResult> {
    await this.ipThrottle(caller);
    await this.requireRecaptcha(caller, body['g-recaptcha-response']);
    assertPasswordAllowed(body.password);
    const email = body.email.toLowerCase();
    const emailTaken = await repo.emailTaken(this.db, email);
    const nameTaken = await repo.screenNameTaken(this.db, body.screen_name);
    if (emailTaken || nameTaken) {
      throw validationError({
        ...(emailTaken ? { email: [M.emailTaken] } : {}),
        ...(nameTaken ? { screen_name: [M.screenNameTaken] } : {}),
      });
    }
    const referral = body.referral_shop_id;
    const referralShopId = referral && (await repo.shopExists(this.db, referral)) ? referral : null;
    const passwordHash = await hashPassword(body.password);
    const at = now();
    const roleId = await repo.focustarRoleId(this.db);
    let userId: number;
    try {
      // The user and its verification mail in one transaction (issue 26: the outbox's row).
      userId = await this.db.transaction(async (tx) => {
        const id = await repo.insertUser(tx, {
          email,
          passwordHash,
          name: body.name,
          screenName: body.screen_name,
          roleId,
          referralShopId,
          termsAcceptedAt: at,
          createdAt: at,
          updatedAt: at,
        });
        await this.verificationMail(tx, id, body.name, email);
        return id;
      });
    } catch (err) {
      // Two sign-ups racing for one address or screen name: the unique index decides.
      if (isUniqueViolation(err)) {
        const onScreenName = /screen_name/.test(violatedConstraint(err));
        throw validationError(
          onScreenName ? { screen_name: [M.screenNameTaken] } : { email: [M.emailTaken] },
        );
      }
      throw err;
    }
    return this.startLogin(userId, caller);
  }

  async resendVerification(userId: number): Promise<{ message: string }> {
    const row = await repo.findMailee(this.db, userId);
    if (row?.verified) return { message: M.alreadyVerified };
    if (!row?.email) throw validationError({ email: [M.noEmail] });
    const wait = await this.deps.throttles.resend.take(String(userId));
    if (wait) throw tooMany(M.resendThrottled(wait), wait);
    const email = row.email;
    await this.db.transaction((tx) => this.verificationMail(tx, userId, row.name, email));
    return { message: M.verificationResent };
  }

  /** The link of the verification mail (ADR 0013). */
  async verifyEmail(params: { id: number; expires: number; signature: string }): Promise<VerificationResult> {
    const user = await repo.findActiveUser(this.db, params.id);
    if (!user?.email) return 'invalid';
    const check = checkEmailVerification(this.deps.env, params, user.email);
    if (check !== 'ok') return check;
    if (!user.verified) await completeVerification(this.db, user.id, this.deps.elsewhere);
    return 'ok';
  }

  /**
   * POST /api/password/email. The request does the same work whatever the address (issue 10 item 9:
   * 6.2 ms for an account against 3.7 ms for none told them apart): throttles, then one job. The
   * worker looks the address up, stores the token and sends the mail.
   */
  async sendPasswordMail(emailInput: string, caller: Caller): Promise<{ message: string }> {
    await this.ipThrottle(caller);
    const email = emailInput.toLowerCase();
    if (await this.deps.throttles.passwordMail.take(email)) return { message: M.passwordMailSent };
    await this.enqueueMail({ kind: 'password-reset', email });
    return { message: M.passwordMailSent };
  }

  private async enqueueMail(job: AccountMailJob): Promise<void> {
    await this.deps.jobs.send(ACCOUNT_MAIL_QUEUE, job, { retryLimit: 3 });
  }

  /** A mail of the account flows to `to`, written in `tx` (one record per event: `record`). */
  private mail(tx: Db, to: number | { email: string }, record: string, content: MailContent) {
    return this.deps.outbox(tx, { to, kind: mailKind(content), record, mail: content });
  }

  /** The verification mail of a sign-up or a resend (its link is signed, ADR 0013), in `tx`. */
  private verificationMail(tx: Db, userId: number, name: string, email: string) {
    return this.mail(
      tx,
      userId,
      `user:${userId}:verify:${eventId()}`,
      mails.verifyEmail(name, emailVerificationUrl(this.deps.env, userId, email)),
    );
  }

  /**
   * The worker of ACCOUNT_MAIL_QUEUE: the token and its mail in one transaction (issue 26, ADR 0178). The
   * job's id is the mail's record: a job run again after a crash finds its mail written and does nothing,
   * so the token the mail carries stays the one stored. The link waits in the outbox's row until it is sent
   * (then the row forgets it).
   */
  async deliverMail(job: AccountMailJob, jobId: string): Promise<void> {
    // A verification job queued before the outbox (ADR 0178) is dropped: the person can ask for the mail again.
    if ((job.kind as string) !== 'password-reset') return;
    const user = await repo.findActiveByEmail(this.db, job.email);
    if (!user?.email) return;
    const address = user.email;
    const token = randomBytes(32).toString('base64url');
    const at = now();
    const record = `user:${user.id}:reset:${jobId}`;
    await this.db.transaction(async (tx) => {
      if (await repo.resetMailWritten(tx, record)) return;
      await repo.replaceResetToken(tx, {
        tokenHash: sha256(token),
        userId: user.id,
        expiresAt: new Date(at.getTime() + PASSWORD_RESET_TTL_MS),
        createdAt: at,
      });
      await this.mail(
        tx,
        user.id,
        record,
        mails.resetPassword(user.name, passwordResetUrl(this.deps.env, token, address)),
      );
    });
  }

  async resetPassword(body: {
    token: string;
    email: string;
    password: string;
  }): Promise<{ message: string }> {
    assertPasswordAllowed(body.password);
    const passwordHash = await hashPassword(body.password);
    const at = now();
    const tokenHash = sha256(body.token);
    const done = await this.db.transaction(async (tx) => {
      const user = await repo.findUserByResetToken(tx, tokenHash, body.email);
      if (!user) return null;
      if (!(await repo.claimResetToken(tx, tokenHash, at))) return null;
      await repo.setPassword(tx, user.id, passwordHash, at);
      await repo.deleteResetTokens(tx, user.id);
      await repo.revokeUserSessions(tx, user.id, 'password-reset', at);
      if (user.email)
        await this.mail(
          tx,
          user.id,
          `user:${user.id}:password:${eventId()}`,
          mails.passwordChanged(user.name),
        );
      return user;
    });
    if (!done) throw validationError({ token: [M.resetLinkInvalid] });
    return { message: M.passwordReset };
  }

  /**
   * A signed-in user's password, asked again before a change (PUT /api/email, PUT /api/password, POST
   * /api/leave): the same budgets as the login (issue 24 pentest 2), so no form is a way around them.
   */
  private async confirmPassword(
    userId: number,
    row: { email: string | null; passwordHash: string | null },
    password: string | undefined,
    field: string,
    caller: Caller,
  ): Promise<void> {
    if (!row.passwordHash) return;
    const email = (row.email ?? `user-${userId}`).toLowerCase();
    const knownDevice = await this.knownDevice(userId, caller);
    const attempt = await this.takePasswordBudget(email, caller, knownDevice);
    if (!(await verifyPassword(row.passwordHash, password ?? ''))) {
      throw validationError({ [field]: [M.wrongPassword] });
    }
    await attempt.succeeded();
  }

  /**
   * PUT /api/email (issue 16, ADR 0093): a verification link to the new address and a notice to the
   * current one. The address changes only when the link is opened.
   */
  async requestEmailChange(
    userId: number,
    body: { email: string; password?: string | undefined },
    caller: Caller,
  ): Promise<{ message: string }> {
    const row = await repo.findMailee(this.db, userId);
    if (!row) throw new HttpError(401, MESSAGES.unauthenticated);
    const email = body.email.toLowerCase();
    if (row.email && row.email.toLowerCase() === email) throw validationError({ email: [M.emailUnchanged] });
    await this.confirmPassword(userId, row, body.password, 'password', caller);
    if (await repo.emailTaken(this.db, email)) throw validationError({ email: [M.emailTaken] });
    const wait = await this.deps.throttles.resend.take(`email-change:${userId}`);
    if (wait) throw tooMany(M.emailChangeThrottled(wait), wait);
    const record = `user:${userId}:email-change:${eventId()}`;
    await this.db.transaction(async (tx) => {
      // The new address is no user's yet: the outbox keeps it until the mail is sent.
      await this.mail(
        tx,
        { email },
        record,
        mails.changeEmail(row.name, emailChangeUrl(this.deps.env, userId, row.email ?? '', email)),
      );
      if (row.email)
        await this.mail(tx, userId, record, mails.emailChangeRequested(row.name, maskEmail(email)));
    });
    return { message: M.emailChangeSent };
  }

  /** The link of the change mail. */
  async confirmEmailChange(params: {
    id: number;
    email: string;
    expires: number;
    signature: string;
  }): Promise<EmailChangeOutcome> {
    const user = await repo.findActiveUser(this.db, params.id);
    if (!user) return 'invalid';
    const current = user.email ?? '';
    if (current.toLowerCase() === params.email.toLowerCase()) {
      // Opened twice: the address is already the new one (the signature still names the old one).
      return 'invalid';
    }
    const check = checkEmailChange(this.deps.env, params, current);
    if (check !== 'ok') return check;
    try {
      if (!(await repo.changeEmail(this.db, user.id, current, params.email, now()))) return 'invalid';
    } catch (err) {
      if (isUniqueViolation(err)) return 'taken';
      throw err;
    }
    return 'ok';
  }

  /** PUT /api/password (issue 16, ADR 0093): the other logins end; this one stays. */
  async changePassword(
    auth: { userId: number; sessionId: string },
    body: { current_password?: string | undefined; password: string },
    caller: Caller,
  ): Promise<{ message: string }> {
    const row = await repo.findMailee(this.db, auth.userId);
    if (!row) throw new HttpError(401, MESSAGES.unauthenticated);
    await this.confirmPassword(auth.userId, row, body.current_password, 'current_password', caller);
    if (body.password === body.current_password) throw validationError({ password: [M.samePassword] });
    assertPasswordAllowed(body.password);
    const passwordHash = await hashPassword(body.password);
    const at = now();
    await this.db.transaction(async (tx) => {
      await repo.setPassword(tx, auth.userId, passwordHash, at);
      await repo.deleteResetTokens(tx, auth.userId);
      await repo.revokeOtherSessions(tx, auth.userId, auth.sessionId, 'password-change', at);
      if (row.email) {
        await this.mail(
          tx,
          auth.userId,
          `user:${auth.userId}:password:${eventId()}`,
          mails.passwordChangedByUser(row.name),
        );
      }
    });
    return { message: M.passwordChanged };
  }

  async leave(
    userId: number,
    password: string | undefined,
    caller: Caller,
    acceptUnpaidBalance = false,
  ): Promise<{ message: string }> {
    const row = await repo.findMailee(this.db, userId);
    if (!row) throw new HttpError(401, MESSAGES.unauthenticated);
    // Issue 24 pentest 2: the same budgets as the login (it answered 422 for ever before).
    await this.confirmPassword(userId, row, password, 'password', caller);
    // Issue 16 (ADR 0095): an unpaid balance is said plainly, and leaving needs the user's consent to it.
    const balance = await balanceOf(this.db, userId);
    if (balance > 0 && !acceptUnpaidBalance) {
      throw validationError({
        accept_unpaid_balance: [M.unpaidBalance(`${balance.toLocaleString('ja-JP')}円`)],
      });
    }
    const at = now();
    await this.db.transaction(async (tx) => {
      await repo.anonymise(tx, userId, `deleted-${userId}-${randomBytes(4).toString('hex')}`, at);
      await repo.deletePersonalRows(tx, userId);
      await this.deps.elsewhere.personLeft(tx, userId);
      await repo.revokeUserSessions(tx, userId, 'leave', at);
      // To the address, not the user: the user has none any more when the mail is sent.
      if (row.email) await this.mail(tx, { email: row.email }, `user:${userId}:left`, mails.left(row.name));
    });
    return { message: M.left };
  }
}

/**
 * Marks the e-mail verified and applies the referral shop of product design section 6: the shop
 * becomes a favourite, the flag addedReferralShop is raised and the stored id is cleared.
 */
export async function completeVerification(
  db: Db,
  userId: number,
  elsewhere: AccountsElsewhere,
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await repo.lockForVerification(tx, userId);
    if (!user) return;
    const at = now();
    if (user.referralShopId && (await repo.shopExists(tx, user.referralShopId))) {
      await elsewhere.addFavourite(tx, userId, user.referralShopId, at);
      await repo.markReferralFavourite(tx, userId);
    }
    await repo.markVerified(tx, userId, user.verified ?? at, at);
  });
}
