-- Issue 17 (ADR 0124, amended 2026-11-25): the count of a bill's approved units is moved when the approving
-- transaction commits, not at its update of the unit. Run at the update, the trigger held the bill's row
-- lock through the rest of the approval (the credit, the mail job, the shop's flag), so approvals of units
-- of one request waited for each other: 45 ms an update with 50 at once (`npm run bench:api`, measured
-- with pg_stat_statements). Deferred, the lock is held from the trigger to the commit only. The count is
-- the same: each change of a unit still adds or subtracts one, at the end of its transaction.
DROP TRIGGER units_bill_approved ON "units";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER units_bill_approved AFTER INSERT OR UPDATE OF status OR DELETE ON "units"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION units_bill_approved();
