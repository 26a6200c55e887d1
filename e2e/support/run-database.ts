import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Issue 28 (CI time), ADR 0193: a PostgreSQL database for one browser-test run, created on the server that
 * `adminUrl` names and dropped at the end. The server migrates and seeds it on start, as on PGlite.
 */
export async function createRunDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `focustar_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  // A run stopped outright (SIGKILL) leaves its database: drop those whose process is gone.
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const stale = await client
    .query<{ datname: string }>("select datname from pg_database where datname like 'focustar\\_e2e\\_%'")
    .finally(() => client.end());
  for (const { datname } of stale.rows) {
    const pid = Number(datname.split('_')[2]);
    if (pid && !alive(pid)) await admin(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
  await admin(`CREATE DATABASE ${name}`);
  // A test run needs no durability against a crash of PostgreSQL itself (tests/support/db.ts does the same).
  await admin(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  };
  return { url: url.toString(), drop };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
