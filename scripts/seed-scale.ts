import { parseArgs } from 'node:util';
import pg from 'pg';
import * as schema from '../server/features/schema.ts';
import { openDatabase } from '../server/platform/db/client.ts';
import { DEV_BANK_KEY } from '../server/platform/env.ts';
import { scaleShape, seedScale, tableCounts } from '../server/seed/scale.ts';

/**
 * `npm run db:seed:scale -- --users 1000000 [--seed 1] [--database-url postgres://…] [--reset]`
 * (issue 17, ADR 0120): migrates a PostgreSQL database and fills it with the scale data set.
 *
 * Without --database-url (or SCALE_DATABASE_URL), a throw-away database `focustar_scale_<users>` is
 * created on 127.0.0.1:5432; --reset drops it first if it exists (or, for a given URL, empties its
 * schemas). The database stays for you to use: drop it with `dropdb focustar_scale_<users>`.
 */
export function scaleDatabaseName(users: number): string {
  return `focustar_scale_${users}`;
}

/** The server's maintenance database, for CREATE / DROP DATABASE. */
export function adminUrlOf(url: string): string {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  return admin.toString();
}

/** One statement on the server's maintenance database (names are checked: letters, digits, `_`). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const dbName = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error(`unexpected database name: ${dbName}`);
  const client = new pg.Client({ connectionString: adminUrlOf(url) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Creates (or with `reset`, re-creates) the database, migrates it and fills it; answers the URL, the
 * seconds it took and the counts. Used by this CLI and by `npm run bench:scale`.
 */
export async function createScaleDatabase(opts: {
  users: number;
  seed: number;
  url?: string | undefined;
  anchor?: string | undefined;
  reset?: boolean;
  log?: (line: string) => void;
}) {
  const log = opts.log ?? console.log;
  const given = opts.url ?? process.env.SCALE_DATABASE_URL;
  const url = given ?? `postgres://postgres@127.0.0.1:5432/${scaleDatabaseName(opts.users)}`;
  const dbName = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!given) {
    // The throw-away database of this size.
    if (opts.reset) await adminQuery(url, `drop database if exists ${dbName} with (force)`);
    await adminQuery(url, `create database ${dbName}`).catch((err: { code?: string }) => {
      if (err.code === '42P04') throw new Error(`${dbName} exists: pass --reset to make it again`);
      throw err;
    });
  } else if (opts.reset) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(
      'drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
    );
    await client.end();
  }
  const started = performance.now();
  const database = await openDatabase({ schema, databaseUrl: url, poolMax: 1 });
  await database.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedScale(client, {
      users: opts.users,
      seed: opts.seed,
      anchor: opts.anchor,
      bankKey: process.env.BANK_KEY || DEV_BANK_KEY,
      log,
    });
    const seconds = (performance.now() - started) / 1000;
    const counts = await tableCounts(client);
    const { rows } = await client.query<{ size: string; bytes: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size, pg_database_size(current_database()) as bytes',
    );
    return { url, dbName, seconds, counts, size: rows[0]!.size, bytes: Number(rows[0]!.bytes) };
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '1' },
      'database-url': { type: 'string' },
      anchor: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  const users = Number(values.users);
  const seed = Number(values.seed);
  if (!Number.isSafeInteger(users) || users < 105) throw new Error('--users must be an integer >= 105');
  if (!Number.isSafeInteger(seed)) throw new Error('--seed must be an integer');
  const shape = scaleShape(users);
  console.log(
    `scale seed: ${users.toLocaleString('en')} users, ${shape.shops.toLocaleString('en')} shops, ` +
      `${shape.advertisements.toLocaleString('en')} requests, seed ${seed}`,
  );
  createScaleDatabase({
    users,
    seed,
    url: values['database-url'],
    anchor: values.anchor,
    reset: values.reset,
  })
    .then((r) => {
      for (const [table, n] of Object.entries(r.counts)) {
        console.log(`${table.padEnd(20)} ${n.toLocaleString('en').padStart(12)}`);
      }
      console.log(`seeded ${r.dbName} in ${r.seconds.toFixed(0)} s; database size ${r.size}`);
      console.log(`DATABASE_URL=${r.url}`);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
