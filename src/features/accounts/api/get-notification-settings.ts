import { notificationSettingsResponseSchema } from '../../../../contracts/notification-settings.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/notification-settings: 通知設定 of the signed-in person (issue 26). */
export function getNotificationSettings(signal?: AbortSignal) {
  return call(
    notificationSettingsResponseSchema,
    { method: 'GET', path: '/api/notification-settings' },
    signal ? { signal } : {},
  );
}
