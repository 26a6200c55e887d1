CREATE TABLE "card_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_intent_id" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_charges_company_month" ON "card_charges" USING btree ("company_id","month");--> statement-breakpoint
-- Issue 14 (ADR 0115): a charge asks for a positive amount and ends in one of Stripe's outcomes this service keeps.
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_amount_positive" CHECK ("amount" > 0);--> statement-breakpoint
ALTER TABLE "card_charges" ADD CONSTRAINT "card_charges_status" CHECK ("status" IN ('pending', 'succeeded', 'failed', 'requires_action'));
