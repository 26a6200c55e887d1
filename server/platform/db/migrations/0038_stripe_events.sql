-- Issue 29 (ADR 0173): Stripe's webhook events, one row per event id, written in the transaction that
-- handles the event: a delivery Stripe repeats (it retries until it gets a 2xx, and may send one event
-- twice) finds its id and changes nothing again. Only the id, the type and the time are kept.
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
