import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The operators' dashboard, a row per month (issue 27, ADR 0168, migration 0037): each month's figures
 * computed once from the raw rows and kept, so GET /api/dashboard reads twelve rows at any size. The current
 * month, and the previous one until it settles, are computed again by the job `results.dashboard-months`.
 */
export const dashboardMonths = pgTable('dashboard_months', {
  month: text('month').primaryKey(),
  billed: integer('billed').notNull(),
  platformFee: integer('platform_fee').notNull(),
  rewardsCredited: integer('rewards_credited').notNull(),
  rewardsPaid: integer('rewards_paid').notNull(),
  reversals: integer('reversals').notNull(),
  activeSupporters: integer('active_supporters').notNull(),
  liveShops: integer('live_shops').notNull(),
  medianJudgementHours: doublePrecision('median_judgement_hours'),
  offered: integer('offered').notNull(),
  accepted: integer('accepted').notNull(),
  fraudHolds: integer('fraud_holds').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
