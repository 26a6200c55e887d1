import type { FastifyPluginAsync } from 'fastify';
import { errorSchema } from '../../../contracts/common.ts';
import { groupOf } from '../../../contracts/notification-settings.ts';
import {
  type NotificationTemplatePreview,
  notificationTemplatesResponseSchema,
} from '../../../contracts/notification-templates.ts';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_TEMPLATES,
  renderNotification,
} from '../../../contracts/notifications.ts';
import { mailLayout } from '../../platform/mail.ts';
import { optInGroupOf, UNSUBSCRIBE_FOOTER } from '../../platform/notify/mail-channel.ts';
import type { ZodTypeProvider } from '../../platform/plugins/zod.ts';

const errors = { 401: errorSchema, 403: errorSchema };

/**
 * Issue 26 "Done when" (ADR 0178): staff preview every template with its example parameters, as the outbox
 * renders it: the in-app/LINE/push texts and the mail in the one layout (server/platform/mail.ts), with the
 * unsubscribe line of informational mail. Nothing is read from the database; nothing is sent.
 */
export function previewTemplates(appUrl: string | undefined): NotificationTemplatePreview[] {
  const base = appUrl ?? 'http://localhost:3000';
  return NOTIFICATION_KINDS.map((kind) => {
    const template = NOTIFICATION_TEMPLATES[kind];
    const text = renderNotification(kind, template.example as never);
    let mailText = text.body;
    if (optInGroupOf(kind)) {
      mailText = `${mailText}\n\n${new URL(text.path, base).toString()}\n\n${UNSUBSCRIBE_FOOTER(new URL('/account-info', base).toString())}`;
    }
    const layout = mailLayout({ APP_URL: base }, { subject: text.title, text: mailText, path: text.path });
    return {
      kind,
      audience: template.audience,
      label: template.label,
      group: groupOf(kind),
      ...text,
      mail: { subject: text.title, ...layout },
    };
  });
}

export const notificationTemplatesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/notification-templates',
    {
      config: { access: 'staff' },
      schema: { response: { 200: notificationTemplatesResponseSchema, ...errors } },
    },
    async () => ({ data: previewTemplates(app.env.APP_URL) }),
  );
};
