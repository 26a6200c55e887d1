-- Counters kept by the database (issue 17, ADR 0122): a shop card and the payout batch list read one
-- number instead of counting rows on every request. Triggers keep them on every path that writes the rows
-- (the API, the seeds, the tests); a statement-level trigger counts a bulk insert in one update.

-- Followers of a shop. Leaving deletes the user's favourites, so this equals the former
-- count(*) of favourites of users who have not left.
CREATE FUNCTION favorites_count_shop() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The shops' rows are locked in id order first: two statements that touch the same shops (two users
  -- leaving) wait for each other instead of deadlocking. NO KEY UPDATE, not UPDATE: each inserting
  -- statement already holds the foreign key's KEY SHARE lock on the shop, which FOR UPDATE would wait on
  -- (two follows of one shop at once deadlocked on PostgreSQL).
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM shops WHERE id IN (SELECT shop_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
    UPDATE shops s SET favoriters_count = s.favoriters_count + n.added
      FROM (SELECT shop_id, count(*)::int AS added FROM new_rows GROUP BY shop_id) n WHERE s.id = n.shop_id;
  ELSE
    PERFORM 1 FROM shops WHERE id IN (SELECT shop_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
    UPDATE shops s SET favoriters_count = s.favoriters_count - o.removed
      FROM (SELECT shop_id, count(*)::int AS removed FROM old_rows GROUP BY shop_id) o WHERE s.id = o.shop_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER favorites_count_insert AFTER INSERT ON favorites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION favorites_count_shop();--> statement-breakpoint
CREATE TRIGGER favorites_count_delete AFTER DELETE ON favorites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION favorites_count_shop();--> statement-breakpoint
UPDATE shops s SET favoriters_count = f.n
  FROM (SELECT f.shop_id, count(*)::int AS n FROM favorites f JOIN users u ON u.id = f.user_id
    WHERE u.deleted_at IS NULL GROUP BY f.shop_id) f
  WHERE s.id = f.shop_id;--> statement-breakpoint

-- Lines of a payout batch: inserted once when the batch is built, never deleted (money rows); a line the
-- bank returns becomes 失敗 (and the batch's total leaves it out).
CREATE FUNCTION payout_lines_count_batch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE payout_batches b SET lines_count = b.lines_count + n.added, lines_total = b.lines_total + n.amount,
      failed_count = b.failed_count + n.failed, failed_total = b.failed_total + n.failed_amount
    FROM (SELECT batch_id, count(*)::int AS added, sum(amount)::int AS amount,
        (count(*) FILTER (WHERE status = '失敗'))::int AS failed,
        coalesce(sum(amount) FILTER (WHERE status = '失敗'), 0)::int AS failed_amount
      FROM new_rows GROUP BY batch_id) n
    WHERE b.id = n.batch_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payout_lines_count_insert AFTER INSERT ON payout_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payout_lines_count_batch();--> statement-breakpoint
CREATE FUNCTION payout_lines_count_failed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign int := CASE WHEN NEW.status = '失敗' THEN 1 ELSE -1 END;
BEGIN
  UPDATE payout_batches SET failed_count = failed_count + sign, failed_total = failed_total + sign * NEW.amount
    WHERE id = NEW.batch_id;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only a move into or out of 失敗 runs it (marking a batch paid updates every line and runs nothing).
CREATE TRIGGER payout_lines_count_failed AFTER UPDATE OF status ON payout_lines FOR EACH ROW
  WHEN ((OLD.status = '失敗') IS DISTINCT FROM (NEW.status = '失敗'))
  EXECUTE FUNCTION payout_lines_count_failed();--> statement-breakpoint
UPDATE payout_batches b SET lines_count = l.n, lines_total = l.total, failed_count = l.failed,
    failed_total = l.failed_amount
  FROM (SELECT batch_id, count(*)::int AS n, coalesce(sum(amount), 0)::int AS total,
      (count(*) FILTER (WHERE status = '失敗'))::int AS failed,
      coalesce(sum(amount) FILTER (WHERE status = '失敗'), 0)::int AS failed_amount
    FROM payout_lines GROUP BY batch_id) l
  WHERE b.id = l.batch_id;
