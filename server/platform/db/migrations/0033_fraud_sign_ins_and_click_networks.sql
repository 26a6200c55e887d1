-- Issue 24 fraud signals (ADR 0164): `shared_device`, `self_click` and `click_burst`.
-- user_ips: the public addresses each user signed up or signed in from, as a keyed hash (never the address),
-- kept a day: three accounts from one address within 24 hours, and a supporter's clicks on their own link
-- from an address they signed in from.
CREATE TABLE "user_ips" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "ip_hash" text NOT NULL,
  "first_seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "ip_hash")
);--> statement-breakpoint
CREATE INDEX "user_ips_ip_idx" ON "user_ips" ("ip_hash", "last_seen_at");--> statement-breakpoint
-- short_link_net_clicks: clicks on a unit's link per network (/24, /48; keyed hash) and minute, kept ten
-- minutes: more than 30 in 10 minutes from one network is a burst.
CREATE TABLE "short_link_net_clicks" (
  "link_id" integer NOT NULL REFERENCES "short_links"("id") ON DELETE CASCADE,
  "network" text NOT NULL,
  "minute" timestamp with time zone NOT NULL,
  "clicks" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("link_id", "network", "minute")
);--> statement-breakpoint
CREATE INDEX "short_link_net_clicks_minute_idx" ON "short_link_net_clicks" ("minute");--> statement-breakpoint
-- The click writer finds the unit (and its supporter) of a link.
CREATE INDEX "units_short_link_idx" ON "units" ("short_link_id");
