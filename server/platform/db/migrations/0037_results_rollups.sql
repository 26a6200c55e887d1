-- Issue 27 (speed goal of bench:scale, ADR 0168): the results of a shop over a period read a number of rows
-- that does not grow with the number of users.
--
-- 1. Counted clicks per shop, Japan day, referrer platform and device class: the sum over the shop's unit
--    links of short_link_click_sources. The click writer adds to both tables in one transaction, so they can
--    never disagree; the backfill below copies what is there now.
CREATE TABLE "shop_click_sources" (
  "shop_id" integer NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "platform" text NOT NULL CHECK ("platform" IN ('x', 'instagram', 'tiktok', 'line', 'other', 'none', 'unknown')),
  "device" text NOT NULL CHECK ("device" IN ('mobile', 'pc', 'unknown')),
  "clicks" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("shop_id", "day", "platform", "device")
);--> statement-breakpoint
-- Tens of millions of rows at scale: grouped in memory rather than sorted on disk in many passes.
SET LOCAL work_mem = '256MB';--> statement-breakpoint
INSERT INTO "shop_click_sources" ("shop_id", "day", "platform", "device", "clicks")
  SELECT u."shop_id", c."day", c."platform", c."device", sum(c."clicks")::int
  FROM "short_link_click_sources" c JOIN "units" u ON u."short_link_id" = c."link_id"
  WHERE u."shop_id" IS NOT NULL
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
-- 2. The requests of a shop live in a period (approved, period overlapping): a range on ends_on, not every
--    request the shop ever made.
CREATE INDEX "advertisements_shop_period_idx" ON "advertisements" ("shop_id", "ends_on") INCLUDE ("starts_on")
  WHERE "approved_at" IS NOT NULL;--> statement-breakpoint
-- 3. The funnel and the posts of those requests from the index alone.
CREATE INDEX "units_results_idx" ON "units" ("advertisement_id")
  INCLUDE ("status", "accepted_at", "posted_at", "short_link_id");--> statement-breakpoint
-- 4. The operators' dashboard: each month's figures computed once into a row (the current and the previous
--    month again by a job every few minutes), so GET /api/dashboard reads twelve rows.
CREATE TABLE "dashboard_months" (
  "month" text PRIMARY KEY CHECK ("month" ~ '^[0-9]{4}-[0-9]{2}$'),
  "billed" integer NOT NULL,
  "platform_fee" integer NOT NULL,
  "rewards_credited" integer NOT NULL,
  "rewards_paid" integer NOT NULL,
  "reversals" integer NOT NULL,
  "active_supporters" integer NOT NULL,
  "live_shops" integer NOT NULL,
  "median_judgement_hours" double precision,
  "offered" integer NOT NULL,
  "accepted" integer NOT NULL,
  "fraud_holds" integer NOT NULL,
  "computed_at" timestamptz NOT NULL DEFAULT now()
);
