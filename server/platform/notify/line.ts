import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import type { ChannelSender, Delivery } from './channel.ts';

/**
 * Issue 26 "Channels: LINE": a notification as a LINE message through the Messaging API's push message
 * (`POST /v2/bot/message/push`), to the LINE user id of the person's linked LINE login (social_accounts,
 * provider `line`: the `sub` of LINE Login is the user id the Messaging API knows when both channels are
 * under one LINE provider). The message is a Flex Message with the title, the body and a button that opens
 * the screen (APP_URL + the delivery's path).
 *
 * What LINE answers (developers.line.biz, "Messaging API reference: status codes", "Retry failed API
 * requests"):
 * - 200: accepted → `sent`.
 * - 409 with the same `X-Line-Retry-Key`: the request was already accepted (a retry after a lost answer,
 *   a process killed after the send) → `sent`, nothing sent twice. The key is a UUID derived from the
 *   delivery key, so every retry of one delivery carries the same key.
 * - 400: the body or the recipient is refused (an unknown or invalid user id); retrying the same request
 *   cannot succeed → `skipped` (logged with LINE's message).
 * - 401/403: the channel access token is wrong or lacks the right → throw: the delivery waits (with backoff)
 *   until the token is fixed, and fails after the outbox's attempts.
 * - 429 and 5xx, timeouts: throw → retried with backoff under the same retry key.
 * A person with no linked LINE login any more → `skipped`.
 */
export interface LineConfig {
  /** LINE_MESSAGING_API_URL: https://api.line.me, or the local stand-in. */
  apiUrl: string;
  /** LINE_CHANNEL_ACCESS_TOKEN. */
  token: string;
  /** APP_URL: the button opens APP_URL + path. */
  appUrl: string;
  /** Milliseconds before a request is abandoned (and retried later). */
  timeoutMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

export class LineApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`LINE Messaging API ${status}: ${JSON.stringify(body)}`);
    this.name = 'LineApiError';
  }
}

/** A UUID (the form LINE wants for X-Line-Retry-Key) derived from the delivery key: same key, same UUID. */
export function lineRetryKey(deliveryKey: string): string {
  const h = createHash('sha256').update(`line-retry:${deliveryKey}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50; // version 5 (name-based), as RFC 9562 lays it out
  h[8] = (h[8]! & 0x3f) | 0x80; // variant 10
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The LINE user id of the person's linked LINE login, or null. */
export async function lineUserIdOf(db: Db, userId: number | string): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select provider_user_id as id from social_accounts
       where user_id = ${Number(userId)} and provider = 'line'
       order by id desc limit 1`),
  );
  return row?.id ?? null;
}

const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1)}…`);

export function absoluteUrl(appUrl: string, path: string): string {
  return new URL(path.startsWith('/') ? path : `/${path}`, appUrl.replace(/\/+$/, '') + '/').toString();
}

/** The push message body: one Flex Message (title, body, a button to the screen). */
export function lineMessageBody(
  to: string,
  delivery: Pick<Delivery, 'title' | 'body' | 'path'>,
  appUrl: string,
) {
  const uri = absoluteUrl(appUrl, delivery.path);
  return {
    to,
    messages: [
      {
        type: 'flex',
        // What the chat list and the phone's notification show.
        altText: cut(`${delivery.title}\n${delivery.body}`, 400),
        contents: {
          type: 'bubble',
          body: {
            type: 'box',
            layout: 'vertical',
            spacing: 'md',
            contents: [
              { type: 'text', text: cut(delivery.title, 200), weight: 'bold', size: 'md', wrap: true },
              { type: 'text', text: cut(delivery.body, 2000), size: 'sm', wrap: true, color: '#333333' },
            ],
          },
          footer: {
            type: 'box',
            layout: 'vertical',
            contents: [
              {
                type: 'button',
                style: 'primary',
                color: '#e8590c',
                action: { type: 'uri', label: '画面を開く', uri },
              },
            ],
          },
        },
      },
    ],
  };
}

export function createLineSender(config: LineConfig): ChannelSender {
  const endpoint = `${config.apiUrl.replace(/\/+$/, '')}/v2/bot/message/push`;
  return {
    channel: 'line',
    async deliver(db, delivery) {
      const to = await lineUserIdOf(db, delivery.userId);
      if (!to) return 'skipped';
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.token}`,
          'content-type': 'application/json',
          'x-line-retry-key': lineRetryKey(delivery.key),
        },
        body: JSON.stringify(lineMessageBody(to, delivery, config.appUrl)),
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        // LINE answers JSON; a proxy's HTML page stays as text.
      }
      if (res.ok || res.status === 409) return 'sent';
      if (res.status === 400) {
        config.log?.warn({ status: res.status, body, delivery: delivery.id }, 'LINE refused the message');
        return 'skipped';
      }
      throw new LineApiError(res.status, body);
    },
  };
}
