-- Issue 24 (product design section 8 "Audit" and "Fraud", ADR 0164). The staff audit log: every change a
-- staff member or admin makes is one row, written in the transaction of the change, never updated or
-- deleted (the triggers refuse UPDATE, DELETE and TRUNCATE, as for the ledger). Users are never deleted
-- (leave anonymises), so the actor's foreign key restricts.
CREATE TABLE "audit_log" (
  "id" bigserial PRIMARY KEY,
  "actor_id" integer NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
  "actor_role" text NOT NULL,
  "action" text NOT NULL,
  "target_table" text NOT NULL,
  "target_id" text NOT NULL,
  "changes" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "note" text,
  "request_id" text,
  "ip_hash" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" ("actor_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" ("target_table", "target_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" ("action", "id" DESC);--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
-- Fraud signals for staff to review (never acted on automatically). One open flag per kind, user and
-- subject (`subject`: the bank account's hash, the device's hash, the unit, …); evidence holds ids, counts,
-- first and last seen and keyed hashes, never a raw IP or a bank number.
CREATE TABLE "fraud_flags" (
  "id" serial PRIMARY KEY,
  "kind" text NOT NULL CHECK ("kind" IN ('shared_bank_account', 'shared_device', 'self_click', 'click_burst', 'foreign_proof', 'own_company')),
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
  "subject" text NOT NULL,
  "evidence" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'closed')),
  "action" text CHECK ("action" IS NULL OR "action" IN ('hold', 'release', 'suspend', 'fine')),
  "note" text,
  "closed_by" integer REFERENCES "users"("id") ON DELETE RESTRICT,
  "closed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "fraud_flags_open_unique" ON "fraud_flags" ("kind", "user_id", "subject") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "fraud_flags_status_idx" ON "fraud_flags" ("status", "id" DESC);--> statement-breakpoint
CREATE INDEX "fraud_flags_user_idx" ON "fraud_flags" ("user_id", "id" DESC);--> statement-breakpoint
-- 支払保留: a held supporter's money is left out of payout batches until staff release it.
CREATE TABLE "payout_holds" (
  "user_id" integer PRIMARY KEY REFERENCES "users"("id") ON DELETE RESTRICT,
  "flag_id" integer REFERENCES "fraud_flags"("id") ON DELETE SET NULL,
  "held_by" integer NOT NULL REFERENCES "users"("id") ON DELETE RESTRICT,
  "note" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
