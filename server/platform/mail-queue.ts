import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Db } from './db/client.ts';
import { createMailer, type MailMessage, type Mailer } from './mail.ts';

/**
 * The mail outbox (issue 13 "Jobs and mail"): a mail is a pg-boss job enqueued in the same transaction as
 * the change that causes it (so a rolled-back change mails nobody), and sent at most once: the worker
 * records the mail's key in `sent_mails` (unique) BEFORE sending, and removes it when the SMTP send throws,
 * so that pg-boss's retry can send it. A worker that dies between the record and the send loses that mail
 * rather than sending it twice (at most once, as asked).
 *
 * Any feature may use it: `declareMailQueue(app)` in its setup (idempotent), then `enqueueMail(app, tx, …)`.
 */
export const sentMails = pgTable('sent_mails', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

export const MAIL_QUEUE = 'mail-send';

export interface QueuedMail extends MailMessage {
  /** Unique per mail, e.g. `unit:12:approved`; the same key is sent once. */
  key: string;
}

const declared = new WeakSet<FastifyInstance>();

/** Declares the mail queue and, in a worker process, its handler (once per app). */
export async function declareMailQueue(
  app: FastifyInstance,
  mailer: Mailer = createMailer(app.env, app.log),
) {
  if (declared.has(app)) return;
  declared.add(app);
  await app.jobs.work<QueuedMail>(MAIL_QUEUE, async (mail) => {
    await deliverOnce(app.db, mailer, mail);
  });
}

/** Enqueues a mail inside `tx`: it exists only if `tx` commits. */
export function enqueueMail(app: FastifyInstance, tx: Db, mail: QueuedMail): Promise<string> {
  return app.jobs.send(MAIL_QUEUE, mail, { retryLimit: 5 }, tx);
}

/** Sends a queued mail unless its key was sent already: `sent`, or `duplicate` when it was. */
export async function deliverOnce(db: Db, mailer: Mailer, mail: QueuedMail): Promise<'sent' | 'duplicate'> {
  const claimed = rowsOf(
    await db.execute(
      sql`insert into sent_mails (key) values (${mail.key}) on conflict (key) do nothing returning key`,
    ),
  );
  if (!claimed.length) return 'duplicate';
  try {
    await mailer.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
    });
  } catch (err) {
    await db.execute(sql`delete from sent_mails where key = ${mail.key}`);
    throw err;
  }
  return 'sent';
}
