import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// NOTE: other features' schema.ts are the one cross-feature import allowed (ADR 0005): foreign keys.
import { createdAt, updatedAt, users } from '../accounts/schema.ts';
import { shops } from '../shops/schema.ts';

/**
 * Monitor recruitments and their entries (issue 15, product design section 4). Times are UTC; the
 * lottery's published fields (seed commitment, frozen entry ids and their hash, winners in rank order)
 * are stored as they were published, so the public page shows exactly what was committed (ADR 0080).
 */

export interface RecruitmentImage {
  key: string;
  url: string;
  width: number;
  height: number;
}

const at = (name: string) => timestamp(name, { withTimezone: true });

export const recruitments = pgTable(
  'recruitments',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    images: jsonb('images').$type<RecruitmentImage[]>().notNull().default([]),
    benefit: text('benefit').notNull(),
    /** Integer yen. */
    benefitValue: integer('benefit_value').notNull(),
    winnersCount: integer('winners_count').notNull(),
    applicationStartsAt: at('application_starts_at').notNull(),
    applicationEndsAt: at('application_ends_at').notNull(),
    visitStartsAt: at('visit_starts_at').notNull(),
    visitEndsAt: at('visit_ends_at').notNull(),
    platform: text('platform').notNull(),
    conditions: text('conditions').notNull(),
    targetPrefecture: text('target_prefecture'),
    /**
     * The shop's prefecture, kept by the triggers `recruitments_shop_prefecture` and
     * `shops_prefecture_to_recruitments` (migration 0021): the area list reads one index (issue 17, ADR 0124).
     */
    shopPrefecture: text('shop_prefecture'),
    /** everyone | followers */
    targetAudience: text('target_audience').notNull().default('everyone'),
    question: text('question'),
    /** 下書き -> 募集中 -> 選考中 -> 当選発表済 -> 終了 */
    status: text('status').notNull().default('下書き'),
    /** A draft staff published ahead of its start: the clock job opens it then. */
    publishAt: at('publish_at'),
    openedAt: at('opened_at'),
    /** The 32-byte secret seed as hex; never answered before the draw. */
    seed: text('seed'),
    seedCommitment: text('seed_commitment'),
    drawnAt: at('drawn_at'),
    entryIds: jsonb('entry_ids').$type<number[]>(),
    entryIdsHash: text('entry_ids_hash'),
    winnerEntryIds: jsonb('winner_entry_ids').$type<number[]>(),
    declinedEntryIds: jsonb('declined_entry_ids').$type<number[]>(),
    /** lottery | manual */
    selection: text('selection'),
    /**
     * Applications closed by staff before the deadline (issue 23, migration 0027): who, when and why;
     * the public page shows the time and the reason. Without them no draw comes before the deadline.
     */
    closedEarlyAt: at('closed_early_at'),
    closedEarlyBy: integer('closed_early_by').references(() => users.id, { onDelete: 'set null' }),
    closeReason: text('close_reason'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recruitments_status_ends_idx').on(t.status, t.applicationEndsAt, t.id),
    // The in-progress list (three statuses) in deadline order without sorting them all (issue 17).
    index('recruitments_in_progress_idx')
      .on(t.applicationEndsAt, t.id)
      .where(sql`${t.status} in ('募集中', '選考中', '当選発表済')`),
    index('recruitments_shop_idx').on(t.shopId, t.id),
    // The in-progress list of one prefecture (the area search) in deadline order (issue 17).
    index('recruitments_area_in_progress_idx')
      .on(t.shopPrefecture, t.applicationEndsAt, t.id)
      .where(sql`${t.status} in ('募集中', '選考中', '当選発表済')`),
  ],
);

export const entries = pgTable(
  'entries',
  {
    id: serial('id').primaryKey(),
    recruitmentId: integer('recruitment_id')
      .notNull()
      .references(() => recruitments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * 応募中 -> 当選 | 落選; 当選 -> 体験済 -> 投稿済 -> 完了 (a rejected post goes back to 体験済);
     * 当選 -> 辞退 (the winner) | 当選 or 体験済 -> 当選取消 (staff, with a reason) (issue 23).
     */
    status: text('status').notNull().default('応募中'),
    answer: text('answer'),
    postUrl: text('post_url'),
    /** The automatic check of the post (issue 23): ok, or unknown (never approved automatically). */
    postCheck: text('post_check').$type<'ok' | 'unknown'>(),
    /** How many times the winner sent a post URL: one resubmission after a rejection (ADR 0083). */
    submissions: integer('submissions').notNull().default(0),
    /** The last rejection of the post (product design section 7's fixed list), cleared on resubmission. */
    rejectReason: text('reject_reason'),
    rejectNote: text('reject_note'),
    rejectedAt: at('rejected_at'),
    /** 完了 by the 7-day automatic approval rather than by the shop. */
    autoApproved: boolean('auto_approved').notNull().default(false),
    /**
     * A winner released from the place (issue 23, migration 0027): 辞退 by the winner, or 当選取消 by
     * staff with a reason; `replacedBy` is the entry a redraw moved up into the place, and when.
     */
    releasedAt: at('released_at'),
    releasedBy: integer('released_by').references(() => users.id, { onDelete: 'set null' }),
    releaseReason: text('release_reason'),
    replacedBy: integer('replaced_by').references((): AnyPgColumn => entries.id, { onDelete: 'set null' }),
    replacedAt: at('replaced_at'),
    visitedAt: at('visited_at'),
    postedAt: at('posted_at'),
    completedAt: at('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('entries_recruitment_user_unique').on(t.recruitmentId, t.userId),
    index('entries_user_idx').on(t.userId, t.id),
    index('entries_recruitment_status_idx').on(t.recruitmentId, t.status, t.id),
    index('entries_released_idx')
      .on(t.recruitmentId, t.releasedAt, t.id)
      .where(sql`${t.releasedAt} is not null`),
  ],
);

export type RecruitmentRow = typeof recruitments.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;
