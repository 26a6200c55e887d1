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
-- A bill written after some of its units were approved (a request approved again, a fixture) starts from
-- their count. The amounts are those of migration 0022.
CREATE OR REPLACE FUNCTION advertisements_bill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.approved_at IS NULL OR NEW.status NOT IN ('配信中', '終了') THEN
    RETURN NULL;
  END IF;
  INSERT INTO bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal,
    approved_units)
  SELECT NEW.id, s.company_id, NEW.shop_id, to_char(NEW.approved_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM'),
    x.units, x.reward, x.units * x.reward, x.fee, x.units * x.reward + x.fee,
    (SELECT count(*) FROM units u WHERE u.advertisement_id = NEW.id AND u.status = 'approved')
  FROM shops s
  CROSS JOIN LATERAL (
    SELECT coalesce(NEW.units, 10) AS units, coalesce(NEW.reward, 100) AS reward,
      CASE WHEN NEW.fee_waived THEN 0
        ELSE floor(coalesce(NEW.units, 10) * coalesce(NEW.reward, 100) * 30 / 100.0)::int END AS fee
  ) x
  WHERE s.id = NEW.shop_id
  ON CONFLICT (advertisement_id) DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE bills b SET approved_units = c.n
FROM (SELECT advertisement_id, count(*)::int AS n FROM units WHERE status = 'approved' GROUP BY advertisement_id) c
WHERE c.advertisement_id = b.advertisement_id;
