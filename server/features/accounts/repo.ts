import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { LoginProvider } from '../../../contracts/oauth.ts';
import type { Role, User, UserFlag } from '../../../contracts/accounts.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005).
import { shops } from '../shops/schema.ts';
import {
  authSessions,
  authTokens,
  oauthLoginCodes,
  passwordResetTokens,
  roles,
  socialAccounts,
  userDevices,
  userIps,
  users,
} from './schema.ts';

/**
 * Presenters of the user (`GET /api/me`, seed spec section 3) and the shop, each in one database round
 * trip: the counts and the company are subselects, so /api/me costs one query after the token check.
 */

type Row = Record<string, unknown>;

/**
 * The whole user presenter (seed spec section 3), built by the database as JSON text over
 * `users u join roles r`, in the key order of `userSchema`. GET /api/me sends this text as it is: no
 * parse and re-serialise on the hot path. Plain text, so it also runs as a prepared statement.
 *
 * - flags: exactly the seven of section 3, true only for a JSON `true` (section 5 coercion is the
 *   client's; the server stores booleans);
 * - follower_count: product design section 2, "the shops whose supporter list includes the user";
 * - not_accepted_units_count: the user's open offers (units `offered` and not past their deadline; issue 13).
 */
export const USER_JSON = `json_build_object(
    'id', u.id, 'name', u.name, 'email', u.email, 'screen_name', u.screen_name, 'avatar_url', u.avatar_url,
    'role', json_build_object('id', r.id, 'name', r.name, 'priority', r.priority),
    'company', (select json_build_object('id', c.id, 'paid_status', c.paid_status) from companies c
       where c.id = (select cm.company_id from company_members cm join companies cc on cc.id = cm.company_id
                     where cm.user_id = u.id
                     -- Issue 12: a user with a second, approved company gets the shop features.
                     order by (cc.paid_status = '利用可能（取引あり）') desc, (cm.role = 'owner') desc,
                       cm.created_at, cm.company_id limit 1)),
    'flag_status', json_build_object(
      'acceptedFirstAdvertising', coalesce(u.flag_status -> 'acceptedFirstAdvertising' = 'true'::jsonb, false),
      'savedFirstProfile', coalesce(u.flag_status -> 'savedFirstProfile' = 'true'::jsonb, false),
      'registeredBankAccount', coalesce(u.flag_status -> 'registeredBankAccount' = 'true'::jsonb, false),
      'addedReferralShop', coalesce(u.flag_status -> 'addedReferralShop' = 'true'::jsonb, false),
      'checkedFirstReward', coalesce(u.flag_status -> 'checkedFirstReward' = 'true'::jsonb, false),
      'watchedAdvertiserRule', coalesce(u.flag_status -> 'watchedAdvertiserRule' = 'true'::jsonb, false),
      'watchedFocustarRule', coalesce(u.flag_status -> 'watchedFocustarRule' = 'true'::jsonb, false)),
    'is_stripe_verified', u.is_stripe_verified,
    'favorites_count', fav.n,
    'shops_count', (select coalesce(sum((select count(*) from shops s where s.company_id = cm.company_id)), 0)::int
       from company_members cm where cm.user_id = u.id),
    'not_accepted_units_count', (select count(*)::int from units un
       where un.user_id = u.id and un.status = 'offered' and un.expires_at > now()),
    'follower_count', fav.n,
    'status', u.status,
    'social_accounts', (select coalesce(json_agg(json_build_object('id', sa.id, 'provider', sa.provider,
         'handle', sa.handle, 'profile_url', sa.profile_url, 'status', sa.status) order by sa.id), '[]'::json)
       from social_accounts sa where sa.user_id = u.id),
    'email_verified', u.email_verified_at is not null,
    'sns_accounts_count', sns.n,
    'approved_sns_accounts_count', sns.approved,
    'last_mode', u.last_mode,
    'last_shop_id', u.last_shop_id
  )::text as user_json`;

/** The joins USER_JSON needs besides `users u` and `roles r` (the favourites count, used twice). */
export const USER_JSON_JOINS =
  'cross join lateral (select count(*)::int as n from favorites f where f.user_id = u.id) fav ' +
  // Issue 25: the SNS accounts for posting, for the first steps of a new supporter (sns_accounts_user_idx).
  "cross join lateral (select count(*)::int as n, (count(*) filter (where sa.status = '承認'))::int as approved " +
  'from sns_accounts sa where sa.user_id = u.id) sns';

