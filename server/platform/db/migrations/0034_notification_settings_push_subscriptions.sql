-- Issue 26 (part 2, ADR on notification preferences): 通知設定 and Web Push subscriptions.
-- notification_settings: one row per person who changed something; `channels` holds only the choices they
-- made, as { "<group>": { "<channel>": true|false } }; everything not there follows the defaults of product
-- design section 8 (server/platform/notify/preferences.ts). `quiet_hours` holds LINE and push 22:00-8:00 JST.
CREATE TABLE "notification_settings" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE CASCADE,
  "channels" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "quiet_hours" boolean NOT NULL DEFAULT true,
  "posts_to_judge" text NOT NULL DEFAULT 'digest',
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
-- push_subscriptions: one row per browser (device) that allowed notifications; the endpoint is the push
-- service's address for it, p256dh and auth its keys (RFC 8291). A 404/410 from the push service deletes it.
CREATE TABLE "push_subscriptions" (
  "id" serial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "endpoint" text NOT NULL,
  "p256dh" text NOT NULL,
  "auth" text NOT NULL,
  "device" text NOT NULL DEFAULT 'other',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "last_sent_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_unique" ON "push_subscriptions" ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" ("user_id");
