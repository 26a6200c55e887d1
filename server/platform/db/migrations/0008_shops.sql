ALTER TABLE "companies" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "cover_image_key" text;--> statement-breakpoint
CREATE INDEX "favorites_shop_created_idx" ON "favorites" USING btree ("shop_id","created_at" DESC NULLS LAST,"user_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shops_status_id_idx" ON "shops" USING btree ("status","id");