-- Issue 29 (ADR 0206): the outbox's workers take due deliveries from notification_deliveries itself instead
-- of a pg-boss job per delivery. The request (or job) that wrote a delivery is kept with it, so the worker
-- logs its send under that request's id (issue 17, ADR 0142), as the job did.
ALTER TABLE "notification_deliveries" ADD COLUMN "request_id" text;
