import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf } from '../db/client.ts';
import { GROUPS, groupOf, type NotificationGroup } from '../../../contracts/notification-settings.ts';
import type { ChannelSender } from './channel.ts';
import type { OutboxDelivery } from './outbox.ts';
import { unsubscribeHeaders } from './unsubscribe.ts';

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

/**
 * The group of an informational kind (product design section 8: news, mail only with opt-in), whose mail
 * carries the one-click unsubscribe (RFC 8058); null for every other kind (transactional or chosen mail).
 */
export function optInGroupOf(kind: string): NotificationGroup | null {
  const group = groupOf(kind);
  return group && GROUPS[group].mailDefault === 'opt_in' ? group : null;
}

/** The line informational mail ends with (特定電子メール法: how to stop it). */
export const UNSUBSCRIBE_FOOTER = (settingsUrl: string) =>
  `このメールは、通知設定でお知らせのメールを希望された方にお送りしています。配信の停止は、メールソフトの「配信停止」または通知設定（${settingsUrl}）からできます。`;

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
      // Informational mail to a user: List-Unsubscribe + List-Unsubscribe-Post (RFC 8058, ADR 0178), and a
      // line saying how to stop it.
      const group = delivery.userId ? optInGroupOf(delivery.kind) : null;
      const appUrl = app.env.APP_URL ?? 'http://localhost:3000';
      let text = payload?.text ?? delivery.body;
      if (group) {
        // The screen's link first (the layout adds it only to a text without one), then how to stop.
        if (!/https?:\/\//.test(text)) text = `${text}\n\n${new URL(delivery.path, appUrl).toString()}`;
        text = `${text}\n\n${UNSUBSCRIBE_FOOTER(new URL('/account-info', appUrl).toString())}`;
      }
      await app.mailer.send({
        to,
        kind: payload?.kind ?? delivery.kind,
        subject: payload?.subject ?? delivery.title,
        text,
        path: delivery.path,
        ...(group
          ? { headers: unsubscribeHeaders(delivery.userId, group, { secret: app.env.APP_SECRET, appUrl }) }
          : {}),
        messageId: messageIdOf(delivery.key, app.env.APP_URL),
        ...(payload?.attachments?.length ? { attachments: payload.attachments } : {}),
      });
      return 'sent';
    },
  };
}
