import { notificationsPageSchema } from '../../../../contracts/notifications.ts';
import { call } from '../../../platform/request/request.ts';

/** GET /api/notifications: the signed-in person's notifications, newest first, a page before `before`. */
export function listNotifications(before: number | null, signal?: AbortSignal) {
  return call(
    notificationsPageSchema,
    { method: 'GET', path: '/api/notifications', ...(before ? { query: { before } } : {}) },
    signal ? { signal } : {},
  );
}