const USER_SELECT = sql.raw(
  `select ${USER_JSON} from users u join roles r on r.id = u.role_id ${USER_JSON_JOINS}`,
);

/** The user of a row selected with USER_JSON. */
export function presentUser(row: Row): User {
  return JSON.parse(String(row.user_json)) as User;
}

export async function loadUser(db: Db, userId: number): Promise<User | null> {
  const rows = rowsOf(await db.execute(sql`${USER_SELECT} where u.id = ${userId} and u.deleted_at is null`));
  return rows[0] ? presentUser(rows[0]) : null;
}

/**
 * The joins of the bearer check, for a batch of tokens (ADR 0010, ADR 0153): token, login and user, all
 * still valid. `$1` is a JSON array of `{ i, jti, sid, uid }`, `$2` the start of the rotation grace (epoch
 * seconds); each row answers the `i` of its key, and a key without a row is not signed in.
 */
const AUTH_FROM = `
  from json_to_recordset($1::json) as k(i int, jti uuid, sid uuid, uid bigint)
  join auth_tokens t on t.jti = k.jti
  join auth_sessions s on s.id = t.session_id
  join users u on u.id = s.user_id
  join roles r on r.id = u.role_id
  %JOINS%
  where s.id = k.sid and s.user_id = k.uid
    and t.revoked_at is null and s.revoked_at is null and u.deleted_at is null
    and (t.refreshed_at is null or t.refreshed_at > to_timestamp($2::bigint))`;
export const AUTH_QUERY = `select k.i, r.priority ${AUTH_FROM.replace('%JOINS%', '')}`;
export const AUTH_WITH_USER_QUERY = `select k.i, r.priority, ${USER_JSON} ${AUTH_FROM.replace('%JOINS%', USER_JSON_JOINS)}`;

const lowerEmail = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

// --- users -------------------------------------------------------------------------------------------

export async function findLogin(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(and(lowerEmail(email), isNull(users.deletedAt)));
  return row ?? null;
}

