import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, users } from '../accounts/schema.ts';

/**
 * The supporters part of the data model (issue 16, ADR 0090): the SNS accounts a supporter posts from,
 * each reviewed by staff, and the history of the supporter's own review status. Login links (LINE, X,
 * Google) stay in accounts' `social_accounts`: a way to log in is not an account to post from.
 */

export const snsAccounts = pgTable(
  'sns_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** instagram / tiktok / x / line_voom */
    platform: text('platform', { enum: ['instagram', 'tiktok', 'x', 'line_voom'] }).notNull(),
    handle: text('handle').notNull(),
    followerCount: integer('follower_count'),
    /** 審査中 / 承認 / 却下 */
    status: text('status', { enum: ['審査中', '承認', '却下'] })
      .notNull()
      .default('審査中'),
    /** Shown to the supporter, who puts it into the account's bio: the account is theirs. */
    ownershipCode: text('ownership_code').notNull(),
    /** What the ownership checker found when staff decided: found / not_found / unavailable. */
    ownershipCheck: text('ownership_check', { enum: ['found', 'not_found', 'unavailable'] }),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One living claim per account: a rejected claim does not block the real owner.
    uniqueIndex('sns_accounts_platform_handle_unique')
      .on(t.platform, sql`lower(${t.handle})`)
      .where(sql`${t.status} <> '却下'`),
    index('sns_accounts_user_idx').on(t.userId),
    index('sns_accounts_queue_idx').on(t.status, t.id),
  ],
);

/** Every change of a supporter's review status, with the reason mailed to the supporter. */
export const supporterReviews = pgTable(
  'supporter_reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['審査中', '承認', '却下'] }).notNull(),
    reason: text('reason'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('supporter_reviews_user_idx').on(t.userId, t.id)],
);
