import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { type Database, type Db, hotQuery, isUniqueViolation } from './db/client.ts';
import { currentLogContext, runInLogContext } from './logging.ts';
import { reportServerError } from './error-reports.ts';
import { jobFailuresTotal } from './metrics.ts';
import { inSpan } from './tracing.ts';

/**
 * Background jobs on pg-boss (issue 13): the same queue tables on PGlite and PostgreSQL, cron in
 * Asia/Tokyo, and jobs enqueued inside the caller's Drizzle transaction, so a job exists exactly when the
 * change that causes it was committed (a mail for an approval that rolled back is never sent).
 *
 * One worker per process by default; `WORKERS=0` makes an API-only process that still enqueues.
 */

/** The one thing pg-boss needs from a database: run SQL text with `$n` parameters. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** `$1 … $n` placeholders of pg-boss's SQL as Drizzle parameters, so it runs in a Drizzle transaction. */
export function toDrizzleSql(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const m of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    // NOTE: Drizzle drops an `undefined` parameter from the text; pg-boss means SQL NULL by it.
    chunks.push(sql`${values[Number(m[1]) - 1] ?? null}`);
    last = m.index + m[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** An executor over a Drizzle database or transaction (single statements only). */
export function executorFor(db: Db): SqlExecutor {
  return {
    async executeSql(text, values) {
      const result = (await db.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * `executorFor` whose statements are prepared, each text once per connection under a name of its hash
 * (issue 29): pg-boss's insert of a job, fixed text, cost 0.7 ms of parsing and planning on every proof and
 * approval (measured from PostgreSQL's log); prepared, the connection plans it once. For `send` in a
 * transaction only: its texts are few and fixed.
 */
export function preparedExecutorFor(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      // An array would be a list in Drizzle's hands (`($1, $2)`): the general path, as before.
      if (values.some(Array.isArray)) {
        const { sql: statement, params } = pgDialect.sqlToQuery(toDrizzleSql(text, values));
        return { rows: await hotQuery(db, statementName(statement), statement, params) };
      }
      const plan = planOf(text);
      return {
        rows: await hotQuery(
          db,
          plan.name,
          plan.statement,
          plan.order.map((i) => values[i] ?? null),
        ),
      };
    },
  };
}

const statementName = (statement: string) =>
  `pgboss_${createHash('sha1').update(statement).digest('hex').slice(0, 16)}`;

/**
 * Issue 29: what `toDrizzleSql` and Drizzle make of a text, worked out once per text: each `$k` in order of
 * appearance becomes a parameter of its own (`order` says which value each takes), under the statement's
 * name. Building it anew cost a proof 0.17 ms of the server's CPU (a Drizzle query of pg-boss's long insert,
 * and its hash), more than the job's insert costs PostgreSQL. pg-boss's texts are few and fixed; an
 * unexpected number of them is not kept.
 */
const plans = new Map<string, { statement: string; name: string; order: number[] }>();
export function planOf(text: string): { statement: string; name: string; order: number[] } {
  let plan = plans.get(text);
  if (plan) return plan;
  const order: number[] = [];
  const statement = text.replace(/\$(\d+)/g, (_match, n: string) => {
    order.push(Number(n) - 1);
    return `$${order.length}`;
  });
  plan = { statement, name: statementName(statement), order };
  if (plans.size < 200) plans.set(text, plan);
  return plan;
}

const pgDialect = new PgDialect();

/**
 * What a handler knows of its job besides the data: its logger carries the id of the request that
 * enqueued it (`reqId`; the job's own id for cron and other jobs no request caused), the queue and the job
 * id, and mails the handler sends log with it (issue 17, ADR 0142).
 */
export interface JobInfo {
  id: string;
  name: string;
  requestId: string;
  log: FastifyBaseLogger;
}

export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

/** The field of a job's data that carries the enqueuing request's id; handlers never see it. */
export const REQUEST_ID_FIELD = '_requestId';

export interface JobOptions {
  /** Seconds to wait before the job may run. */
  startAfter?: number;
  retryLimit?: number;
}

export interface Jobs {
  /**
   * Enqueues a job into a queue declared at start-up (`work` or `schedule`). With `tx`, the job is
   * written in that transaction: it runs only if it commits. Answers the job id.
   */
  send<T extends object>(name: string, data: T, options?: JobOptions, tx?: Db): Promise<string>;
  /**
   * Declares a queue and runs `handler` for its jobs in this process (an API-only process declares the
   * queue and runs nothing). Every feature declares its queues when the app starts.
   */
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  /** A cron schedule in Asia/Tokyo (product design: times are shown and planned in Japan time). */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Removes a cron schedule an earlier version declared (nothing when there is none). */
  unschedule(name: string): Promise<void>;
  /** Whether this process runs workers (WORKERS >= 1). */
  readonly working: boolean;
  /** Readiness (issue 17): pg-boss started, not stopping, and its tables installed. */
  ready(): Promise<boolean>;
  /**
   * Issue 29 (metrics): per declared queue, the jobs waiting (created or retry, due or not) and the seconds
   * the longest-due one has waited. One query over pg-boss's index of waiting jobs (job_i5).
   */
  queueStats(): Promise<QueueStats[]>;
  /** Jobs running in this process now (a graceful shutdown waits for them). */
  readonly running: number;
  /** Takes no new job from now on; the running ones go on (the first step of a graceful shutdown). */
  pause(): void;
  /**
   * Pauses, waits for the running jobs (at most `stopTimeoutSeconds`), hands back any still running
   * (failed, so pg-boss retries them elsewhere or at the next start), and stops pg-boss.
   */
  stop(): Promise<void>;
}

export interface QueueStats {
  queue: string;
  waiting: number;
  oldestWaitingSeconds: number;
}

export interface StartJobsOptions {
  database: Database;
  /** 0: enqueue only (an API-only process); 1 or more: run handlers here. */
  workers: number;
  /** How often idle workers look for jobs (default 2 s; tests use less). */
  pollingIntervalSeconds?: number;
  /**
   * How long a job may stay active before pg-boss counts it lost and retries it (default 900 s, pg-boss's
   * own): what a job that was running in a killed process waits before it runs again (ADR 0131).
   */
  expireInSeconds?: number;
  /** How long `stop` waits for running jobs before handing them back (default 15 s). */
  stopTimeoutSeconds?: number;
  onError?: (err: unknown) => void;
  /** The app's logger; each job logs through a child of it (silent when not given). */
  log?: FastifyBaseLogger;
}

const TOKYO = 'Asia/Tokyo';
const DEFAULT_EXPIRE_SECONDS = 900;

/**
 * pg-boss installs its schema on its first start. Two processes starting at once on an empty database can
 * collide there with a unique violation on the schema name, which pg-boss's own check of that race (it
 * looks for "already exists" in the message) misses; a failed instance cannot be started again. The loser
 * starts a fresh instance, which finds the schema installed (issue 17: two processes, ADR 0140).
 */
async function startBoss(make: () => PgBoss): Promise<PgBoss> {
  for (let attempt = 1; ; attempt += 1) {
    const boss = make();
    try {
      await boss.start();
      return boss;
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { database } = options;
  const expireInSeconds = options.expireInSeconds ?? DEFAULT_EXPIRE_SECONDS;
  const pollingMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const boss = await startBoss(() => {
    const instance = new PgBoss({
      db: database.executor,
      schema: 'pgboss',
      // API-only processes neither maintain the queues nor fire cron: the workers do.
      supervise: options.workers > 0,
      schedule: options.workers > 0,
      migrate: true,
      // Maintenance is what retries the jobs of a dead process (their expiry passed): at least twice per
      // expiry, at most every 2 minutes (pg-boss's default).
      maintenanceIntervalSeconds: Math.min(120, Math.max(1, Math.round(expireInSeconds / 2))),
    });
    instance.on('error', (err) => options.onError?.(err));
    return instance;
  });
  let started = true;
  const baseLog: FastifyBaseLogger = options.log ?? pino({ level: 'silent' });
  /** Runs a handler in the log context of its job: the request id it was sent with, without that field. */
  const run = async (handler: JobHandler<object>, job: { id: string; name: string; data: object }) => {
    const { [REQUEST_ID_FIELD]: sentBy, ...data } = job.data as Record<string, unknown>;
    const requestId = typeof sentBy === 'string' ? sentBy : job.id;
    const log = baseLog.child({ reqId: requestId, job: job.name, jobId: job.id });
    // Issue 29: a span per job when tracing is on (ADR 0160), carrying the request id it was sent with.
    const attributes = { 'focustar.request_id': requestId, 'messaging.destination.name': job.name };
    await runInLogContext({ requestId, log }, () =>
      inSpan(`job ${job.name}`, attributes, async () => {
        const started = performance.now();
        try {
          await handler(data, { id: job.id, name: job.name, requestId, log });
        } catch (err) {
          jobFailuresTotal.inc({ queue: job.name });
          reportServerError(err, requestId);
          log.error({ err }, 'job failed');
          throw err;
        }
        log.info({ ms: Math.round(performance.now() - started) }, 'job done');
      }),
    );
  };
  const queues = new Set<string>();
  /** The handlers this process runs, so that a job it enqueues runs at once (see `send`). */
  const handlers = new Map<string, JobHandler<object>>();
  /** Jobs running here, by id: a graceful stop waits for them, then hands back the rest. */
  const running = new Map<string, { name: string; done: Promise<void> }>();
  /** Every attempt to take and run a job (its fetch included): a graceful stop waits for them. */
  const busy = new Set<Promise<boolean>>();
  /** Idle pollers sleeping until their next look; `pause` wakes them so they end. */
  const sleepers = new Set<() => void>();
  let paused = false;

  /**
   * Takes one waiting job of `name` and runs it here; SKIP LOCKED keeps two processes (or a poller and
   * an immediate run) from taking the same job. The completion is awaited, so a graceful stop that waits
   * for the running jobs never leaves one active in the table (pg-boss's own worker completes without
   * waiting, and a job whose completion was lost would run again after its expiry). Answers whether
   * there was a job.
   */
  const runOne = (name: string): Promise<boolean> => {
    const attempt = takeAndRun(name);
    busy.add(attempt);
    void attempt.finally(() => busy.delete(attempt)).catch(() => {});
    return attempt;
  };
  const takeAndRun = async (name: string): Promise<boolean> => {
    const handler = handlers.get(name);
    if (!handler || paused) return false;
    const [job] = (await boss.fetch<object>(name, { batchSize: 1 })) ?? [];
    if (!job) return false;
    if (paused) {
      // A fetch under way when the pause came took a job (one sent meanwhile): a paused process runs no
      // new job, so it goes back to the queue at once (failed, so retried) for another process.
      await boss.fail(name, job.id, { message: 'the process was stopping when it took the job' });
      return false;
    }
    const done = (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        // As pg-boss's own worker does: a handler still running at the job's expiry is given up (failed,
        // so retried) and this poller goes on; the handlers are idempotent (ADR 0131).
        await Promise.race([
          run(handler, job),
          new Promise((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`job ${name} ran past its expiry (${expireInSeconds} s)`)),
              expireInSeconds * 1000,
            ).unref();
          }),
        ]);
        clearTimeout(timer);
        await boss.complete(name, job.id);
      } catch (err) {
        clearTimeout(timer);
        await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
        options.onError?.(err);
      }
    })();
    running.set(job.id, { name, done });
    try {
      await done;
    } finally {
      running.delete(job.id);
    }
    return true;
  };
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  /** One poller per queue: a job after another while there are some, then a look every interval. */
  const poll = async (name: string) => {
    while (!paused) {
      let found = false;
      try {
        found = await runOne(name);
      } catch (err) {
        options.onError?.(err);
      }
      if (!found && !paused) await sleep(pollingMs);
    }
  };
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    // Issue 17 (ADR 0140): processes that start together declare the same queues at once, and pg-boss's
    // create_queue (a partition attached to its job table) can deadlock against another's. PostgreSQL
    // cancels one of them; its retry finds the queue created by the other, or creates it alone.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name);
        break;
      } catch (err) {
        if ((err as { code?: unknown }).code !== '40P01' || attempt >= 10) throw err;
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 100 * attempt));
      }
    }
    queues.add(name);
  };
  const pause = () => {
    paused = true;
    for (const wake of [...sleepers]) wake();
  };

  return {
    working: options.workers > 0,
    get running() {
      return running.size;
    },
    async send(name, data, jobOptions = {}, tx) {
      // NOTE: not created here: inside a transaction on PGlite (one connection) a second statement
      // outside it would wait for the transaction forever.
      if (!queues.has(name)) throw new Error(`job queue ${name} was not declared at start-up`);
      const sendOptions: PgBoss.SendOptions = {
        // NOTE: as a moment, not seconds: pg-boss reads its `$5` twice (text, then timestamptz or interval)
        // and toDrizzleSql makes each use its own parameter, typed by its own cast; a number of seconds
        // bound as timestamptz fails, an ISO time ending in Z binds as both. Without a delay "now" is a
        // second ago, not left to the database: PGlite's clock is JavaScript's, and a job whose start_after
        // equals a frozen now() (tests that fix the Date) would never be fetched (`start_after < now()`).
        startAfter: jobOptions.startAfter
          ? new Date(Date.now() + jobOptions.startAfter * 1000)
          : new Date(Date.now() - 1000),
        retryLimit: jobOptions.retryLimit ?? 5,
        retryBackoff: true,
        expireInSeconds,
        ...(tx ? { db: preparedExecutorFor(tx) } : {}),
      };
      // The request (or job) that sends it: its id follows the job into the worker's log lines.
      const context = currentLogContext();
      const payload = context ? { ...data, [REQUEST_ID_FIELD]: context.requestId } : data;
      const id = await boss.send(name, payload, sendOptions);
      if (!id) throw new Error(`job ${name} was not enqueued`);
      // A job this process can run starts now instead of at the next poll (up to 2 s later). NOTE: not
      // for a job sent in a transaction (invisible until it commits: the poll finds it), and not through
      // pg-boss's notifyWorker, whose loop stalls when a test moves the Date clock backwards.
      if (!tx && !jobOptions.startAfter && handlers.has(name) && !paused) {
        setImmediate(() => void runOne(name).catch((err: unknown) => options.onError?.(err)));
      }
      return id;
    },
    async work(name, handler) {
      await ensureQueue(name);
      if (options.workers <= 0) return;
      handlers.set(name, handler as JobHandler<object>);
      // NOTE: our own poller, not pg-boss's `work`: see runOne (completion awaited, running jobs known).
      void poll(name);
    },
    async schedule(name, cron, data = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: TOKYO, expireInSeconds });
    },
    async unschedule(name) {
      await boss.unschedule(name);
    },
    async ready() {
      return started && !paused && Boolean(await boss.isInstalled());
    },
    async queueStats() {
      const { rows } = await database.executor.executeSql(
        `select q.name, count(j.id)::int as waiting,
           coalesce(extract(epoch from now() - min(j.start_after) filter (where j.start_after <= now())), 0)::float8 as oldest
         from pgboss.queue q left join pgboss.job j on j.name = q.name and j.state < 'active'
         group by q.name order by q.name`,
      );
      return (rows as { name: string; waiting: number; oldest: number }[]).map((r) => ({
        queue: r.name,
        waiting: Number(r.waiting),
        oldestWaitingSeconds: Math.max(0, Number(r.oldest)),
      }));
    },
    pause,
    async stop() {
      started = false;
      pause();
      const waitMs = (options.stopTimeoutSeconds ?? 15) * 1000;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), waitMs)));
      let timedOut = false;
      // A fetch under way when the pause came hands its job back (see takeAndRun): wait for it too.
      while (busy.size && !timedOut)
        timedOut = await Promise.race([Promise.allSettled([...busy]).then(() => false), timeout]);
      clearTimeout(timer);
      if (timedOut) {
        // Handed back: failed now, so pg-boss retries them at once instead of after their expiry.
        for (const [id, { name }] of running) {
          await boss
            .fail(name, id, { message: 'the process stopped while the job was running' })
            .catch((err: unknown) => options.onError?.(err));
        }
      }
      await boss.stop({ graceful: false, close: false });
    },
  };
}

/**
 * Queues that one feature fills and another works (features do not import each other, ADR 0005). Issue 23:
 * a supporter's review or SNS accounts changed, so their open offers are looked at again by the support
 * requests feature (`{ userId }`).
 */
export const SUPPORTER_CHANGED_QUEUE = 'ad-withdraw-offers';
