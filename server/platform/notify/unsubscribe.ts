import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_GROUPS, type NotificationGroup } from '../../../contracts/notification-settings.ts';

/**
 * Issue 26 "Mail": the one-click unsubscribe of informational mail (RFC 8058, 特定電子メール法). The mail
 * carries `List-Unsubscribe: <APP_URL/api/unsubscribe?token=…>` and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`; the mail provider POSTs that URL and the group's mail is off, without a login.
 * The token names the person and the group and is signed with APP_SECRET (HMAC-SHA256); it does not expire
 * (a mail read months later must still unsubscribe) and it can do nothing but turn that mail off.
 */
export interface UnsubscribeConfig {
  secret: string;
  appUrl: string;
}

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${body}`).digest('base64url').slice(0, 32);

export function unsubscribeToken(secret: string, userId: number | string, group: NotificationGroup): string {
  const body = `${Number(userId)}.${group}`;
  return `${body}.${mac(secret, body)}`;
}

/** The person and group of a token, or null when it is not one this server signed. */
export function readUnsubscribeToken(
  secret: string,
  token: string,
): { userId: number; group: NotificationGroup } | null {
  const m = /^([0-9]{1,12})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const [, id, group, given] = m;
  const expected = Buffer.from(mac(secret, `${id}.${group}`));
  if (!timingSafeEqual(expected, Buffer.from(given!))) return null;
  if (!(NOTIFICATION_GROUPS as readonly string[]).includes(group!)) return null;
  const userId = Number(id);
  return Number.isSafeInteger(userId) && userId >= 1 ? { userId, group: group as NotificationGroup } : null;
}

export function unsubscribeUrl(
  config: UnsubscribeConfig,
  userId: number | string,
  group: NotificationGroup,
): string {
  const url = new URL('/api/unsubscribe', config.appUrl);
  url.searchParams.set('token', unsubscribeToken(config.secret, userId, group));
  return url.toString();
}

/** The headers of an informational mail to `userId` about `group` (RFC 2369 + RFC 8058). */
export function unsubscribeHeaders(
  userId: number | string,
  group: NotificationGroup,
  config: UnsubscribeConfig,
): { 'List-Unsubscribe': string; 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl(config, userId, group)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
