import {
  type NotificationSettingsUpdate,
  notificationSettingsResponseSchema,
} from '../../../../contracts/notification-settings.ts';
import { call } from '../../../platform/request/request.ts';

/** PUT /api/notification-settings: the choices per group and channel, quiet hours (issue 26). */
export function saveNotificationSettings(body: NotificationSettingsUpdate) {
  return call(
    notificationSettingsResponseSchema,
    { method: 'PUT', path: '/api/notification-settings', body },
    { quiet: true },
  );
}
