-- Issue 27 (speed goal of bench:scale, ADR 0186): the posts of a shop's month, most clicked first, without
-- adding up every post's days. Counted clicks per unit link and Japan month, under the link's shop; the
-- click writer adds to it in the transaction that adds to short_link_click_sources (addShopClicks), so the
-- two can never disagree. A whole month of a shop's results reads its posts from the index below in order
-- of clicks and stops after the first fifty.
CREATE TABLE "link_click_months" (
  "link_id" integer NOT NULL REFERENCES "short_links"("id") ON DELETE CASCADE,
  "month" text NOT NULL CHECK ("month" ~ '^[0-9]{4}-[0-9]{2}$'),
  "shop_id" integer NOT NULL REFERENCES "shops"("id") ON DELETE CASCADE,
  "clicks" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("link_id", "month")
);--> statement-breakpoint
CREATE INDEX "link_click_months_shop_idx" ON "link_click_months" ("shop_id", "month", "clicks" DESC, "link_id");--> statement-breakpoint
-- Tens of millions of rows at scale: grouped in memory rather than sorted on disk in many passes.
SET LOCAL work_mem = '256MB';--> statement-breakpoint
INSERT INTO "link_click_months" ("link_id", "month", "shop_id", "clicks")
  SELECT c."link_id", to_char(c."day", 'YYYY-MM'), u."shop_id", sum(c."clicks")::int
  FROM "short_link_click_sources" c JOIN "units" u ON u."short_link_id" = c."link_id"
  WHERE u."shop_id" IS NOT NULL
  GROUP BY 1, 2, 3;
