-- Issue 24 (ADR 0164): one bank account registered by two or more users is a fraud signal. The number is
-- sealed at rest, so the match is made on a keyed hash of bank, branch and number (HMAC with a key derived
-- from APP_SECRET), written with the account; accounts saved before this migration get theirs from a job.
ALTER TABLE "bank_accounts" ADD COLUMN "number_hash" text;--> statement-breakpoint
CREATE INDEX "bank_accounts_number_hash_idx" ON "bank_accounts" ("number_hash") WHERE "number_hash" IS NOT NULL;
