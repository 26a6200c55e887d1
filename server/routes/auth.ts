import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES as M,
  authResponseSchema,
  flagUpRequestSchema,
  leaveRequestSchema,
  loginRequestSchema,
  messageResponseSchema,
  passwordEmailRequestSchema,
  passwordResetRequestSchema,
  refreshResponseSchema,
  registerRequestSchema,
  rolesResponseSchema,
  userSchema,
} from '../../src/api/contracts/auth.ts';
import { errorSchema, idSchema, MESSAGES } from '../../src/api/contracts/common.ts';
import { type Db, rowsOf } from '../db/client.ts';
import {
  authSessions,
  companyMembers,
  favorites,
  oauthLoginCodes,
  passwordResetTokens,
  roles,
  shops,
  socialAccounts,
  users,
} from '../db/schema.ts';
import { HttpError, validationError } from '../http-errors.ts';
import { bearerToken } from '../plugins/auth.ts';
import type { ZodTypeProvider } from '../plugins/zod.ts';
import { now } from '../services/clock.ts';
import { isCommonPassword } from '../services/common-passwords.ts';
import { sha256 } from '../services/keys.ts';
import { checkEmailVerification, emailVerificationUrl, passwordResetUrl } from '../services/links.ts';
import { mails } from '../services/mail.ts';
import { hashPassword, verifyPassword } from '../services/passwords.ts';
import { loadUser } from '../services/users.ts';

export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

const errors = { 401: errorSchema, 403: errorSchema, 422: errorSchema, 429: errorSchema };

/** A hash to verify against when the e-mail is unknown, so both answers take as long. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

export function tooMany(message: string, seconds: number): HttpError {
  return new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });
}

export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw validationError({ [field]: [M.commonPassword] });
}

/** PostgreSQL unique_violation, as thrown by node-postgres and PGlite (sometimes wrapped by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

function violatedConstraint(err: unknown): string {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  return String(e?.constraint ?? e?.cause?.constraint ?? '');
}

export async function focustarRoleId(db: Db): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'focustar'));
  if (!row) throw new Error('role focustar is missing (migration 0001)');
  return row.id;
}

/**
 * Marks the e-mail verified and applies the referral shop of product design section 6: the shop
 * becomes a favourite, the flag addedReferralShop is raised and the stored id is cleared.
 */
export async function completeVerification(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ referralShopId: users.referralShopId, verified: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return;
    const at = now();
    if (user.referralShopId) {
      const [shop] = await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, user.referralShopId));
      if (shop) {
        await tx.insert(favorites).values({ userId, shopId: shop.id, createdAt: at }).onConflictDoNothing();
        await tx
          .update(users)
          .set({ flagStatus: sql`${users.flagStatus} || '{"addedReferralShop": true}'::jsonb` })
          .where(eq(users.id, userId));
      }
    }
    await tx
      .update(users)
      .set({ emailVerifiedAt: user.verified ?? at, referralShopId: null, updatedAt: at })
      .where(eq(users.id, userId));
  });
}

