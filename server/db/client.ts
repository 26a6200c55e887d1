import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { ROOT_DIR } from '../version.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the app codes against: the same for PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where the data lives, for logs (never the password). */
  location: string;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(ROOT_DIR, 'server/db/migrations');

export interface OpenOptions {
  /** postgres://… selects a PostgreSQL server; otherwise the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolMax?: number;
}

/** Opens the database and applies every pending migration (migrations run at start-up). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl ? await openPostgres(options) : await openPglite(options);
  return database;
}

async function openPostgres(options: OpenOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  const url = new URL(options.databaseUrl!);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    close: () => pool.end(),
  };
}

async function openPglite(options: OpenOptions): Promise<Database> {
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
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    location,
    close: () => client.close(),
  };
}
