import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  type NotificationKind,
  type NotificationParams,
  type NoticeText,
  renderNotification,
} from '../../../contracts/notifications.ts';
import { hotSql, rowsOf, type Db } from '../db/client.ts';
import type { MailAttachment, MailContent } from '../mail.ts';
import type { ChannelName, ChannelSender, Delivery } from './channel.ts';
import { createMailSender } from './mail-channel.ts';
import {
  channelsAndSettingsFor,
  channelsOfFacts,
  heldUntil,
  heldUntilFor,
  type RecipientFacts,
  type StoredSettings,
} from './preferences.ts';

/**
 * The one outbox (issue 26 "One outbox", product design section 8 "Notifications", ADR 0175). Every message
 * to a person is written by `notify` in the transaction of the change that causes it: an in-app row
 * (`notifications`) and one delivery row per other channel (`notification_deliveries`), each unique per
 * (recipient, kind, record, channel), so a change retried or replayed tells nobody twice; and a pg-boss job
 * per delivery, in the same transaction. The worker hands a due delivery to its channel's sender (the seam
 * of server/platform/notify/channel.ts) and marks it sent; a sender that throws is retried with backoff.
 * Delivery is at least once: a process killed between the send and the mark sends again, under the same
 * key (the mail's Message-ID), which the receiving side recognises. The sweep re-enqueues a delivery whose
 * job was lost, and a held one (quiet hours) when it falls due.
 */

export const NOTIFY_QUEUE = 'notify-deliver';
export const NOTIFY_SWEEP_QUEUE = 'notify-sweep';
/** Every minute: deliveries held until now, and those whose job was lost. */
export const NOTIFY_SWEEP_CRON = '* * * * *';
/** A pending delivery not tried for this long lost its job (pg-boss gave up or the job was deleted). */
export const STALE_MINUTES = 15;
/** After this many failed tries a delivery is given up (`failed`); its error stays for the operators. */
export const MAX_ATTEMPTS = 12;

/** A user id, or an e-mail address that is no user (a contact form's sender, the operators' inbox). */
export type Recipient = number | { email: string };

/** A message of a kind of contracts/notifications.ts: in-app, and the channels the person chose. */
export interface NoticeInput<K extends NotificationKind = NotificationKind> {
  to: number;
  kind: K;
  /** The record it is about, e.g. `unit:12`; with the kind and recipient, what makes it once. */
  record: string;
  params: NotificationParams<K>;
  /** The feature's longer mail (subject, text, attachments) instead of the title and body in the layout. */
  mail?: MailContent;
  /**
   * The person's reach and settings as the change's own statement read them (`recipientFactsJson`), so that
   * nothing is read again (issue 29, ADR 0205); without them, `notify` reads them.
   */
  facts?: RecipientFacts;
}

/** A transactional mail (sign-up, password, receipts, reports): mail only, to a user or an address. */
export interface MailInput {
  to: Recipient;
  kind: `mail.${string}`;
  record: string;
  mail: MailContent;
  /** The path its button opens, when there is one. */
  path?: string;
}

/** `notify` bound to the app: what a service takes in its deps (architecture: "db, clock, outbox"). */
export type Outbox = (tx: Db, input: NoticeInput | MailInput) => Promise<void>;

/** What a mail delivery keeps until it is sent. */
export interface MailPayload {
  subject: string;
  text: string;
  kind?: string;
  attachments?: MailAttachment[];
}

const sendersOf = new WeakMap<FastifyInstance, Map<Delivery['channel'], ChannelSender>>();

/** The channels' senders (mail here; LINE and push by their module, issue 26 part 2). */
export function registerChannelSender(app: FastifyInstance, sender: ChannelSender): void {
  let senders = sendersOf.get(app);
  if (!senders) sendersOf.set(app, (senders = new Map()));
  senders.set(sender.channel, sender);
}

const recipientKey = (app: FastifyInstance, to: Recipient) =>
  typeof to === 'number'
    ? `user:${to}`
    : `addr:${createHmac('sha256', app.env.APP_SECRET).update(to.email.trim().toLowerCase()).digest('base64url').slice(0, 32)}`;

