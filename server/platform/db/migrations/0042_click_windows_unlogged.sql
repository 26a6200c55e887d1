-- Issue 29, a viral link (ADR 0212): what PostgreSQL does for each click of a spike. Every click of a spike
-- from a new visitor is a new row in two tables that only judge the clicks of the next hour (the one-hour
-- rule's visitors) and of the next ten minutes (the per-network burst sums):
-- - they are kept without write-ahead log. After a crash (or on a standby promoted to primary) they start
--   empty: for at most an hour a visitor may be counted once more, and a burst under way is summed from the
--   restart. The counts themselves (short_link_clicks and the roll-ups) stay logged;
-- - their keys are keyed hashes (hex), compared byte by byte ("C"), not by the database's language rules;
-- - the time indexes only serve the pruning job (delete what is older than the window): a block range
--   index, a few pages however many rows, instead of one more B-tree entry per click.
ALTER TABLE "short_link_visitors" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "short_link_net_clicks" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "short_link_visitors" ALTER COLUMN "visitor" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "short_link_net_clicks" ALTER COLUMN "network" TYPE text COLLATE "C";--> statement-breakpoint
DROP INDEX "short_link_visitors_counted_idx";--> statement-breakpoint
CREATE INDEX "short_link_visitors_counted_idx" ON "short_link_visitors" USING brin ("counted_at") WITH (autosummarize = on);--> statement-breakpoint
DROP INDEX "short_link_net_clicks_minute_idx";--> statement-breakpoint
CREATE INDEX "short_link_net_clicks_minute_idx" ON "short_link_net_clicks" USING brin ("minute") WITH (autosummarize = on);
