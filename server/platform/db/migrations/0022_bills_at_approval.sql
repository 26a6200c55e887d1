-- Hand-written (issue 17, ADR 0124): a support request's bill is written by the database in the transaction
-- that approves it (or inserts it approved), instead of by every read of the billing pages looking for
-- approved requests without a bill. The amounts are those of ADR 0103 and contracts/pricing.ts
-- (FIRST_AD_UNITS 10, STANDARD_REWARD 100, PLATFORM_FEE_PERCENT 30), checked by tests/server/money.test.ts.
CREATE FUNCTION advertisements_bill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.approved_at IS NULL OR NEW.status NOT IN ('配信中', '終了') THEN
    RETURN NULL;
  END IF;
  INSERT INTO bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal)
  SELECT NEW.id, s.company_id, NEW.shop_id, to_char(NEW.approved_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM'),
    x.units, x.reward, x.units * x.reward, x.fee, x.units * x.reward + x.fee
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
CREATE TRIGGER advertisements_bill AFTER INSERT OR UPDATE OF approved_at, status ON "advertisements"
  FOR EACH ROW EXECUTE FUNCTION advertisements_bill();--> statement-breakpoint
-- The requests approved before this migration that no page has billed yet.
INSERT INTO bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal)
SELECT a.id, s.company_id, a.shop_id, to_char(a.approved_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM'),
  x.units, x.reward, x.units * x.reward, x.fee, x.units * x.reward + x.fee
FROM advertisements a
JOIN shops s ON s.id = a.shop_id
CROSS JOIN LATERAL (
  SELECT coalesce(a.units, 10) AS units, coalesce(a.reward, 100) AS reward,
    CASE WHEN a.fee_waived THEN 0
      ELSE floor(coalesce(a.units, 10) * coalesce(a.reward, 100) * 30 / 100.0)::int END AS fee
) x
WHERE a.approved_at IS NOT NULL AND a.status IN ('配信中', '終了')
ON CONFLICT (advertisement_id) DO NOTHING;
