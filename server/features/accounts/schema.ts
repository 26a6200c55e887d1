import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The accounts part of the data model (product design section 2): users and roles, logins (auth
 * sessions and tokens), social accounts, reset links and OAuth login codes. Times are UTC (timestamptz)
 * and shown in Asia/Tokyo by the client. Every feature's tables are listed in ../schema.ts.
 */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type UserFlags = Partial<
  Record<
    | 'acceptedFirstAdvertising'
    | 'savedFirstProfile'
    | 'registeredBankAccount'
    | 'addedReferralShop'
    | 'checkedFirstReward'
    | 'watchedAdvertiserRule'
    | 'watchedFocustarRule',
    boolean
  >
>;
export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** Lower is more privileged: admin 1, staff 5, focustar 10. */
  priority: integer('priority').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email'),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    screenName: text('screen_name').notNull(),
    avatarUrl: text('avatar_url'),
    bio: text('bio'),
    prefecture: text('prefecture'),
    birthYear: integer('birth_year'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    /** Supporter review status: 審査中, 承認, 却下. */
    status: text('status').notNull().default('審査中'),
    flagStatus: jsonb('flag_status').$type<UserFlags>().notNull().default({}),
    isStripeVerified: boolean('is_stripe_verified').notNull().default(false),
    referralShopId: integer('referral_shop_id'),
    /** When the user agreed to the terms and the privacy policy at sign-up. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    /** The public page lists the shops the user follows only when the user allows it (issue 16). */
    favoritesPublic: boolean('favorites_public').notNull().default(false),
    /** Issue 25 (ADR 0167): the mode and shop last used ('focustar' or 'shop'; null: never chosen). */
    lastMode: text('last_mode').$type<'focustar' | 'shop'>(),
    // NOTE: references shops(id) on delete set null in migration 0036; not declared here, because the
    // shops schema imports this file.
    lastShopId: integer('last_shop_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Leaving anonymises the row; money rows keep pointing at it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_screen_name_lower_unique').on(sql`lower(${t.screenName})`),
    index('users_role_idx').on(t.roleId),
    // The staff supporter list filtered by prefecture, newest first, and by name: those who left (all
    // named deleted-…) would come first in the name order and be read, and skipped, on every first page.
    index('users_prefecture_idx').on(t.prefecture, t.id),
    index('users_active_name_idx')
      .on(sql`lower(${t.screenName})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The staff supporter search matches a word anywhere in these (issue 17, ADR 0123: trigram indexes).
    index('users_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('users_screen_name_trgm').using('gin', sql`lower(${t.screenName}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', sql`lower(coalesce(${t.email}, '')) gin_trgm_ops`),
    // The beginning of an address (`taro@`) is found by prefix (ADR 0157), whatever the collation.
    index('users_email_prefix').on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

/**
 * The browsers each user has logged in from (issue 24 pentest 3, ADR 0166): the keyed hash of the device
 * cookie, never the cookie. A known device gets past the per-IP login budget with the right password; the
 * fraud signals read the same rows (several accounts on one device).
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.deviceHash] }),
    index('user_devices_device_idx').on(t.deviceHash, t.lastSeenAt),
  ],
);

/**
 * Issue 24 `shared_device` and `self_click` (ADR 0164, migration 0033): the public addresses each user signed
 * up or signed in from, as a keyed hash (`signalIpHash`), kept a day: three accounts from one address in 24
 * hours are flagged, and a supporter's clicks on their own link from such an address are not counted.
 */
export const userIps = pgTable(
  'user_ips',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipHash: text('ip_hash').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ipHash] }), index('user_ips_ip_idx').on(t.ipHash, t.lastSeenAt)],
);

export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', {
      enum: ['line', 'x', 'instagram', 'tiktok', 'facebook', 'google'],
    }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    handle: text('handle'),
    profileUrl: text('profile_url'),
    followerCount: integer('follower_count'),
    /** 審査中 / 承認 / 却下 */
    status: text('status').notNull().default('審査中'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('social_accounts_provider_user_unique').on(t.provider, t.providerUserId),
    index('social_accounts_user_idx').on(t.userId),
  ],
);

/** One row per login (a refresh family). Revoking it signs that login out everywhere it was refreshed. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    /** 「ログインしたままにする」: renewable 14 days after the token expired instead of 24 hours (ADR 0017). */
    remember: boolean('remember').notNull().default(false),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Every access token issued, so that rotation, reuse detection and logout can be checked by id. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    jti: uuid('jti').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for a new one (rotation). */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    replacedBy: uuid('replaced_by'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_session_idx').on(t.sessionId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * One-time login codes handed to the SPA by the OAuth callback (`/oauth/{provider}?code=…`), exchanged
 * once for `{ user, access_token }`. Stored hashed, valid for two minutes.
 */
export const oauthLoginCodes = pgTable(
  'oauth_login_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('oauth_login_codes_user_idx').on(t.userId)],
);
