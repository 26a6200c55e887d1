-- Issue 29 (ADR 0206): the outbox's workers take due deliveries from notification_deliveries itself instead
-- of a pg-boss job per delivery. The request (or job) that wrote a delivery is kept with it, so the worker
-- logs its send under that request's id (issue 17, ADR 0142), as the job did. A failed send waits until
-- retry_at before it is tried again (not_before stays the time it was first due, from which the outbox's
-- lateness is counted).
ALTER TABLE "notification_deliveries" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD COLUMN "retry_at" timestamp with time zone;