/** Any row holds the address, deleted or not (the unique index covers them all). */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from users where lower(email) = ${email.toLowerCase()}`));
  return rows.length > 0;
}

/** Users and shops share the `/{screen_name}` namespace (ADR 0050): a name held by either is taken. */
export async function screenNameTaken(db: Db, screenName: string): Promise<boolean> {
  const name = screenName.toLowerCase();
  const rows = rowsOf(
    await db.execute(sql`
      select 1 as taken from users where lower(screen_name) = ${name}
      union all
      select 1 from shops where lower(screen_name) = ${name}
      limit 1`),
  );
  return rows.length > 0;
}

export async function shopExists(db: Db, shopId: number): Promise<boolean> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId));
  return !!shop;
}

export async function focustarRoleId(db: Db): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'focustar'));
  if (!row) throw new Error('role focustar is missing (migration 0001)');
  return row.id;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function findMailee(db: Db, userId: number) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      verified: users.emailVerifiedAt,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findActiveUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, verified: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row ?? null;
}

export async function findActiveByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(lowerEmail(email), isNull(users.deletedAt)));
  return row ?? null;
}

/** Locks the user row for the verification transaction. */
export async function lockForVerification(db: Db, userId: number) {
  const [row] = await db
    .select({ referralShopId: users.referralShopId, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

export async function markVerified(db: Db, userId: number, verifiedAt: Date, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: verifiedAt, referralShopId: null, updatedAt: at })
    .where(eq(users.id, userId));
}

/** Raises the flag addedReferralShop (product design 6); the favourite itself is the shops feature's row. */
export async function markReferralFavourite(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ flagStatus: sql`${users.flagStatus} || '{"addedReferralShop": true}'::jsonb` })
    .where(eq(users.id, userId));
}

/** Issue 25 (ADR 0167): the mode (and shop) the person last used, for the next login. */
export async function rememberMode(db: Db, userId: number, mode: 'focustar' | 'shop', shopId: number | null) {
  await db
    .update(users)
    .set(mode === 'shop' ? { lastMode: mode, lastShopId: shopId } : { lastMode: mode })
    .where(eq(users.id, userId));
}

export async function raiseFlag(db: Db, userId: number, flag: UserFlag, at: Date): Promise<void> {
  const patch = JSON.stringify({ [flag]: true });
  await db
    .update(users)
    .set({ flagStatus: sql`${users.flagStatus} || ${patch}::jsonb`, updatedAt: at })
    .where(eq(users.id, userId));
}

export function listRoles(db: Db): Promise<Role[]> {
  return db.select().from(roles).orderBy(roles.priority);
}

export async function setPassword(db: Db, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      // Opening the mailed link proves the address, as the verification link would.
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/** Leaving anonymises the row in place: money rows (ledger, entries, units) keep pointing at it. */
export async function anonymise(db: Db, userId: number, screenName: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      email: null,
      passwordHash: null,
      name: '退会済みユーザー',
      screenName,
      avatarUrl: null,
      bio: null,
      prefecture: null,
      birthYear: null,
      referralShopId: null,
      isStripeVerified: false,
      deletedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/** Everything personal that hangs off a user who leaves. */
export async function deletePersonalRows(db: Db, userId: number): Promise<void> {
  await db.delete(socialAccounts).where(eq(socialAccounts.userId, userId));
  // The rows of other features (SNS accounts, the sealed bank account, favourites, company memberships) go
  // through their services: AccountService's `elsewhere.personLeft` (ADR 0182).
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await db.delete(oauthLoginCodes).where(eq(oauthLoginCodes.userId, userId));
}

// --- password reset links ------------------------------------------------------------------------------

/** A new link replaces the earlier ones: only the newest mail works. */
export async function replaceResetToken(
  db: Db,
  row: { tokenHash: string; userId: number; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db
    .delete(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
  await db.insert(passwordResetTokens).values(row);
}

export async function findUserByResetToken(db: Db, tokenHash: string, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(passwordResetTokens, eq(passwordResetTokens.userId, users.id))
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), lowerEmail(email), isNull(users.deletedAt)));
  return row ?? null;
}

/** Single use: the update claims the token; a second, concurrent use finds it used. */
export async function claimResetToken(db: Db, tokenHash: string, at: Date): Promise<boolean> {
  const claimed = await db
    .update(passwordResetTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, at),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return claimed.length > 0;
}

export async function deleteResetTokens(db: Db, userId: number): Promise<void> {
  await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
}

// --- logins (auth sessions and tokens) -------------------------------------------------------------------

export async function insertLogin(
  db: Db,
  session: typeof authSessions.$inferInsert,
  token: typeof authTokens.$inferInsert,
): Promise<void> {
  await db.insert(authSessions).values(session);
  await db.insert(authTokens).values(token);
}

export async function insertToken(db: Db, token: typeof authTokens.$inferInsert): Promise<void> {
  await db.insert(authTokens).values(token);
}

/** The token row, locked: two concurrent refreshes of one token run one after the other. */
export async function lockToken(db: Db, jti: string, sessionId: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.jti, jti), eq(authTokens.sessionId, sessionId)))
    .for('update');
  return row ?? null;
}

export async function findToken(db: Db, jti: string) {
  const [row] = await db.select().from(authTokens).where(eq(authTokens.jti, jti));
  return row ?? null;
}

export async function markRefreshed(db: Db, jti: string, at: Date, replacedBy: string): Promise<void> {
  await db.update(authTokens).set({ refreshedAt: at, replacedBy }).where(eq(authTokens.jti, jti));
}

export async function findSession(db: Db, sessionId: string) {
  const [row] = await db
    .select({
      revokedAt: authSessions.revokedAt,
      userId: authSessions.userId,
      remember: authSessions.remember,
    })
    .from(authSessions)
    .where(eq(authSessions.id, sessionId));
  return row ?? null;
}

export async function userAlive(db: Db, userId: number): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from users where id = ${userId} and deleted_at is null`));
  return rows.length > 0;
}

export async function revokeSession(db: Db, sessionId: string, reason: string, at: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number, reason: string, at: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** The user's logins that are not revoked, newest activity first, with the newest token's times. */
export async function listSessions(db: Db, userId: number) {
  return db
    .select({
      id: authSessions.id,
      userAgent: authSessions.userAgent,
      remember: authSessions.remember,
      createdAt: authSessions.createdAt,
      lastActiveAt: sql<Date>`max(${authTokens.issuedAt})`.mapWith(authTokens.issuedAt),
      tokenExpiresAt: sql<Date>`max(${authTokens.expiresAt})`.mapWith(authTokens.expiresAt),
    })
    .from(authSessions)
    .innerJoin(authTokens, eq(authTokens.sessionId, authSessions.id))
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)))
    .groupBy(authSessions.id)
    .orderBy(sql`max(${authTokens.issuedAt}) desc`)
    .limit(100);
}

