ALTER TABLE "recruitments" ADD COLUMN "shop_prefecture" text;--> statement-breakpoint
-- Hand-written (issue 17, ADR 0124): the shop's prefecture beside each recruitment, kept by two triggers, so
-- that the area list reads one partial index in deadline order instead of every open recruitment.
UPDATE "recruitments" r SET "shop_prefecture" = s."prefecture" FROM "shops" s WHERE s."id" = r."shop_id";--> statement-breakpoint
CREATE FUNCTION recruitments_shop_prefecture() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.shop_prefecture := (SELECT prefecture FROM shops WHERE id = NEW.shop_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER recruitments_shop_prefecture BEFORE INSERT OR UPDATE OF shop_id ON "recruitments"
  FOR EACH ROW EXECUTE FUNCTION recruitments_shop_prefecture();--> statement-breakpoint
CREATE FUNCTION shops_prefecture_to_recruitments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE recruitments SET shop_prefecture = NEW.prefecture WHERE shop_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER shops_prefecture_to_recruitments AFTER UPDATE OF prefecture ON "shops"
  FOR EACH ROW WHEN (OLD.prefecture IS DISTINCT FROM NEW.prefecture)
  EXECUTE FUNCTION shops_prefecture_to_recruitments();--> statement-breakpoint
CREATE INDEX "recruitments_area_in_progress_idx" ON "recruitments" USING btree ("shop_prefecture","application_ends_at","id") WHERE "recruitments"."status" in ('募集中', '選考中', '当選発表済');
