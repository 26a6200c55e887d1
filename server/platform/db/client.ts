import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(ROOT_DIR, 'server/platform/db/migrations');

export interface OpenOptions<S extends TableSchema = TableSchema> {
  /** The drizzle tables (server/features/schema.ts): the platform knows no feature by name. */
  schema: S;
  /** postgres://… selects a PostgreSQL server; otherwise the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
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
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
  // An idle connection that the server ends (a restart, a fail-over, an administrator, a dropped test
  // database) is an 'error' event on the pool; without a listener Node would stop the process. The pool
  // has already discarded that connection and opens a new one for the next query.
  pool.on('error', (err: Error & { code?: string }) => {
    process.emitWarning(
      `PostgreSQL closed an idle connection (${err.code ?? err.message})`,
      'DatabaseWarning',
    );
  });
  const db = drizzle(pool, { schema: options.schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const url = new URL(options.databaseUrl!);
  return {
    db: db as unknown as Db<S>,
    kind: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    executor: { executeSql: (text, values) => pool.query(text, values as unknown[] | undefined) },
    close: () => pool.end(),
  };
}

async function openPglite<S extends TableSchema>(options: OpenOptions<S>): Promise<Database<S>> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = options.pgliteDir ?? 'memory://';
  let location = dir;
  if (!dir.startsWith('memory://')) {
    location = resolve(dir);
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(dir.startsWith('memory://') ? undefined : location);
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

/**
 * Runs a fixed query on the hot path. On PostgreSQL it is a named prepared statement, planned once per
 * connection instead of on every call; PGlite runs in process and takes it as it is.
 */
export async function hotQuery(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<{ rows: Row[] }> } })
    .$client;
  if ('totalCount' in client) return (await client.query({ name, text, values })).rows; // pg.Pool
  return (await client.query(text, values)).rows;
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
