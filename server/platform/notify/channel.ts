import type { Db } from '../db/client.ts';

/**
 * The seam between the one notification outbox (issue 26 "One outbox") and the channels that carry its
 * messages. The outbox writes one delivery row per (recipient, kind, record, channel) in the transaction of
 * the change, and a pg-boss worker hands each due row to the sender of its channel. In-app needs no sender:
 * its row is the notification itself.
 *
 * A sender throws to have the delivery retried (pg-boss retry with backoff); it answers `skipped` when the
 * recipient cannot be reached on that channel any more (LINE unlinked, push subscription gone: 404/410), which
 * ends that delivery without a retry.
 */
export type ChannelName = 'in_app' | 'mail' | 'line' | 'push';

export interface Delivery {
  /** The delivery row's id. */
  id: string;
  userId: string;
  /** A kind from contracts/notifications.ts, e.g. `offer.arrived`. */
  kind: string;
  /** The record the message is about, e.g. `unit:123`. */
  recordKey: string;
  channel: Exclude<ChannelName, 'in_app'>;
  /**
   * Stable across retries and crashes: `${userId}:${kind}:${recordKey}:${channel}` (or a hash of it). The
   * receiving side recognises a repeat by it: the mail's Message-ID, LINE's X-Line-Retry-Key (a UUID derived
   * from it), the push's topic.
   */
  key: string;
  /** Rendered Japanese texts (from contracts/notifications.ts). */
  title: string;
  body: string;
  /** The app path the message opens, e.g. `/support-list/123`; senders make it absolute with APP_URL. */
  path: string;
}

export interface ChannelSender {
  channel: Delivery['channel'];
  deliver(db: Db, delivery: Delivery): Promise<'sent' | 'skipped'>;
}
