import { mkdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { join, resolve } from 'node:path';
import type { SQL } from 'drizzle-orm';
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ROOT_DIR } from '../version.ts';

/** The drizzle tables of every feature (server/features/schema.ts), handed in by the composition root. */
export type TableSchema = Record<string, unknown>;

/**
 * The one database type the app codes against: the same for PGlite and node-postgres. Features code
 * against the schema-less form (select/insert/execute need no schema); the composition root and the
 * tests hold the typed form, whose relational queries (`db.query.users`) know every table.
 */
export type Db<S extends TableSchema = TableSchema> = PgDatabase<PgQueryResultHKT, S>;

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database<S extends TableSchema = TableSchema> {
  db: Db<S>;
  /**
   * Raw SQL on the database's own client: several statements in one text when there are no parameters
   * (pg-boss creates its tables that way).
   */
  executor: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs (never the password). */
  location: string;
  /** PostgreSQL's connection string, for a connection of its own (LISTEN, ADR 0152); PGlite has none. */
  connectionString?: string;
  /** node-postgres's pool, for the metrics (issue 29); PGlite is one connection and has none. */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(ROOT_DIR, 'server/platform/db/migrations');
/** The advisory lock that lets one process at a time migrate a PostgreSQL database (any fixed number). */
export const MIGRATION_LOCK_KEY = 7_265_031_417;

export interface OpenOptions<S extends TableSchema = TableSchema> {
  /** The drizzle tables (server/features/schema.ts): the platform knows no feature by name. */
  schema: S;
  /** postgres://… selects a PostgreSQL server; otherwise the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * An embedded database's files to start from (PGlite's `dumpDataDir`), instead of an empty one: the tests
   * start each database from one image of the migrated schema (ADR 0185). Pending migrations still apply.
   */
  pgliteImage?: Blob;
  poolMax?: number;
}

/** Opens the database and applies every pending migration (migrations run at start-up). */
export async function openDatabase<S extends TableSchema>(options: OpenOptions<S>): Promise<Database<S>> {
  const database = options.databaseUrl ? await openPostgres(options) : await openPglite(options);
  return database;
}

async function openPostgres<S extends TableSchema>(options: OpenOptions<S>): Promise<Database<S>> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = await newPool(options.databaseUrl!, options.poolMax ?? 10);
  const db = drizzle(pool, { schema: options.schema });
  // Issue 17 (ADR 0140): processes that start together (a deploy of N processes) migrate one after the
  // other; the next finds nothing left to apply. NOTE: the lock is held by a connection of its own, not
  // the pool's, so a pool of one connection can still run the migrations.
  const lock = new pg.Client({ connectionString: options.databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lock.end();
  }
  const url = new URL(options.databaseUrl!);
  return {
    db: db as unknown as Db<S>,
    kind: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    connectionString: options.databaseUrl!,
    pool,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) },
    close: () => pool.end(),
  };
}

