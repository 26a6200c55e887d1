import { unreadCountSchema } from '../../../../contracts/notifications.ts';
import { api } from '../../../platform/request/client.ts';

/**
 * GET /api/notifications/unread-count with the ETag of the last answer (ADR 0176): null when nothing
 * changed (a bodiless 304) or when it could not be read (the bell keeps what it shows; a poll never toasts).
 * It goes through the one API client but not the request actor: a poll must not end a session or
 * refresh a token by itself; the screen's next call does.
 */
export async function readUnreadCount(
  etag: string | null,
): Promise<{ count: number; etag: string | null } | null> {
  try {
    const res = await api.raw('/api/notifications/unread-count', {
      method: 'GET',
      headers: etag ? { 'If-None-Match': etag } : {},
      ignoreResponseError: true,
    });
    if (res.status !== 200) return null;
    return { count: unreadCountSchema.parse(res._data).count, etag: res.headers.get('etag') };
  } catch {
    return null;
  }
}
