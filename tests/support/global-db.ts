import pg from 'pg';

/**
 * Vitest's global setup (vite.config.ts): the PostgreSQL test databases of a run are dropped together at its
 * end (ADR 0185). A `DROP DATABASE` asks PostgreSQL for a checkpoint, which waited on every other suite's
 * writes; dropped one by one as each suite closed, a hundred and forty of them cost a second or more each on
 * a loaded machine. Each run names its databases `focustar_test_r<pid>_…` (tests/support/db.ts, and the
 * server processes' in tests/support/processes.ts); the databases of runs whose process is gone (a run that
 * was killed) are dropped too.
 */
const PREFIX = 'focustar_test_r';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function dropRuns(which: (pid: number) => boolean): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch {
    return; // No server: the database tests ran on PGlite only.
  }
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${PREFIX.replaceAll('_', '\\_')}%`],
    );
    for (const { datname } of rows) {
      const pid = Number(/^focustar_test_r(\d+)_/.exec(datname)?.[1]);
      if (!Number.isInteger(pid) || !which(pid)) continue;
      await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

export async function setup(): Promise<() => Promise<void>> {
  const run = process.pid;
  process.env.FOCUSTAR_TEST_RUN = String(run);
  await dropRuns((pid) => pid !== run && !alive(pid));
  return () => dropRuns((pid) => pid === run);
}
