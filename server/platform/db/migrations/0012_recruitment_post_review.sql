ALTER TABLE "entries" ADD COLUMN "submissions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "reject_note" text;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "auto_approved" boolean DEFAULT false NOT NULL;