import { type MarkRead, markReadResultSchema } from '../../../../contracts/notifications.ts';
import { call } from '../../../platform/request/request.ts';

/** POST /api/notifications/read: `{ ids }` (the person's own) or `{ all: true }`; answers what is still unread. */
export function markRead(body: MarkRead) {
  return call(markReadResultSchema, { method: 'POST', path: '/api/notifications/read', body });
}
