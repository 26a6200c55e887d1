-- Issue 26 "One outbox" (ADR 0178): every mail goes through the notification outbox (migration 0035,
-- `notification_deliveries`, unique per recipient, kind, record and channel). The old mail queue's record
-- of sent keys (ADR 0062, at most once) has no writer and no reader left.
DROP TABLE IF EXISTS "sent_mails";
