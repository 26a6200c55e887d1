ALTER TABLE "units" ADD COLUMN "shop_id" integer;--> statement-breakpoint
-- Hand-written (issue 17, ADR 0124): the request's shop, copied once; a request never changes shop.
UPDATE "units" u SET "shop_id" = a."shop_id" FROM "advertisements" a WHERE a."id" = u."advertisement_id";--> statement-breakpoint
CREATE FUNCTION units_shop_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.shop_id := (SELECT shop_id FROM advertisements WHERE id = NEW.advertisement_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER units_shop_id BEFORE INSERT OR UPDATE OF advertisement_id ON "units"
  FOR EACH ROW EXECUTE FUNCTION units_shop_id();--> statement-breakpoint
CREATE INDEX "units_shop_id_idx" ON "units" USING btree ("shop_id","id" DESC NULLS FIRST);
