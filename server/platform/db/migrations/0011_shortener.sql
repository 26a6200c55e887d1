ALTER TABLE "short_links" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "short_links_purpose_id_idx" ON "short_links" USING btree ("purpose","id");