import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { throwAwayDatabase } from './stack.ts';

/**
 * Issue 29, "Writes near the database's limit": pgbench's TPC-B (prepared statements) on the same PostgreSQL
 * server, measured in the same run as `bench:api`, so that proof and approval can be stated as a share of
 * what the server does with the simplest write transaction it knows (five statements: three updates, a
 * select and an insert). Goal: each at >= 0.15 of pgbench's transactions per second.
 *
 * A throw-away database of scale 10 (1M accounts; ten branches, so ten clients do not queue on one branch
 * row), ten clients over two threads for `seconds`. `PGBENCH_PATH` chooses the program; without one on the
 * machine the step is skipped (null), with a line that says so.
 */
export const PGBENCH_SCALE = 10;
export const PGBENCH_CLIENTS = 10;
/** The share of pgbench's tps that proof and approval each aim at. */
export const PGBENCH_GOAL = 0.15;

export interface PgbenchFigures {
  tps: number;
  clients: number;
  scale: number;
  seconds: number;
}

function pgbenchPath(): string | null {
  const candidates = [
    process.env.PGBENCH_PATH,
    '/usr/bin/pgbench',
    ...['17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`),
  ].filter((p): p is string => Boolean(p));
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** pgbench's "tps = 5561.123456 (without initial connection time)" line. */
export function tpsOf(output: string): number | null {
  const m = /tps = ([0-9.]+) \(without initial connection time\)/.exec(output);
  return m ? Number(m[1]) : null;
}

export async function runPgbench(seconds: number): Promise<PgbenchFigures | null> {
  const bin = pgbenchPath();
  if (!bin) {
    console.log('pgbench: not found (PGBENCH_PATH, /usr/bin/pgbench): the TPC-B comparison is skipped');
    return null;
  }
  const db = await throwAwayDatabase('focustar_pgbench');
  try {
    const url = db.url;
    const init = spawnSync(bin, ['-i', '-q', '-s', String(PGBENCH_SCALE), url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    const args = ['-M', 'prepared', '-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(seconds), url];
    const res = spawnSync(bin, args, { encoding: 'utf8' });
    const tps = tpsOf(res.stdout);
    if (res.status !== 0 || tps === null) throw new Error(`pgbench failed: ${res.stderr || res.stdout}`);
    return { tps, clients: PGBENCH_CLIENTS, scale: PGBENCH_SCALE, seconds };
  } finally {
    await db.drop();
  }
}