/** Writes a message in `tx`: it exists, and will be sent, exactly when `tx` commits. */
export async function notify<K extends NotificationKind>(
  app: FastifyInstance,
  tx: Db,
  input: NoticeInput<K> | MailInput,
): Promise<void> {
  const at = new Date();
  let text: NoticeText;
  let channels: ChannelName[];
  let settings: StoredSettings | null = null;
  if ('params' in input) {
    text = renderNotification(input.kind, input.params);
    // Issue 29: the channels and the person's settings (quiet hours, below) in one statement, or none when
    // the change's own statement read them.
    if (input.facts) {
      channels = channelsOfFacts(input.kind, input.facts);
      settings = input.facts.settings;
    } else ({ channels, settings } = await channelsAndSettingsFor(tx, input.to, input.kind));
  } else {
    text = { title: input.mail.subject, body: input.mail.text, path: input.path ?? '/' };
    channels = ['mail'];
  }
  const userId = typeof input.to === 'number' ? input.to : null;
  const inApp =
    channels.includes('in_app') && userId !== null
      ? sql`
      insert into notifications (user_id, kind, record_key, title, body, path, created_at)
      values (${userId}, ${input.kind}, ${input.record}, ${text.title}, ${text.body}, ${text.path}, ${at})
      on conflict (user_id, kind, record_key) do nothing`
      : null;
  const recipient = recipientKey(app, input.to);
  const address = typeof input.to === 'number' ? null : input.to.email;
  const deliveries: { channel: Delivery['channel']; payload: MailPayload | null; notBefore: Date | null }[] =
    [];
  for (const channel of channels) {
    if (channel === 'in_app') continue;
    const payload: MailPayload | null =
      channel === 'mail' && input.mail
        ? {
            subject: input.mail.subject,
            text: input.mail.text,
            ...(input.mail.kind ? { kind: input.mail.kind } : {}),
            ...(input.mail.attachments?.length ? { attachments: input.mail.attachments } : {}),
          }
        : null;
    const notBefore =
      channel === 'mail' || userId === null
        ? null
        : settings
          ? heldUntil(at, channel, settings.quietHours)
          : await heldUntilFor(tx, userId, at, channel);
    deliveries.push({ channel, payload, notBefore });
  }
  if (!deliveries.length) {
    // Prepared (issue 29), as the deliveries below: every change that tells someone writes them.
    if (inApp) await hotSql(tx, 'notify_in_app', inApp);
    return;
  }
  // Issue 29: the in-app row and the deliveries in one statement (a data-modifying WITH runs whether or not
  // the rest reads it), prepared per shape.
  const insertDeliveries = sql`
        insert into notification_deliveries
          (recipient, user_id, address, kind, record_key, channel, title, body, path, payload, not_before, queued_at, created_at)
        values ${sql.join(
          deliveries.map(
            (
              d,
            ) => sql`(${recipient}, ${userId}, ${d.channel === 'mail' ? address : null}, ${input.kind}, ${input.record},
          ${d.channel}, ${text.title}, ${text.body}, ${text.path}, ${d.payload ? JSON.stringify(d.payload) : null}::jsonb,
          ${d.notBefore}, ${at}, ${at})`,
          ),
          sql`, `,
        )}
        on conflict (recipient, kind, record_key, channel) do nothing
        returning id, channel`;
  const inserted = await hotSql<{ id: string; channel: string }>(
    tx,
    `notify_${inApp ? 'in_app_and_' : ''}deliveries_${deliveries.length}`,
    inApp ? sql`with in_app as (${inApp}) ${insertDeliveries}` : insertDeliveries,
  );
  for (const delivery of deliveries) {
    const row = inserted.find((r) => r.channel === delivery.channel);
    if (!row) continue;
    const startAfter = delivery.notBefore
      ? Math.max(1, Math.ceil((delivery.notBefore.getTime() - at.getTime()) / 1000))
      : undefined;
    await app.jobs.send(
      NOTIFY_QUEUE,
      { id: String(row.id) },
      { retryLimit: 8, ...(startAfter ? { startAfter } : {}) },
      tx,
    );
  }
}

/** Whether a message of `kind` about `record` was written for `to` already (a job deciding what is left). */
export async function notified(
  app: FastifyInstance,
  db: Db,
  to: Recipient,
  kind: string,
  record: string,
): Promise<boolean> {
  const found = rowsOf(
    await db.execute(sql`
      select 1 from notification_deliveries where recipient = ${recipientKey(app, to)} and kind = ${kind}
        and record_key = ${record} limit 1`),
  );
  return found.length > 0;
}

interface DeliveryRow {
  id: string;
  recipient: string;
  user_id: number | null;
  address: string | null;
  kind: string;
  record_key: string;
  channel: Delivery['channel'];
  title: string;
  body: string;
  path: string;
  payload: MailPayload | string | null;
  attempts: number;
}

/** A delivery as its sender sees it, with the stable key the receiving side recognises a repeat by. */
export interface OutboxDelivery extends Delivery {
  /** An address that is no user's (mail only). */
  address: string | null;
  payload: MailPayload | null;
}

