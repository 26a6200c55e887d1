-- Issue 25 (point 1, ADR on the remembered mode): the mode and shop a person last used, so the next login
-- goes straight back there. last_mode is 'focustar' or 'shop' (null: never chosen); last_shop_id is the
-- shop last entered (null when none, or when the shop is deleted).
ALTER TABLE "users" ADD COLUMN "last_mode" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_shop_id" integer REFERENCES "shops"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_mode_check" CHECK ("last_mode" in ('focustar', 'shop'));
