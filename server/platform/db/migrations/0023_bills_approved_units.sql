-- Issue 17 (ADR 0124): a bill keeps the count of its request's approved units, so that the refund of an
-- ended request (units - approved_units, ADR 0103) is read as a column instead of counting the units on
-- every read of the billing pages. Hand-written after the column drizzle-kit generated.
ALTER TABLE "bills" ADD COLUMN "approved_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A unit moving into or out of 'approved' (or inserted, or deleted, approved) moves its request's count.
-- It takes the bill's row lock after the unit's, as no other transaction takes them the other way round.
CREATE FUNCTION units_bill_approved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
  ad integer;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    IF NEW.status = 'approved' THEN delta := delta + 1; END IF;
    ad := NEW.advertisement_id;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD.status = 'approved' THEN delta := delta - 1; END IF;
    ad := OLD.advertisement_id;
  END IF;
  IF delta <> 0 THEN
    UPDATE bills SET approved_units = approved_units + delta WHERE advertisement_id = ad;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER units_bill_approved AFTER INSERT OR UPDATE OF status OR DELETE ON "units"
  FOR EACH ROW EXECUTE FUNCTION units_bill_approved();--> statement-breakpoint
-- A bill written after some of its units were approved (a request approved again, a fixture), by
-- whatever writes it, starts from their count.
CREATE FUNCTION bills_approved_units() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.approved_units := (SELECT count(*) FROM units u
    WHERE u.advertisement_id = NEW.advertisement_id AND u.status = 'approved');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER bills_approved_units BEFORE INSERT ON "bills"
  FOR EACH ROW EXECUTE FUNCTION bills_approved_units();--> statement-breakpoint
UPDATE bills b SET approved_units = c.n
FROM (SELECT advertisement_id, count(*)::int AS n FROM units WHERE status = 'approved' GROUP BY advertisement_id) c
WHERE c.advertisement_id = b.advertisement_id;