/** An error's class and code only: a message may carry an address or a name (issue 17: no personal data). */
function errorSummary(err: unknown): string {
  if (!(err instanceof Error)) return 'error';
  const code = (err as { code?: unknown; responseCode?: unknown }).code;
  const status =
    (err as { responseCode?: unknown; status?: unknown }).responseCode ??
    (err as { status?: unknown }).status;
  return [
    err.name,
    typeof code === 'string' ? code : null,
    typeof status === 'number' ? String(status) : null,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The worker of one delivery. A lease as long as a job's expiry keeps a second job of the same row (the
 * sweep's, or pg-boss's retry of a job whose process died) from sending at the same time; the lease of a
 * killed process runs out with its job, so the retry sends.
 */
export async function deliver(
  app: FastifyInstance,
  id: string,
): Promise<'sent' | 'skipped' | 'done' | 'held'> {
  const db = app.db;
  const lease = app.env.JOB_EXPIRE_SECONDS;
  const [row] = rowsOf<DeliveryRow & { not_before: string | null }>(
    await db.execute(sql`
      update notification_deliveries set leased_until = now() + make_interval(secs => ${lease})
      where id = ${id} and status = 'pending' and (leased_until is null or leased_until < now())
        and (not_before is null or not_before <= now())
      returning id, recipient, user_id, address, kind, record_key, channel, title, body, path, payload, attempts, not_before`),
  );
  if (!row) {
    const [state] = rowsOf<{ status: string; leased: boolean; held: boolean }>(
      await db.execute(sql`
        select status, coalesce(leased_until >= now(), false) as leased, coalesce(not_before > now(), false) as held
        from notification_deliveries where id = ${id}`),
    );
    if (state?.status === 'pending' && state.held) return 'held';
    // Another job holds it now: this one is retried later and finds it sent (or the lease run out).
    if (state?.status === 'pending' && state.leased) throw new Error('delivery leased by another job');
    return 'done';
  }
  const sender = sendersOf.get(app)?.get(row.channel);
  const delivery: OutboxDelivery = {
    id: String(row.id),
    userId: row.user_id === null ? '' : String(row.user_id),
    kind: row.kind,
    recordKey: row.record_key,
    channel: row.channel,
    key: `${row.recipient}:${row.kind}:${row.record_key}:${row.channel}`,
    title: row.title,
    body: row.body,
    path: row.path,
    address: row.address,
    payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as MailPayload) : row.payload,
  };
  let result: 'sent' | 'skipped';
  try {
    if (!sender) throw new Error(`no sender for channel ${row.channel}`);
    result = await sender.deliver(db, delivery);
  } catch (err) {
    const attempts = Number(row.attempts) + 1;
    await db.execute(sql`
      update notification_deliveries set attempts = ${attempts}, last_error = ${errorSummary(err)},
        leased_until = null, status = ${attempts >= MAX_ATTEMPTS ? 'failed' : 'pending'}
      where id = ${id}`);
    if (attempts >= MAX_ATTEMPTS) return 'done';
    throw err;
  }
  // Sent: what it said and to which address is no longer needed here (the in-app row keeps the texts).
  await db.execute(sql`
    update notification_deliveries set status = ${result}, attempts = attempts + 1, sent_at = now(),
      leased_until = null, address = null, payload = null, last_error = null
    where id = ${id}`);
  return result;
}

/** Re-enqueues the pending deliveries that are due and have no live job. Answers how many. */
export async function sweep(app: FastifyInstance, staleMinutes = STALE_MINUTES): Promise<number> {
  const due = rowsOf<{ id: string }>(
    await app.db.execute(sql`
      update notification_deliveries set queued_at = now()
      where id in (
        select id from notification_deliveries
        where status = 'pending' and (leased_until is null or leased_until < now())
          and (
            (not_before is not null and not_before <= now() and queued_at < not_before)
            or queued_at < now() - make_interval(mins => ${staleMinutes}))
        order by id limit 500)
      returning id`),
  );
  for (const { id } of due) await app.jobs.send(NOTIFY_QUEUE, { id: String(id) }, { retryLimit: 8 });
  return due.length;
}

/** Declares the outbox's queues, the sweep's schedule and the mail channel (once, at start-up). */
export async function installNotify(app: FastifyInstance): Promise<void> {
  registerChannelSender(app, createMailSender(app));
  await app.jobs.work<{ id: string }>(NOTIFY_QUEUE, async (data) => {
    await deliver(app, String(data.id));
  });
  await app.jobs.work(NOTIFY_SWEEP_QUEUE, async (_data, job) => {
    const n = await sweep(app);
    if (n) job.log.info({ deliveries: n }, 'notification deliveries enqueued again');
  });
  if (app.jobs.working) await app.jobs.schedule(NOTIFY_SWEEP_QUEUE, NOTIFY_SWEEP_CRON);
}
