-- Issue 23 (product design section 8, ADR 0162): a unit records the SNS account it is offered for, the result
-- of the automatic check of its post, and the life of its reward after approval: 確定待ち for 7 days, then
-- 確定 (confirmed_at) or reversed (status 'reversed', with the reason; the ledger holds the debit). A
-- reversed unit is no longer 'approved', so the bill's count of approved units drops (units_bill_approved)
-- and the shop is not billed for it.
ALTER TABLE "units" ADD COLUMN "sns_account_id" integer REFERENCES "sns_accounts"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "post_check" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "override_note" text;--> statement-breakpoint
ALTER TABLE "units" ADD COLUMN "override_by" integer REFERENCES "users"("id") ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_post_check_check" CHECK ("post_check" IS NULL OR "post_check" IN ('ok', 'unknown'));--> statement-breakpoint
-- Rewards approved before this migration were judged under the old rules: they count as confirmed.
UPDATE "units" SET "confirmed_at" = "judged_at" WHERE "status" = 'approved';--> statement-breakpoint
UPDATE "units" SET "post_check" = 'ok' WHERE "post_url" IS NOT NULL;--> statement-breakpoint
-- The rewards still held (確定待ち) of a supporter: the payable balance is the ledger's sum less these.
CREATE INDEX "units_holding_idx" ON "units" ("user_id") INCLUDE ("reward", "judged_at") WHERE "status" = 'approved' AND "confirmed_at" IS NULL;--> statement-breakpoint
-- The confirmation sweep: approved rewards whose hold is over.
CREATE INDEX "units_to_confirm_idx" ON "units" ("judged_at") WHERE "status" = 'approved' AND "confirmed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "units_sns_account_idx" ON "units" ("sns_account_id") WHERE "status" = 'offered';
