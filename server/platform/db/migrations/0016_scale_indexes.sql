DROP INDEX "advertisements_shop_idx";--> statement-breakpoint
DROP INDEX "advertisements_status_idx";--> statement-breakpoint
DROP INDEX "units_user_status_idx";--> statement-breakpoint
DROP INDEX "favorites_shop_created_idx";--> statement-breakpoint
DROP INDEX "shop_reviews_shop_created_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_user_amount";--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "lines_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "lines_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "failed_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "favoriters_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "users_prefecture_idx" ON "users" USING btree ("prefecture","id");--> statement-breakpoint
CREATE INDEX "users_active_name_idx" ON "users" USING btree (lower("screen_name"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_screen_name_trgm" ON "users" USING gin (lower("screen_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (lower(coalesce("email", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "units_user_id_idx" ON "units" USING btree ("user_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payout_lines_batch_id" ON "payout_lines" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "recruitments_in_progress_idx" ON "recruitments" USING btree ("application_ends_at","id") WHERE "recruitments"."status" in ('募集中', '選考中', '当選発表済');--> statement-breakpoint
CREATE INDEX "shops_published_area_idx" ON "shops" USING btree ("prefecture","category","id") WHERE "shops"."status" = '公開中';--> statement-breakpoint
CREATE INDEX "shops_published_category_idx" ON "shops" USING btree ("category","id") WHERE "shops"."status" = '公開中';--> statement-breakpoint
CREATE INDEX "shops_name_trgm" ON "shops" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_screen_name_trgm" ON "shops" USING gin ("screen_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shops_description_trgm" ON "shops" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ledger_entries_user_kind" ON "ledger_entries" USING btree ("user_id","kind","created_at","amount");--> statement-breakpoint
CREATE INDEX "advertisements_shop_idx" ON "advertisements" USING btree ("shop_id","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "advertisements_status_idx" ON "advertisements" USING btree ("status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "units_user_status_idx" ON "units" USING btree ("user_id","status","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favorites_shop_created_idx" ON "favorites" USING btree ("shop_id","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "shop_reviews_shop_created_idx" ON "shop_reviews" USING btree ("shop_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ledger_entries_user_amount" ON "ledger_entries" USING btree ("user_id","created_at","id","amount");