/** Revokes one login of the user: the object-level check is in the query (another user's id matches nothing). */
export async function revokeOwnSession(
  db: Db,
  userId: number,
  sessionId: string,
  reason: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(
      and(eq(authSessions.id, sessionId), eq(authSessions.userId, userId), isNull(authSessions.revokedAt)),
    )
    .returning({ id: authSessions.id });
  return rows.length > 0;
}

// --- social login ------------------------------------------------------------------------------------------

/** The living user a provider identity is linked to. */
export async function findLinkedUser(db: Db, provider: LoginProvider, providerUserId: string) {
  const [row] = await db
    .select({ userId: socialAccounts.userId })
    .from(socialAccounts)
    .innerJoin(users, eq(users.id, socialAccounts.userId))
    .where(
      and(
        eq(socialAccounts.provider, provider),
        eq(socialAccounts.providerUserId, providerUserId),
        isNull(users.deletedAt),
      ),
    );
  return row?.userId ?? null;
}

export async function insertSocialAccount(db: Db, values: typeof socialAccounts.$inferInsert): Promise<void> {
  await db.insert(socialAccounts).values(values);
}

export async function insertLoginCode(db: Db, values: typeof oauthLoginCodes.$inferInsert): Promise<void> {
  await db.insert(oauthLoginCodes).values(values);
}

/** Single use: claims an unused, unexpired code and answers its user. */
export async function claimLoginCode(db: Db, codeHash: string, provider: LoginProvider, at: Date) {
  const [claimed] = await db
    .update(oauthLoginCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(oauthLoginCodes.codeHash, codeHash),
        eq(oauthLoginCodes.provider, provider),
        isNull(oauthLoginCodes.usedAt),
        gt(oauthLoginCodes.expiresAt, at),
      ),
    )
    .returning({ userId: oauthLoginCodes.userId });
  return claimed?.userId ?? null;
}

/** The user's ways of logging in, with the row locked (unlinking must leave one). */
export async function lockLoginMethods(db: Db, userId: number, provider: LoginProvider) {
  const [row] = rowsOf(
    await db.execute(sql`
      select u.password_hash is not null as has_password,
        (select count(*)::int from social_accounts sa
           where sa.user_id = u.id and sa.provider in ('line', 'x', 'google')) as logins,
        (select count(*)::int from social_accounts sa
           where sa.user_id = u.id and sa.provider = ${provider}) as this_one
      from users u where u.id = ${userId} for update`),
  );
  if (!row) return null;
  return {
    hasPassword: row.has_password === true,
    logins: Number(row.logins),
    thisOne: Number(row.this_one),
  };
}

export async function deleteSocialAccount(db: Db, userId: number, provider: LoginProvider): Promise<void> {
  await db
    .delete(socialAccounts)
    .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.provider, provider)));
}

/** Issue 16: the new address, verified by the link that was sent to it. False when another account has it. */
export async function changeEmail(db: Db, userId: number, currentEmail: string, email: string, at: Date) {
  const rows = await db
    .update(users)
    .set({ email: email.toLowerCase(), emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, userId), sql`lower(${users.email}) = ${currentEmail.toLowerCase()}`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends every login of the user but `keepSessionId` (a password change keeps the device it was made on). */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        sql`${authSessions.id} <> ${keepSessionId}`,
      ),
    );
}

// --- devices (issue 24 pentest 3) --------------------------------------------------------------------

/** Whether the user has logged in from this device (the keyed hash of its cookie) before. */
export async function deviceKnown(db: Db, userId: number, deviceHash: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userDevices.userId })
    .from(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, deviceHash)))
    .limit(1);
  return rows.length > 0;
}

