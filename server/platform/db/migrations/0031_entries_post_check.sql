-- Issue 23 (product design section 8, ADR 0162): a winner's post follows the proof rules of units. What the
-- automatic check found is kept: ok, or unknown (the platform could not be asked); an unknown post is never
-- approved automatically. Posts sent before this migration were checked under the old rules: ok.
ALTER TABLE "entries" ADD COLUMN "post_check" text;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_post_check_check" CHECK ("post_check" IS NULL OR "post_check" IN ('ok', 'unknown'));--> statement-breakpoint
UPDATE "entries" SET "post_check" = 'ok' WHERE "post_url" IS NOT NULL;