/** A node-postgres pool as the app's: no JIT, and a connection PostgreSQL ends is dropped, not fatal. */
async function newPool(connectionString: string, max: number) {
  const { default: pg } = await import('pg');
  // Issue 17 (ADR 0124): no JIT. The lists' plans carry high estimated costs (a lateral sum per row that
  // LIMIT cuts short), which made PostgreSQL compile them on every call: 15–20 ms of a 25 ms answer at 1M
  // users, for queries that read a few hundred rows.
  const pool = new pg.Pool({ connectionString, max, options: '-c jit=off' });
  // An idle connection that the server ends (a restart, a fail-over, an administrator, a dropped test
  // database) is an 'error' event on the pool; without a listener Node would stop the process. The pool
  // has already discarded that connection and opens a new one for the next query.
  pool.on('error', (err: Error & { code?: string }) => {
    process.emitWarning(
      `PostgreSQL closed an idle connection (${err.code ?? err.message})`,
      'DatabaseWarning',
    );
  });
  // Issue 29 (bench:pg-restart found it): a connection checked out of the pool (a transaction between two
  // of its queries) has no 'error' listener of the pool's, so PostgreSQL ending it (a restart, a crash) was
  // an unhandled 'error' event that stopped the process. Every connection keeps this listener: the error is
  // dropped here, the transaction's next query fails ("Client has encountered a connection error", a 503)
  // and the pool discards the connection when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/**
 * Issue 29 (ADR 0209): a few connections of their own for background writes that must not take the requests'
 * connections (the click writer's batches), on PostgreSQL; PGlite is one connection, so its `db` is shared.
 */
export async function openSidePool(
  database: Database,
  max: number,
): Promise<{ db: Db; close(): Promise<void> }> {
  if (!database.connectionString) return { db: database.db, close: async () => {} };
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = await newPool(database.connectionString, max);
  return { db: drizzle(pool) as unknown as Db, close: () => pool.end() };
}

async function openPglite<S extends TableSchema>(options: OpenOptions<S>): Promise<Database<S>> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The trigram indexes of the searches (migration 0014, ADR 0123) need pg_trgm, which PGlite loads on demand.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = options.pgliteDir ?? 'memory://';
  let location = dir;
  if (!dir.startsWith('memory://')) {
    location = resolve(dir);
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : location, {
    extensions: { pg_trgm },
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
  });
  const db = drizzle(client, { schema: options.schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db<S>,
    kind: 'pglite',
    location,
    executor: {
      async executeSql(text, values) {
        // NOTE: PGlite's `query` runs one statement (extended protocol); `exec` runs several, unparameterised.
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
    close: () => client.close(),
  };
}

type Row = Record<string, unknown>;

/** A node-postgres pool or connection (a PGlite instance is neither): it can prepare named statements. */
type NodePgQueryable = {
  query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: Row[] }>;
};
/** What PGlite answers to: a text and its values, run in process. */
type PgliteQueryable = { query: (text: string, values: unknown[]) => Promise<{ rows: Row[] }> };

/**
 * The client a handle runs its statements on: drizzle's session client, which is the pool (or PGlite) at
 * the top level and the transaction's own connection inside one.
 */
const clientOf = (db: Db): unknown => (db as unknown as { session?: { client?: unknown } }).session?.client;
const isNodePg = (client: unknown): client is NodePgQueryable =>
  typeof client === 'object' && client !== null && ('totalCount' in client || 'processID' in client);

/**
 * Runs a fixed query on the hot path. On PostgreSQL it is a named prepared statement, planned once per
 * connection instead of on every call (inside a transaction, on the transaction's own connection: the
 * approval's update cost 0.4 ms of planning a call, ADR 0158); PGlite runs in process and takes it as it
 * is. `name` must stand for one text: one name per shape of the query (the values may differ, the SQL may
 * not).
 */
export async function hotQuery(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = clientOf(db);
  if (isNodePg(client)) return (await client.query({ name, text, values })).rows;
  return (await (client as PgliteQueryable).query(text, values)).rows;
}

const dialect = new PgDialect();

/** `hotQuery` for a query written with drizzle's `sql` (issue 17: planning it cost more than running it). */
export async function hotSql<T = Row>(db: Db, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await hotQuery(db, name, text, params)) as T[];
}

/** PostgreSQL unique_violation, as thrown by node-postgres and PGlite (sometimes wrapped by drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The name of the constraint a database error names, or ''. */
export function violatedConstraint(err: unknown): string {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } };
  return String(e?.constraint ?? e?.cause?.constraint ?? '');
}

/** The migrations this build knows (the drizzle journal), as the migrator orders them. */
function journalTimes(): number[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((e) => e.when);
}

/**
 * Readiness (issue 17, ADR 0141): how many of this build's migrations the database still lacks, by the
 * migrator's own rule (a migration is applied when the newest recorded one is at least as recent). A
 * database migrated further by a newer build counts as up to date for this one (rolling deploys).
 */
export async function pendingMigrations(db: Db): Promise<number> {
  let last: number;
  try {
    const [row] = rowsOf<{ last: string | number | null }>(
      await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`),
    );
    last = Number(row?.last ?? 0);
  } catch (err) {
    // 42P01: no migrations table (or schema) yet: nothing has been applied.
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    if (e.code === '42P01' || e.code === '3F000' || e.cause?.code === '42P01' || e.cause?.code === '3F000')
      last = 0;
    else throw err;
  }
  return journalTimes().filter((when) => when > last).length;
}
