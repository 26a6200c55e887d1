import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './stack.ts';

const exec = promisify(execFile);

/**
 * A PostgreSQL cluster of the run's own (issue 29, `bench:pg-restart`): initdb into a temporary directory,
 * started on a free port, so that the run may restart and crash it without touching the machine's shared
 * server. PG_BIN (default /usr/lib/postgresql/15/bin, Debian's) has initdb and pg_ctl. As root, which
 * initdb refuses, the cluster is the `postgres` user's (runuser).
 */
export interface PrivateCluster {
  port: number;
  /** The superuser's URL of the `postgres` database. */
  adminUrl: string;
  /** `pg_ctl restart -m fast`: clients are disconnected, the server stops cleanly and starts again. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m immediate`: the server is killed without a checkpoint, as in a crash. */
  crash(): Promise<void>;
  /** `pg_ctl start` after a crash: recovery from the WAL, then accepting connections. */
  start(): Promise<void>;
  /** Stops the cluster and removes its directory. */
  remove(): Promise<void>;
}

export async function privateCluster(): Promise<PrivateCluster> {
  const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  if (!existsSync(join(bin, 'pg_ctl'))) throw new Error(`no pg_ctl in ${bin} (set PG_BIN)`);
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), 'focustar-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const { stdout } = await exec('id', ['-u', 'postgres']);
    const { stdout: gid } = await exec('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const as = (cmd: string, args: string[]) =>
    root ? exec('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : exec(join(bin, cmd), args);
  await as('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  // Sockets in the cluster's directory, TCP on loopback; fsync off: a crash here is the server's process
  // dying (the WAL is in the OS's cache), not the machine's.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]) => as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), ...args]);
  const start = async () => {
    await ctl('start', '-w', '-o', options);
  };
  await start();
  let removed = false;
  return {
    port,
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      await ctl('restart', '-w', '-m', 'fast', '-o', options);
    },
    crash: async () => {
      await ctl('stop', '-m', 'immediate');
    },
    start,
    remove: async () => {
      if (removed) return;
      removed = true;
      await ctl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
