-- Issue 24 pentest 3 (ADR 0166): the browsers each user has logged in from, as the keyed hash of the
-- long-lived device cookie (never the cookie). A known device gets past the per-IP login budget with the
-- right password; the fraud signals read the same rows.
CREATE TABLE "user_devices" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "device_hash" text NOT NULL,
  "first_seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_seen_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("user_id", "device_hash")
);--> statement-breakpoint
CREATE INDEX "user_devices_device_idx" ON "user_devices" ("device_hash", "last_seen_at");
