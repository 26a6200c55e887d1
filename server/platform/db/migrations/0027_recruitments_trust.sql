-- Issue 23 "Recruitments" (product design section 8, ADR 0161): applications closed before their
-- deadline carry the staff member, the time and the reason the public page shows; a winner who
-- declined (their own action) or whom staff cancelled with a reason is released, and the entry that a
-- redraw moved up into the place is recorded beside it, so the public page lists each replacement.
ALTER TABLE "recruitments" ADD COLUMN "closed_early_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "recruitments" ADD COLUMN "closed_early_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "recruitments" ADD COLUMN "close_reason" text;
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "released_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "released_by" integer REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "release_reason" text;
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "replaced_by" integer REFERENCES "entries"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "entries" ADD COLUMN "replaced_at" timestamp with time zone;
--> statement-breakpoint
-- The public page reads a recruitment's released winners; few rows, so a partial index.
CREATE INDEX "entries_released_idx" ON "entries" USING btree ("recruitment_id", "released_at", "id") WHERE "released_at" IS NOT NULL;
