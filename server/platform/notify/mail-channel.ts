import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/client.ts';
import type { ChannelSender } from './channel.ts';
import type { OutboxDelivery } from './outbox.ts';

/**
 * The mail channel of the outbox (issue 26): the app's mailer (SMTP, or files in development) with the one
 * layout of server/platform/mail.ts. A user's address is read at the moment of sending (a changed address
 * gets it; a user with none, or who left, is skipped); an address that is no user's travels in the
 * delivery until it is sent. The Message-ID is derived from the delivery's key: a mail sent again after a
 * crash is the same message to the receiving side.
 */
export function messageIdOf(key: string, appUrl: string | undefined): string {
  const host = appUrl ? new URL(appUrl).hostname : 'localhost';
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 40)}@${host}>`;
}

export function createMailSender(app: FastifyInstance): ChannelSender {
  return {
    channel: 'mail',
    async deliver(db, d) {
      const delivery = d as OutboxDelivery;
      let to = delivery.address;
      if (!to && delivery.userId) {
        const [user] = rowsOf<{ email: string | null }>(
          await db.execute(
            sql`select email from users where id = ${Number(delivery.userId)} and deleted_at is null`,
          ),
        );
        to = user?.email ?? null;
      }
      if (!to) return 'skipped';
      const payload = delivery.payload;
      await app.mailer.send({
        to,
        kind: payload?.kind ?? delivery.kind,
        subject: payload?.subject ?? delivery.title,
        text: payload?.text ?? delivery.body,
        path: delivery.path,
        messageId: messageIdOf(delivery.key, app.env.APP_URL),
        ...(payload?.attachments?.length ? { attachments: payload.attachments } : {}),
      });
      return 'sent';
    },
  };
}
