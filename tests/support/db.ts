import { randomBytes } from 'node:crypto';
import pg from 'pg';
import * as schema from '../../server/features/schema.ts';
import { type Database, openDatabase } from '../../server/platform/db/client.ts';

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

export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'pglite') return openDatabase({ schema, pgliteDir: 'memory://' });
  const admin = new URL(process.env.TEST_DATABASE_URL!);
  const name = `focustar_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ schema, databaseUrl: url.toString(), poolMax: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
