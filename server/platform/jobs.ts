import { type SQL, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Db } from './db/client.ts';

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

export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

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
  /** Whether this process runs workers (WORKERS >= 1). */
  readonly working: boolean;
  stop(): Promise<void>;
}

export interface StartJobsOptions {
  database: Database;
  /** 0: enqueue only (an API-only process); 1 or more: run handlers here. */
  workers: number;
  /** How often idle workers look for jobs (pg-boss default 2 s; tests use less). */
  pollingIntervalSeconds?: number;
  onError?: (err: unknown) => void;
}

const TOKYO = 'Asia/Tokyo';

export async function startJobs(options: StartJobsOptions): Promise<Jobs> {
  const { database } = options;
  const boss = new PgBoss({
    db: database.executor,
    schema: 'pgboss',
    // API-only processes neither maintain the queues nor fire cron: the workers do.
    supervise: options.workers > 0,
    schedule: options.workers > 0,
    migrate: true,
  });
  boss.on('error', (err) => options.onError?.(err));
  await boss.start();
  const queues = new Set<string>();
  /** The handlers this process runs, so that a job it enqueues runs at once (see `send`). */
  const handlers = new Map<string, JobHandler<object>>();
  /** Runs one waiting job of `name` here; SKIP LOCKED keeps it from running twice beside the pollers. */
  const runOne = async (name: string) => {
    const handler = handlers.get(name);
    if (!handler) return;
    const [job] = (await boss.fetch<object>(name, { batchSize: 1 })) ?? [];
    if (!job) return;
    try {
      await handler(job.data, { id: job.id, name: job.name });
      await boss.complete(name, job.id);
    } catch (err) {
      await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
      options.onError?.(err);
    }
  };
  const ensureQueue = async (name: string) => {
    if (queues.has(name)) return;
    await boss.createQueue(name);
    queues.add(name);
  };

  return {
    working: options.workers > 0,
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
        ...(tx ? { db: executorFor(tx) } : {}),
      };
      const id = await boss.send(name, data, sendOptions);
      if (!id) throw new Error(`job ${name} was not enqueued`);
      // A job this process can run starts now instead of at the next poll (up to 2 s later). NOTE: not
      // for a job sent in a transaction (invisible until it commits: the poll finds it), and not through
      // pg-boss's notifyWorker, whose loop stalls when a test moves the Date clock backwards.
      if (!tx && !jobOptions.startAfter && handlers.has(name)) {
        setImmediate(() => void runOne(name).catch((err: unknown) => options.onError?.(err)));
      }
      return id;
    },
    async work(name, handler) {
      await ensureQueue(name);
      if (options.workers <= 0) return;
      handlers.set(name, handler as JobHandler<object>);
      await boss.work<object>(
        name,
        {
          batchSize: 1,
          ...(options.pollingIntervalSeconds
            ? { pollingIntervalSeconds: options.pollingIntervalSeconds }
            : {}),
        },
        async ([job]) => {
          if (job) await handler(job.data as never, { id: job.id, name: job.name });
        },
      );
    },
    async schedule(name, cron, data = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, { tz: TOKYO });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
