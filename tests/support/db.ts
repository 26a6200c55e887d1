import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import * as schema from '../../server/features/schema.ts';
import { type Database, MIGRATIONS_DIR, openDatabase } from '../../server/platform/db/client.ts';
import { ROOT_DIR } from '../../server/platform/version.ts';

/** A test database knows every feature's tables (`db.query.users` and friends). */
export type TestDatabase = Database<typeof schema>;

/**
 * The databases a database test runs on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set
 * (.ci/run sets it). Each suite gets a database of its own, thrown away afterwards.
 */
export type DbKind = 'pglite' | 'postgres';

const AVAILABLE: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
/**
 * TEST_DATABASES (a comma list, e.g. `postgres`) narrows the kinds: `npm test` runs the suite once on Node
 * 20 with PGlite and once on Node 24 with PostgreSQL (ADR 0144), so each database test runs once per CI.
 */
const WANTED = process.env.TEST_DATABASES?.split(',').map((s) => s.trim());
export const DB_KINDS: DbKind[] = WANTED ? AVAILABLE.filter((k) => WANTED.includes(k)) : AVAILABLE;

/*
 * Issue 28 (CI time), ADR 0185: a test database starts from the migrated schema instead of migrating an
 * empty one. Creating an empty PGlite database and applying the migrations took 2–4 s on a quiet machine
 * (10–20 s under load) and ran once per suite and database kind; starting from an image of the migrated
 * files takes a fraction of it. The image is made once per set of migrations (the key hashes their files)
 * and kept: for PGlite a tar of its files under node_modules/.cache, for PostgreSQL a template database.
 * The migrator still runs on every database and finds nothing to apply, so a database made from an image
 * is the same as one migrated step by step (tests/server/migrations*.test.ts migrate from empty).
 */
const MIGRATIONS_KEY = (() => {
  const hash = createHash('sha256');
  for (const f of readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!/\.(sql|json)$/.test(f)) continue;
    hash.update(f).update(readFileSync(join(MIGRATIONS_DIR, f)));
  }
  return hash.digest('hex').slice(0, 12);
})();

const IMAGE_DIR = join(ROOT_DIR, 'node_modules/.cache/focustar-test-db');
let pgliteImage: Promise<Blob> | undefined;

/** The migrated PGlite files, from this process, the disk cache, or made now (and cached). */
function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const file = join(IMAGE_DIR, `pglite-${MIGRATIONS_KEY}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not made yet: make it here. Two processes may both make it; each writes its own file and the
      // rename is atomic, so a reader never sees half an image.
    }
    const fresh = await openDatabase({ schema, pgliteDir: 'memory://' });
    const client = (fresh.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const image = await client.dumpDataDir('none');
    await fresh.close();
    mkdirSync(IMAGE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  })();
  return pgliteImage;
}

/** The PostgreSQL template of this set of migrations, made once per server under an advisory lock. */
const TEMPLATE_LOCK_KEY = 7_265_031_418;
let pgTemplate: Promise<string> | undefined;
function migratedTemplate(admin: URL): Promise<string> {
  pgTemplate ??= (async () => {
    const name = `focustar_tpl_${MIGRATIONS_KEY}`;
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `focustar_tplbuild_${randomBytes(6).toString('hex')}`;
        await client.query(`CREATE DATABASE ${building}`);
        const url = new URL(admin);
        url.pathname = `/${building}`;
        const migrated = await openDatabase({ schema, databaseUrl: url.toString(), poolMax: 1 });
        await migrated.close();
        await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
      return name;
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
      await client.end();
    }
  })();
  return pgTemplate;
}

export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite')
    return openDatabase({ schema, pgliteDir: 'memory://', pgliteImage: await migratedPgliteImage() });
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const template = await migratedTemplate(admin);
  // A run with the global setup (tests/support/global-db.ts) drops its databases together at its end.
  const run = process.env.FOCUSTAR_TEST_RUN;
  const name = run
    ? `focustar_test_r${run}_${randomBytes(6).toString('hex')}`
    : `focustar_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  // Issue 28 (CI time), ADR 0193: a test database needs no durability against a crash of PostgreSQL itself,
  // so its commits do not wait for the WAL flush (what survives a crash of the Node process is unchanged:
  // a commit is still a commit to every other session).
  await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ schema, databaseUrl: url.toString(), poolMax: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      if (run) return; // dropped with the run's others at its end
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