/** Remembers a login from this device (first time) or moves its last sighting. */
export async function rememberDevice(db: Db, userId: number, deviceHash: string, at: Date): Promise<void> {
  await db
    .insert(userDevices)
    .values({ userId, deviceHash, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({
      target: [userDevices.userId, userDevices.deviceHash],
      set: { lastSeenAt: at },
    });
}

/** Remembers a sign-in from this address (its keyed hash), or moves its last sighting (issue 24). */
export async function rememberSignInIp(db: Db, userId: number, ipHash: string, at: Date): Promise<void> {
  await db
    .insert(userIps)
    .values({ userId, ipHash, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({ target: [userIps.userId, userIps.ipHash], set: { lastSeenAt: at } });
}

/** The users seen on this device since `since`, the most recent first (at most 50): one index range. */
export async function usersOnDevice(db: Db, deviceHash: string, since: Date): Promise<number[]> {
  const rows = await db
    .select({ userId: userDevices.userId })
    .from(userDevices)
    .where(and(eq(userDevices.deviceHash, deviceHash), gt(userDevices.lastSeenAt, since)))
    .orderBy(sql`${userDevices.lastSeenAt} desc`)
    .limit(50);
  return rows.map((r) => r.userId);
}

/** The users who signed in from this address (keyed hash) since `since`, the most recent first (at most 50). */
export async function usersOnIp(db: Db, ipHash: string, since: Date): Promise<number[]> {
  const rows = await db
    .select({ userId: userIps.userId })
    .from(userIps)
    .where(and(eq(userIps.ipHash, ipHash), gt(userIps.lastSeenAt, since)))
    .orderBy(sql`${userIps.lastSeenAt} desc`)
    .limit(50);
  return rows.map((r) => r.userId);
}

/** Forgets sign-in addresses last seen before `before` (they no longer decide a signal); answers how many. */
export async function pruneSignInIps(db: Db, before: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (delete from user_ips where last_seen_at < ${before} returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(row?.n ?? 0);
}

/**
 * Whether the outbox holds the reset mail of `record` already (issue 26, ADR 0178): a reset job run again
 * after a crash writes no second token and no second mail.
 */
export async function resetMailWritten(db: Db, record: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      select 1 from notification_deliveries where kind = 'mail.password-reset' and record_key = ${record} limit 1`),
  );
  return rows.length > 0;
}

/* ------------------------------------------------------------------ changes other features ask for */
// ADR 0182: the users table is this feature's; another feature changes a person's row through
// AccountService (its methods taking the caller's `tx`), which calls these.

/** Raises one of the user's flags (product design section 1: flag_status), once (money: a bank account). */
export async function raiseFlagOnce(db: Db, userId: number, flag: UserFlag): Promise<void> {
  await db.execute(sql`
    update users set flag_status = flag_status || jsonb_build_object(${flag}::text, true)
    where id = ${userId} and coalesce(flag_status -> ${flag}::text, 'false'::jsonb) <> 'true'::jsonb`);
}

/** `users.is_stripe_verified` (seed spec section 3: reported by /api/me), as money learns it. */
export async function setStripeVerified(db: Db, userId: number, verified: boolean): Promise<void> {
  await db.execute(sql`
    update users set is_stripe_verified = ${verified} where id = ${userId} and is_stripe_verified <> ${verified}`);
}

/** Saves the profile and raises savedFirstProfile (seed spec section 3) in the same statement (supporters). */
export async function saveProfile(
  db: Db,
  userId: number,
  values: {
    name: string;
    screenName: string;
    bio: string | null;
    prefecture: string | null;
    birthYear: number | null;
    favoritesPublic: boolean;
  },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      ...values,
      flagStatus: sql`${users.flagStatus} || '{"savedFirstProfile": true}'::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Sets the avatar; answers the one it replaced (its stored image is deleted by the caller). */
export async function setAvatar(db: Db, userId: number, url: string | null): Promise<string | null> {
  const [before] = rowsOf(
    await db.execute(sql`
      update users u set avatar_url = ${url}, updated_at = now()
      from (select id, avatar_url from users where id = ${userId} for update) old
      where u.id = old.id and u.deleted_at is null
      returning old.avatar_url`),
  );
  return (before?.avatar_url as string | null) ?? null;
}

/** The supporter review's status on the person (supporters); name and e-mail for the mail, or null if gone. */
export async function setSupporterStatus(
  db: Db,
  userId: number,
  status: string,
): Promise<{ name: string; email: string | null } | null> {
  const [user] = await db
    .update(users)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`))
    .returning({ name: users.name, email: users.email });
  return user ?? null;
}

/** Gives the user the role (by name); the caller holds the row's lock (supporters' role change). */
export async function setRole(tx: Db, userId: number, role: string, at: Date): Promise<void> {
  await tx.execute(sql`
    update users set role_id = (select id from roles where name = ${role}), updated_at = ${at}
    where id = ${userId}`);
}

/** Sets the person's status (fraud: アカウント停止) and answers the one before, or null if no such person. */
export async function setStatusReturningOld(db: Db, userId: number, status: string): Promise<string | null> {
  const [row] = rowsOf<{ old: string }>(
    await db.execute(sql`
      update users u set status = ${status}, updated_at = now() from (select status as old from users where id = ${userId}) o
      where u.id = ${userId} returning o.old`),
  );
  return row ? row.old : null;
}
