import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Platform } from '../../../contracts/advertisements.ts';
import { shortLinks } from '../../platform/short-links.ts';
// NOTE: another feature's schema.ts is the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, updatedAt, users } from '../accounts/schema.ts';
import { shops } from '../shops/schema.ts';
import { snsAccounts } from '../supporters/schema.ts';

/**
 * Issue 13, product design section 3: support requests (拡散依頼) and their units (one offer to one
 * supporter). Money is integer yen; dates of a request are Asia/Tokyo calendar days; times are UTC.
 */

export const advertisements = pgTable(
  'advertisements',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** 下書き / 審査中 / 配信中 / 差し戻し / 終了 */
    status: text('status').notNull().default('下書き'),
    text: text('text').notNull().default(''),
    hashtags: jsonb('hashtags').$type<string[]>().notNull().default([]),
    imageUrls: jsonb('image_urls').$type<string[]>().notNull().default([]),
    /** Null: the shop's public page. */
    landingUrl: text('landing_url'),
    platforms: jsonb('platforms').$type<Platform[]>().notNull().default([]),
    units: integer('units'),
    reward: integer('reward'),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The first-advertising package (10 units at 100 yen, fee waived), once per shop. */
    isFirst: boolean('is_first').notNull().default(false),
    feeWaived: boolean('fee_waived').notNull().default(false),
    /** Why staff sent it back (差し戻し); the owner sees it. */
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NOTE: `.desc()` alone makes drizzle write DESC NULLS LAST, an order `order by … desc` (NULLS FIRST)
    // cannot read from the index: every descending key here says nullsFirst() (issue 17, ADR 0123).
    index('advertisements_shop_idx').on(t.shopId, t.id.desc().nullsFirst()),
    index('advertisements_status_idx').on(t.status, t.id.desc().nullsFirst()),
    // A company's refunds of a span of months: its shops' ended requests by their end (issue 17, ADR 0124).
    index('advertisements_shop_ended_idx')
      .on(t.shopId, t.endedAt)
      .where(sql`${t.status} = '終了'`),
    // "once per shop": the database refuses a second first-advertising request, whatever races.
    uniqueIndex('advertisements_first_per_shop')
      .on(t.shopId)
      .where(sql`${t.isFirst}`),
    check('advertisements_money_check', sql`${t.units} is null or ${t.units} > 0`),
    check('advertisements_reward_check', sql`${t.reward} is null or ${t.reward} >= 100`),
  ],
);

export const units = pgTable(
  'units',
  {
    id: serial('id').primaryKey(),
    advertisementId: integer('advertisement_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    /**
     * The request's shop, copied by the trigger `units_shop_id` (migration 0019) on insert: a request never
     * changes shop. Lets a shop's units be read newest first from one index (issue 17, ADR 0124).
     */
    shopId: integer('shop_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** offered / accepted / declined / expired / posted / approved / rejected / reversed */
    status: text('status').notNull().default('offered'),
    /** Copied from the request when offered: what approval credits. */
    reward: integer('reward').notNull(),
    /** The platform the supporter posts on: the one of the SNS account the offer is for (issue 23). */
    platform: text('platform').$type<Platform>(),
    /** The supporter's approved SNS account the unit is offered for (product design section 8). */
    snsAccountId: integer('sns_account_id').references(() => snsAccounts.id, { onDelete: 'set null' }),
    /** The automatic check of the reported post: ok, or unknown (the platform could not be asked). */
    postCheck: text('post_check').$type<'ok' | 'unknown'>(),
    /** The reward's hold is over and the post was still there (確定); null while 確定待ち. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The reward was taken back (status reversed): when and why. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversalReason: text('reversal_reason'),
    /** Staff overrode a reversal: their note and who. */
    overrideNote: text('override_note'),
    overrideBy: integer('override_by').references(() => users.id, { onDelete: 'set null' }),
    shortLinkId: integer('short_link_id').references(() => shortLinks.id),
    /** Canonical post URL (contracts `checkPostUrl`): one post proves one unit. */
    postUrl: text('post_url'),
    /** Proofs sent: a rejected unit may be resubmitted once. */
    submissions: smallint('submissions').notNull().default(0),
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
    /** Who judged (null: approved automatically after 7 days). */
    judgedBy: integer('judged_by').references(() => users.id, { onDelete: 'set null' }),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    judgedAt: timestamp('judged_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // "never the same supporter twice in one request"
    uniqueIndex('units_advertisement_user_unique').on(t.advertisementId, t.userId),
    uniqueIndex('units_post_url_unique').on(t.postUrl),
    index('units_user_status_idx').on(t.userId, t.status, t.id.desc().nullsFirst()),
    // A supporter's units newest first without a status (issue 17: the list read 25,000 rows of other users).
    index('units_user_id_idx').on(t.userId, t.id.desc().nullsFirst()),
    index('units_advertisement_status_idx').on(t.advertisementId, t.status),
    // A shop's units newest first (issue 17: through the requests it read 60,000 units of other shops).
    index('units_shop_id_idx').on(t.shopId, t.id.desc().nullsFirst()),
    index('units_status_expires_idx').on(t.status, t.expiresAt),
    // Issue 23 (migration 0026): a supporter's rewards on hold, the confirmation sweep, open offers by account.
    index('units_holding_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'approved' and ${t.confirmedAt} is null`),
    index('units_to_confirm_idx')
      .on(t.judgedAt)
      .where(sql`${t.status} = 'approved' and ${t.confirmedAt} is null`),
    index('units_sns_account_idx')
      .on(t.snsAccountId)
      .where(sql`${t.status} = 'offered'`),
    check('units_post_check_check', sql`${t.postCheck} is null or ${t.postCheck} in ('ok', 'unknown')`),
  ],
);

export type AdvertisementRow = typeof advertisements.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
