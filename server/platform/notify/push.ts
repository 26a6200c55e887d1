import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { type Db, rowsOf } from '../db/client.ts';
import type { ChannelSender, Delivery } from './channel.ts';
import { absoluteUrl } from './line.ts';

/**
 * Issue 26 "Channels: Web Push": a notification as a push to every browser (device) the person allowed
 * (push_subscriptions, migration 0034), with the `web-push` library: it signs the VAPID JWT (RFC 8292) and
 * encrypts the payload (RFC 8291, aes128gcm) for each subscription's keys. The request it builds is sent with
 * fetch (web-push's own sender speaks https only; the local stand-in is http on loopback).
 *
 * The payload is JSON `{ title, body, url, tag }` that public/sw.js shows (and opens `url` on click); `tag`
 * comes from the delivery key, so a repeat replaces the notification on the device instead of adding one, and
 * the `Topic` header lets the push service replace an undelivered repeat.
 *
 * Answers of the push service (RFC 8030): 201 → sent; 404/410 (the subscription is gone: the person revoked
 * permission or the browser dropped it) → the subscription is deleted; when none is left the delivery is
 * `skipped`. 429/5xx and network errors → thrown (retried) when no device got the message.
 */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushConfig {
  vapid: VapidKeys;
  appUrl: string;
  /** Seconds the push service keeps an undelivered message (a phone that is off): a day. */
  ttl?: number;
  timeoutMs?: number;
  log?: { warn(obj: unknown, msg?: string): void };
}

export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`push service ${status}: ${body.slice(0, 200)}`);
    this.name = 'PushServiceError';
  }
}

/** A development default subject (VAPID_SUBJECT): the push services want a contact of the sender. */
export const DEV_VAPID_SUBJECT = 'mailto:dev@focustar.example';

/**
 * The VAPID keys: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY / VAPID_SUBJECT when set; else, outside production,
 * keys generated once and kept in DATA_DIR/vapid.json (development, like the SNS stand-in's posts; the
 * subscriptions made with them outlive a restart) or in memory (tests); none in production (push is off).
 */
export function vapidKeysOf(env: {
  NODE_ENV: string;
  DATA_DIR: string;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
}): VapidKeys | null {
  const subject = env.VAPID_SUBJECT ?? DEV_VAPID_SUBJECT;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY)
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  if (env.NODE_ENV === 'production') return null;
  if (env.NODE_ENV === 'development') {
    const file = join(env.DATA_DIR, 'vapid.json');
    if (existsSync(file)) {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
      return { ...kept, subject };
    }
    const keys = webpush.generateVAPIDKeys();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(keys, null, 1), { mode: 0o600 });
    return { ...keys, subject };
  }
  return { ...webpush.generateVAPIDKeys(), subject };
}

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function subscriptionsOf(db: Db, userId: number | string): Promise<PushSubscriptionRow[]> {
  return rowsOf<PushSubscriptionRow>(
    await db.execute(sql`
      select id, endpoint, p256dh, auth from push_subscriptions where user_id = ${Number(userId)} order by id`),
  );
}

/** The payload public/sw.js reads. */
export function pushPayload(delivery: Pick<Delivery, 'title' | 'body' | 'path' | 'key'>, appUrl: string) {
  return {
    title: delivery.title,
    body: delivery.body,
    url: absoluteUrl(appUrl, delivery.path),
    tag: pushTopic(delivery.key),
  };
}

/** RFC 8030 Topic: at most 32 characters of the URL-safe base64 alphabet; one per delivery key. */
export function pushTopic(key: string): string {
  return createHash('sha256').update(`push:${key}`).digest('base64url').slice(0, 32);
}

/** Sends one message to one subscription: the push service's status. */
export async function sendPush(
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
  options: { vapid: VapidKeys; ttl?: number; topic?: string; timeoutMs?: number },
): Promise<{ status: number; body: string }> {
  const details = webpush.generateRequestDetails(subscription, payload, {
    vapidDetails: options.vapid,
    TTL: options.ttl ?? 24 * 60 * 60,
    contentEncoding: 'aes128gcm',
    urgency: 'normal',
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const res = await fetch(details.endpoint, {
    method: details.method,
    headers: details.headers as Record<string, string>,
    body: details.body ? new Uint8Array(details.body) : null,
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    redirect: 'error',
  });
  return { status: res.status, body: await res.text() };
}

export function createPushSender(config: PushConfig): ChannelSender {
  return {
    channel: 'push',
    async deliver(db, delivery) {
      const subscriptions = await subscriptionsOf(db, delivery.userId);
      if (!subscriptions.length) return 'skipped';
      const payload = JSON.stringify(pushPayload(delivery, config.appUrl));
      const topic = pushTopic(delivery.key);
      let sent = 0;
      let failure: unknown = null;
      for (const s of subscriptions) {
        try {
          const res = await sendPush(
            { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
            payload,
            {
              vapid: config.vapid,
              topic,
              ...(config.ttl !== undefined ? { ttl: config.ttl } : {}),
              ...(config.timeoutMs !== undefined ? { timeoutMs: config.timeoutMs } : {}),
            },
          );
          if (res.status >= 200 && res.status < 300) {
            sent++;
            await db.execute(sql`update push_subscriptions set last_sent_at = now() where id = ${s.id}`);
          } else if (res.status === 404 || res.status === 410) {
            await db.execute(sql`delete from push_subscriptions where id = ${s.id}`);
          } else {
            failure = new PushServiceError(res.status, res.body);
            config.log?.warn(
              { status: res.status, subscription: s.id, delivery: delivery.id },
              'push refused',
            );
          }
        } catch (err) {
          failure = err;
          config.log?.warn({ err, subscription: s.id, delivery: delivery.id }, 'push failed');
        }
      }
      // One device that got it is enough: retrying would show it twice on the others.
      if (sent) return 'sent';
      if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
      return 'skipped';
    },
  };
}
