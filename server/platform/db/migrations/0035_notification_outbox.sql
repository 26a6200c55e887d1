-- Issue 26 "One outbox" (ADR on the one outbox): every message to a person is written in the transaction of the change
-- that causes it. notifications: the in-app rows (the bell and /notifications), one per recipient, kind and
-- record. notification_deliveries: one row per recipient, kind, record and channel (mail, line, push), the
-- delivery worker's state. A recipient is a user (`user:12`) or, for mail to an address that is no user
-- (a contact form's sender, the operators' inbox), a keyed hash of the address (`addr:…`); the address and
-- the rendered mail are kept only until the message is sent.
CREATE TABLE "notifications" (
  "id" bigserial PRIMARY KEY,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "record_key" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "path" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "read_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_once_idx" ON "notifications" ("user_id", "kind", "record_key");--> statement-breakpoint
CREATE INDEX "notifications_page_idx" ON "notifications" ("user_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
  "id" bigserial PRIMARY KEY,
  "recipient" text NOT NULL,
  "user_id" integer REFERENCES "users"("id") ON DELETE CASCADE,
  "address" text,
  "kind" text NOT NULL,
  "record_key" text NOT NULL,
  "channel" text NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "path" text NOT NULL,
  "payload" jsonb,
  "status" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "not_before" timestamp with time zone,
  "queued_at" timestamp with time zone NOT NULL DEFAULT now(),
  "leased_until" timestamp with time zone,
  "sent_at" timestamp with time zone,
  "last_error" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_once_idx" ON "notification_deliveries" ("recipient", "kind", "record_key", "channel");--> statement-breakpoint
CREATE INDEX "notification_deliveries_pending_idx" ON "notification_deliveries" ("queued_at") WHERE "status" = 'pending';
