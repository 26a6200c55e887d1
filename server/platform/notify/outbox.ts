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
import { reportServerError } from '../error-reports.ts';
import { currentLogContext, runInLogContext } from '../logging.ts';
import { jobFailuresTotal } from '../metrics.ts';
import { inSpan } from '../tracing.ts';
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
 * (recipient, kind, record, channel), so a change retried or replayed tells nobody twice. The row is the
 * work (ADR 0206): each worker process takes due rows from the table (`deliverDue`, a batch at a time under a
 * lease, SKIP LOCKED), hands each to its channel's sender (the seam of server/platform/notify/channel.ts)
 * and marks it sent; a sender that throws is tried again after a growing wait (`retryDelaySeconds`, kept
 * in `retry_at`), up to MAX_ATTEMPTS. Delivery is at least once: a process killed between the send and the mark leaves its lease
 * to run out, and another sends again under the same key (the mail's Message-ID), which the receiving side
 * recognises. A held delivery (quiet hours) is due at its `not_before`.
 */

/**
 * The queue of the per-delivery jobs of earlier versions (before ADR 0206): still worked, so those enqueued
 * before an upgrade are delivered; nothing sends to it now. Also the `queue` label of delivery failures.
 */
export const NOTIFY_QUEUE = 'notify-deliver';
/** The schedule of earlier versions' sweep, removed at start-up (the workers' own look replaced it). */
const OLD_SWEEP_QUEUE = 'notify-sweep';
/** After this many failed tries a delivery is given up (`failed`); its error stays for the operators. */
export const MAX_ATTEMPTS = 12;
/** Deliveries a worker takes at once, and how many of them it sends at the same time. */
export const DELIVERY_BATCH = 20;
export const DELIVERY_SENDERS = 4;
/** How often an idle worker looks for due deliveries (a message written in this process wakes it sooner). */
export const DELIVERY_POLL_MS = 1_000;
/** How long a graceful stop waits for the sends under way (as long as it waits for running jobs). */
const STOP_WAIT_MS = 15_000;
/** How long after `notify` its process looks (the change's transaction has usually committed by then). */
const WAKE_AFTER_MS = 25;
/** Seconds before try n + 1 after n failed tries: 1, 2, 4, … up to an hour (about 68 minutes in all). */
export const retryDelaySeconds = (attempts: number): number =>
  Math.min(3_600, 2 ** Math.max(0, attempts - 1));

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
  // The request (or job) that caused it: its id follows the delivery into the worker's log lines.
  const requestId = currentLogContext()?.requestId ?? null;
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
          (recipient, user_id, address, kind, record_key, channel, title, body, path, payload, not_before, queued_at, created_at, request_id)
        values ${sql.join(
          deliveries.map(
            (
              d,
            ) => sql`(${recipient}, ${userId}, ${d.channel === 'mail' ? address : null}, ${input.kind}, ${input.record},
          ${d.channel}, ${text.title}, ${text.body}, ${text.path}, ${d.payload ? JSON.stringify(d.payload) : null}::jsonb,
          ${d.notBefore}, ${at}, ${at}, ${requestId})`,
          ),
          sql`, `,
        )}
        on conflict (recipient, kind, record_key, channel) do nothing`;
  await hotSql(
    tx,
    `notify_${inApp ? 'in_app_and_' : ''}deliveries_${deliveries.length}`,
    inApp ? sql`with in_app as (${inApp}) ${insertDeliveries}` : insertDeliveries,
  );
  // ADR 0206: no job per delivery; this process's worker looks shortly (the others on their next look).
  workerOf.get(app)?.wakeSoon();
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
  request_id: string | null;
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

const DELIVERY_COLUMNS = sql.raw(
  'd.id, d.recipient, d.user_id, d.address, d.kind, d.record_key, d.channel, d.title, d.body, d.path, d.payload, d.attempts, d.request_id',
);

/** A pending delivery may be taken: due, not waiting to be tried again, and not under another worker's lease. */
const TAKEABLE = sql.raw(`d.status = 'pending' and (d.leased_until is null or d.leased_until < now())
  and (d.not_before is null or d.not_before <= now()) and (d.retry_at is null or d.retry_at <= now())`);

/**
 * Takes up to `limit` due deliveries under a lease as long as a job's expiry (JOB_EXPIRE_SECONDS): another
 * worker skips them (SKIP LOCKED while taking, the lease after), and the lease of a killed process runs out,
 * so another worker sends them. Oldest first, along the index of pending rows.
 */
async function takeDue(app: FastifyInstance, limit: number): Promise<DeliveryRow[]> {
  return rowsOf<DeliveryRow>(
    await app.db.execute(sql`
      update notification_deliveries d set leased_until = now() + make_interval(secs => ${app.env.JOB_EXPIRE_SECONDS})
      from (select id from notification_deliveries d where ${TAKEABLE}
            order by queued_at limit ${limit} for update skip locked) due
      where d.id = due.id
      returning ${DELIVERY_COLUMNS}`),
  );
}

/**
 * Sends one delivery taken under a lease and records the outcome: sent (or skipped by its channel), or the
 * error and when to try again (`retryDelaySeconds`), `failed` after MAX_ATTEMPTS. Runs in the log context of
 * the request that wrote it, as a job did. Answers what happened.
 */
async function sendTaken(
  app: FastifyInstance,
  row: DeliveryRow,
): Promise<'sent' | 'skipped' | 'retry' | 'failed'> {
  const db = app.db;
  const requestId = row.request_id ?? `delivery-${row.id}`;
  const log = app.log.child({
    reqId: requestId,
    job: NOTIFY_QUEUE,
    delivery: String(row.id),
    channel: row.channel,
  });
  const attributes = { 'focustar.request_id': requestId, 'messaging.destination.name': NOTIFY_QUEUE };
  return runInLogContext({ requestId, log }, () =>
    inSpan(`deliver ${row.channel}`, attributes, async () => {
      const started = performance.now();
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
        const failed = attempts >= MAX_ATTEMPTS;
        await db.execute(sql`
          update notification_deliveries set attempts = ${attempts}, last_error = ${errorSummary(err)},
            leased_until = null, status = ${failed ? 'failed' : 'pending'},
            retry_at = now() + make_interval(secs => ${retryDelaySeconds(attempts)})
          where id = ${row.id}`);
        jobFailuresTotal.inc({ queue: NOTIFY_QUEUE });
        reportServerError(err, requestId);
        log.error({ err, attempts }, failed ? 'delivery given up' : 'delivery failed; tried again later');
        return failed ? 'failed' : 'retry';
      }
      // Sent: what it said and to which address is no longer needed here (the in-app row keeps the texts).
      await db.execute(sql`
        update notification_deliveries set status = ${result}, attempts = attempts + 1, sent_at = now(),
          leased_until = null, retry_at = null, address = null, payload = null, last_error = null
        where id = ${row.id}`);
      log.info({ ms: Math.round(performance.now() - started) }, 'job done');
      return result;
    }),
  );
}

/**
 * One delivery by its id, now if it may be taken (a job of an earlier version, and tests): 'held' when it
 * waits for its time or its next try, 'leased' when another worker holds it, 'done' when it is no longer pending.
 */
export async function deliver(
  app: FastifyInstance,
  id: string,
): Promise<'sent' | 'skipped' | 'retry' | 'failed' | 'held' | 'leased' | 'done'> {
  const [row] = rowsOf<DeliveryRow>(
    await app.db.execute(sql`
      update notification_deliveries d set leased_until = now() + make_interval(secs => ${app.env.JOB_EXPIRE_SECONDS})
      where d.id = ${id} and ${TAKEABLE}
      returning ${DELIVERY_COLUMNS}`),
  );
  if (row) return sendTaken(app, row);
  const [state] = rowsOf<{ status: string; leased: boolean; held: boolean }>(
    await app.db.execute(sql`
      select status, coalesce(leased_until >= now(), false) as leased,
        coalesce(greatest(not_before, retry_at) > now(), false) as held
      from notification_deliveries where id = ${id}`),
  );
  if (state?.status !== 'pending') return 'done';
  return state.leased ? 'leased' : 'held';
}

/**
 * Takes and sends due deliveries, a batch at a time, until none is due; DELIVERY_SENDERS of a batch are sent
 * at once (each mail is an SMTP conversation of its own, mostly waiting). Once `stopping` answers true it
 * starts no other send, and hands the rows it took and did not send back (their lease ends now, so another
 * process sends them at once). Answers how many it took.
 */
export async function deliverDue(
  app: FastifyInstance,
  limit = DELIVERY_BATCH,
  stopping: () => boolean = () => false,
): Promise<number> {
  let taken = 0;
  while (!stopping()) {
    const rows = await takeDue(app, limit);
    let next = 0;
    const sender = async () => {
      while (next < rows.length && !stopping()) await sendTaken(app, rows[next++]!);
    };
    await Promise.all(Array.from({ length: Math.min(DELIVERY_SENDERS, rows.length) }, sender));
    const unsent = rows.slice(next).map((r) => String(r.id));
    if (unsent.length)
      await app.db.execute(sql`
        update notification_deliveries set leased_until = null
        where id in (${sql.join(
          unsent.map((id) => sql`${id}`),
          sql`, `,
        )}) and status = 'pending'`);
    taken += rows.length;
    if (rows.length < limit) break;
  }
  return taken;
}

/**
 * A worker process's look at the outbox (ADR 0206): every DELIVERY_POLL_MS, and shortly after this process
 * wrote a message; one look at a time. `stop` ends it after the look under way, whose sends finish.
 */
class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private timerAt = 0;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly app: FastifyInstance,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Looks shortly (a message was written in this process; its transaction is about to commit). */
  wakeSoon(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(WAKE_AFTER_MS);
  }

  /** The next look, no later than `ms` from now: a look due sooner stays as it is (wakes never postpone it). */
  private schedule(ms: number): void {
    if (this.stopped) return;
    const at = performance.now() + ms;
    if (this.timer) {
      if (this.timerAt <= at) return;
      clearTimeout(this.timer);
    }
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.look();
    }, ms);
    this.timer.unref();
  }

  private look(): void {
    if (this.stopped || this.running) return;
    this.again = false;
    this.running = deliverDue(this.app, DELIVERY_BATCH, () => this.stopped)
      .then(
        () => {},
        (err: unknown) => this.app.log.error({ err }, 'outbox look failed'),
      )
      .finally(() => {
        this.running = null;
        this.schedule(this.again ? WAKE_AFTER_MS : this.pollMs);
      });
  }

  /** Takes nothing more; the look under way finishes. */
  pause(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Pauses, and waits for the sends under way, at most `waitMs` (as the jobs' stop does): a send that hangs
   * (an SMTP server that does not answer) is left to its lease, and another process sends it again.
   */
  async stop(waitMs = STOP_WAIT_MS): Promise<void> {
    this.pause();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.running,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs).unref())),
    ]);
    clearTimeout(timer);
  }
}

const workerOf = new WeakMap<FastifyInstance, DeliveryWorker>();

/**
 * Declares the outbox: the mail channel, the queue of earlier versions' jobs, and in a worker process
 * (WORKERS >= 1) its look at the outbox, paused when closing starts and awaited when the app closes.
 */
export async function installNotify(app: FastifyInstance, options: { pollMs?: number } = {}): Promise<void> {
  registerChannelSender(app, createMailSender(app));
  await app.jobs.work<{ id: string }>(NOTIFY_QUEUE, async (data) => {
    await deliver(app, String(data.id));
  });
  if (!app.jobs.working) return;
  await app.jobs.unschedule(OLD_SWEEP_QUEUE);
  const worker = new DeliveryWorker(app, options.pollMs ?? DELIVERY_POLL_MS);
  workerOf.set(app, worker);
  app.addHook('preClose', async () => worker.pause());
  app.addHook('onClose', () => worker.stop());
  worker.start();
}
