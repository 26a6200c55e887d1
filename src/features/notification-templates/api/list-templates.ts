import { notificationTemplatesResponseSchema } from '../../../../contracts/notification-templates.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/admin/notification-templates (staff): every notification template rendered with its example. */
export function listNotificationTemplates(signal?: AbortSignal) {
  return call(
    notificationTemplatesResponseSchema,
    { method: 'GET', path: '/api/admin/notification-templates' },
    signal ? { signal } : {},
  );
}
