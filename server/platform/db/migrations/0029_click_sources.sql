-- Issue 27 (product design section 8 "Results for shops", ADR 0165): counted clicks rolled up per link (a
-- unit's tracking link), Japan day, platform of the referrer and device class. Coarse categories only, never
-- a referrer URL, an IP or a user agent. The click writer adds to this table in the transaction that adds to
-- short_link_clicks, so per link and day both sum to the same clicks.
CREATE TABLE "short_link_click_sources" (
  "link_id" integer NOT NULL REFERENCES "short_links"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "platform" text NOT NULL CHECK ("platform" IN ('x', 'instagram', 'tiktok', 'line', 'other', 'none', 'unknown')),
  "device" text NOT NULL CHECK ("device" IN ('mobile', 'pc', 'unknown')),
  "clicks" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("link_id", "day", "platform", "device")
);--> statement-breakpoint
-- The clicks counted before the roll-up existed: their platform and device were never recorded ('unknown').
INSERT INTO "short_link_click_sources" ("link_id", "day", "platform", "device", "clicks")
  SELECT "link_id", "day", 'unknown', 'unknown', "clicks" FROM "short_link_clicks" WHERE "clicks" > 0;