const verifyQuerySchema = z.object({
  id: idSchema,
  expires: z.coerce.number().int().positive(),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** Seed spec section 7 (login, logout, refresh, me, flag-up) and the account calls of issue 5. */
export const authRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { tokens, recaptcha, mailer, throttles } = app.accounts;

  const sendMail = (to: string, message: { subject: string; text: string }) => {
    // Mail goes out after the answer: its timing must not reveal whether an account exists, and a
    // slow SMTP server must not hold the request.
    mailer.send({ to, ...message }).catch((err) => app.log.error({ err, to }, 'mail could not be sent'));
  };

  const requireRecaptcha = async (request: FastifyRequest, token: string | undefined) => {
    if (!(await recaptcha.verify(token, request.ip))) {
      throw validationError({ 'g-recaptcha-response': [M.recaptchaFailed] });
    }
  };

  const ipThrottle = (request: FastifyRequest) => {
    const key = `ip|${request.ip}`;
    const wait = throttles.ip.retryAfter(key);
    if (wait) throw tooMany(M.tooManyRequests(wait), wait);
    throttles.ip.hit(key);
  };

  const currentUser = async (request: FastifyRequest) => {
    const user = await loadUser(app.db, request.auth!.userId);
    if (!user) throw new HttpError(401, MESSAGES.unauthenticated);
    return user;
  };

  app.post(
    '/api/login',
    {
      config: { access: 'public' },
      schema: { body: loginRequestSchema, response: { 200: authResponseSchema, ...errors } },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const key = `${email}|${request.ip}`;
      const wait = throttles.login.retryAfter(key);
      if (wait) throw tooMany(M.loginThrottled(wait), wait);
      await requireRecaptcha(request, request.body['g-recaptcha-response']);
      const [row] = await app.db
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
      const ok = await verifyPassword(row?.passwordHash ?? (await getDummyHash()), request.body.password);
      if (!row?.passwordHash || !ok) {
        throttles.login.hit(key);
        throw validationError({ email: [M.badCredentials] });
      }
      throttles.login.clear(key);
      const accessToken = await tokens.issue(row.id, request.headers['user-agent']);
      const user = await loadUser(app.db, row.id);
      return { user: user!, access_token: accessToken };
    },
  );

  app.post(
    '/api/logout',
    { config: { access: 'user' }, schema: { response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await tokens.revokeSession(request.auth!.sessionId, 'logout');
      return { message: M.loggedOut };
    },
  );

  app.post(
    '/api/refresh',
    { config: { access: 'public' }, schema: { response: { 200: refreshResponseSchema, ...errors } } },
    async (request) => {
      const token = bearerToken(request);
      const next = token ? await tokens.refresh(token) : null;
      if (!next) throw new HttpError(401, MESSAGES.unauthenticated);
      return { access_token: next };
    },
  );

  app.get(
    '/api/me',
    { config: { access: 'user', loadUser: true }, schema: { response: { 200: userSchema, ...errors } } },
    async (request, reply) => {
      // The database built the answer's JSON in the token check's round trip: send it as it is.
      // NOTE: a string payload with a JSON content type skips serialisation; the type provider only
      // knows the object form, hence the cast.
      if (request.currentUserJson) {
        return reply.type('application/json; charset=utf-8').send(request.currentUserJson as never);
      }
      return currentUser(request);
    },
  );

  app.put(
    '/api/users/flag-up',
    {
      config: { access: 'user' },
      schema: { body: flagUpRequestSchema, response: { 200: userSchema, ...errors } },
    },
    async (request) => {
      const patch = JSON.stringify({ [request.body.flag]: true });
      await app.db
        .update(users)
        .set({ flagStatus: sql`${users.flagStatus} || ${patch}::jsonb`, updatedAt: now() })
        .where(eq(users.id, request.auth!.userId));
      return currentUser(request);
    },
  );

  app.get(
    '/api/roles',
    { config: { access: 'staff' }, schema: { response: { 200: rolesResponseSchema, ...errors } } },
    () => app.db.select().from(roles).orderBy(roles.priority),
  );

  app.post(
    '/api/register',
    {
      config: { access: 'public' },
      schema: { body: registerRequestSchema, response: { 201: authResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const body = request.body;
      ipThrottle(request);
      await requireRecaptcha(request, body['g-recaptcha-response']);
      assertPasswordAllowed(body.password);
      const email = body.email.toLowerCase();
      const [emailTaken] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      // Users and shops share the `/{screen_name}` namespace (ADR 0050): a name held by either is taken.
      const name = body.screen_name.toLowerCase();
      const [nameTaken] = rowsOf<{ taken: number }>(
        await app.db.execute(sql`
          select 1 as taken from users where lower(screen_name) = ${name}
          union all
          select 1 from shops where lower(screen_name) = ${name}
          limit 1`),
      );
      if (emailTaken || nameTaken) {
        throw validationError({
          ...(emailTaken ? { email: [M.emailTaken] } : {}),
          ...(nameTaken ? { screen_name: [M.screenNameTaken] } : {}),
        });
      }
      let referralShopId: number | null = null;
      if (body.referral_shop_id) {
        const [shop] = await app.db
          .select({ id: shops.id })
          .from(shops)
          .where(eq(shops.id, body.referral_shop_id));
        referralShopId = shop?.id ?? null;
      }
      const passwordHash = await hashPassword(body.password);
      const at = now();
      let userId: number;
      try {
        const [row] = await app.db
          .insert(users)
          .values({
            email,
            passwordHash,
            name: body.name,
            screenName: body.screen_name,
            roleId: await focustarRoleId(app.db),
            referralShopId,
            termsAcceptedAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: users.id });
        userId = row!.id;
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
      sendMail(email, mails.verifyEmail(body.name, emailVerificationUrl(app.env, userId, email)));
      const accessToken = await tokens.issue(userId, request.headers['user-agent']);
      const user = await loadUser(app.db, userId);
      return reply.code(201).send({ user: user!, access_token: accessToken });
    },
  );

  app.post(
    '/api/email/resend',
    { config: { access: 'user' }, schema: { response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      const [row] = await app.db
        .select({ email: users.email, name: users.name, verified: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, request.auth!.userId));
      if (row?.verified) return { message: M.alreadyVerified };
      if (!row?.email) throw validationError({ email: [M.noEmail] });
      const key = `resend|${request.auth!.userId}`;
      const wait = throttles.resend.retryAfter(key);
      if (wait) throw tooMany(M.resendThrottled(wait), wait);
      throttles.resend.hit(key);
      sendMail(
        row.email,
        mails.verifyEmail(row.name, emailVerificationUrl(app.env, request.auth!.userId, row.email)),
      );
      return { message: M.verificationResent };
    },
  );

  /**
   * The link of the verification mail, opened in a browser: it answers a redirect to the top page with
   * `?email_verification=ok|expired|invalid` for the SPA to show (ADR 0013).
   */
  app.get('/api/email/verify', { config: { access: 'public' } }, async (request, reply) => {
    const go = (result: string) => reply.redirect(`/?email_verification=${result}`, 303);
    const parsed = verifyQuerySchema.safeParse(request.query);
    if (!parsed.success) return go('invalid');
    const [user] = await app.db
      .select({ id: users.id, email: users.email, verified: users.emailVerifiedAt })
      .from(users)
      .where(and(eq(users.id, parsed.data.id), isNull(users.deletedAt)));
    if (!user?.email) return go('invalid');
    const check = checkEmailVerification(app.env, parsed.data, user.email);
    if (check !== 'ok') return go(check);
    if (!user.verified) await completeVerification(app.db, user.id);
    return go('ok');
  });

  app.post(
    '/api/password/email',
    {
      config: { access: 'public' },
      schema: { body: passwordEmailRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      ipThrottle(request);
      const email = request.body.email.toLowerCase();
      const mailKey = `reset|${email}`;
      if (throttles.passwordMail.retryAfter(mailKey)) return { message: M.passwordMailSent };
      throttles.passwordMail.hit(mailKey);
      const [user] = await app.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.deletedAt)));
      if (user?.email) {
        const token = randomBytes(32).toString('base64url');
        const at = now();
        await app.db.transaction(async (tx) => {
          // A new link replaces the earlier ones: only the newest mail works.
          await tx
            .delete(passwordResetTokens)
            .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
          await tx.insert(passwordResetTokens).values({
            tokenHash: sha256(token),
            userId: user.id,
            expiresAt: new Date(at.getTime() + PASSWORD_RESET_TTL_MS),
            createdAt: at,
          });
        });
        sendMail(user.email, mails.resetPassword(user.name, passwordResetUrl(app.env, token, user.email)));
      }
      return { message: M.passwordMailSent };
    },
  );

  app.post(
    '/api/password/reset',
    {
      config: { access: 'public' },
      schema: { body: passwordResetRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const { token, email, password } = request.body;
      assertPasswordAllowed(password);
      const passwordHash = await hashPassword(password);
      const at = now();
      const done = await app.db.transaction(async (tx) => {
        const [user] = await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .innerJoin(passwordResetTokens, eq(passwordResetTokens.userId, users.id))
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(token)),
              sql`lower(${users.email}) = ${email.toLowerCase()}`,
              isNull(users.deletedAt),
            ),
          );
        if (!user) return null;
        // Single use: the update claims the token; a second, concurrent use finds it used.
        const claimed = await tx
          .update(passwordResetTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, sha256(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, at),
            ),
          )
          .returning({ userId: passwordResetTokens.userId });
        if (!claimed.length) return null;
        await tx
          .update(users)
          .set({
            passwordHash,
            // Opening the mailed link proves the address, as the verification link would.
            emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
            updatedAt: at,
          })
          .where(eq(users.id, user.id));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
        await tx
          .update(authSessions)
          .set({ revokedAt: at, revokedReason: 'password-reset' })
          .where(and(eq(authSessions.userId, user.id), isNull(authSessions.revokedAt)));
        return user;
      });
      if (!done) throw validationError({ token: [M.resetLinkInvalid] });
      if (done.email) sendMail(done.email, mails.passwordChanged(done.name));
      return { message: M.passwordReset };
    },
  );

  app.post(
    '/api/leave',
    {
      config: { access: 'user' },
      schema: { body: leaveRequestSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      const userId = request.auth!.userId;
      const [row] = await app.db
        .select({ passwordHash: users.passwordHash, email: users.email, name: users.name })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new HttpError(401, MESSAGES.unauthenticated);
      if (row.passwordHash && !(await verifyPassword(row.passwordHash, request.body.password ?? ''))) {
        throw validationError({ password: [M.wrongPassword] });
      }
      const at = now();
      await app.db.transaction(async (tx) => {
        // Anonymise in place: money rows (ledger, entries, units) keep pointing at this row.
        await tx
          .update(users)
          .set({
            email: null,
            passwordHash: null,
            name: '退会済みユーザー',
            screenName: `deleted-${userId}-${randomBytes(4).toString('hex')}`,
            avatarUrl: null,
            bio: null,
            prefecture: null,
            birthYear: null,
            referralShopId: null,
            deletedAt: at,
            updatedAt: at,
          })
          .where(eq(users.id, userId));
        await tx.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
        await tx.delete(favorites).where(eq(favorites.userId, userId));
        await tx.delete(companyMembers).where(eq(companyMembers.userId, userId));
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
        await tx.delete(oauthLoginCodes).where(eq(oauthLoginCodes.userId, userId));
        await tx
          .update(authSessions)
          .set({ revokedAt: at, revokedReason: 'leave' })
          .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
      });
      if (row.email) sendMail(row.email, mails.left(row.name));
      return { message: M.left };
    },
  );
};
