import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { ROOT_DIR } from '../../server/platform/version.ts';
import { LINK_CHANGE_CHANNEL, LinkChangeFeed } from '../../server/platform/link-changes.ts';
import {
  createShortLink,
  retargetShortLinks,
  setShortLinkDisabled,
  ShortLinkResolver,
} from '../../server/platform/short-links.ts';
import { TEST_APP_SECRET, createTestApp } from '../support/app.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * Issue 29 "A viral link" (ADR 0152 amended): on PostgreSQL a process remembers the links it read until a
 * change of a link is told by NOTIFY, so that a link clicked in turn by many visitors is read once a minute
 * and not every few seconds. A link switched off, or retargeted when its request ends, in one process
 * stops redirecting in every other one as soon as the notification arrives, and a process whose listening
 * connection is lost forgets every link (it may have missed a change) and falls back to a few seconds.
 *
 * Conditions are waited on (vi.waitFor); how soon they come is bench:api's business, not these tests'.
 */
const BROWSER =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const UNTIL = { timeout: 20_000, interval: 50 };

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'short links remembered until a change is told across processes (issue 29, ADR 0152) [postgres]',
  () => {
    it('a link switched off in one app instance stops redirecting in another process on the same database', async () => {
      const a = await createTestApp('postgres');
      // The other instance: a server process of its own (server/main.ts) on the same database.
      const dataDir = mkdtempSync(join(tmpdir(), 'focustar-links-'));
      const port = await freePort();
      const b = spawn(process.execPath, ['--import', 'tsx', join(ROOT_DIR, 'server/main.ts')], {
        cwd: ROOT_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: a.database.connectionString!,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          APP_SECRET: TEST_APP_SECRET,
          SEED_DEMO_DATA: 'never',
          WORKERS: '0',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise((r) => b.once('exit', r));
      try {
        await vi.waitFor(
          async () => expect((await fetch(`http://127.0.0.1:${port}/api/health`)).ok).toBe(true),
          {
            timeout: 120_000,
            interval: 200,
          },
        );
        const db = a.database.db;
        const link = await createShortLink(db, {
          targetUrl: 'https://example.com/shop',
          purpose: 'shrinker',
        });
        const unit = await createShortLink(db, { targetUrl: 'https://example.com/unit', purpose: 'unit' });
        const locationIn = async (code: string) =>
          (
            await fetch(`http://127.0.0.1:${port}/s/${code}`, {
              redirect: 'manual',
              headers: { 'user-agent': BROWSER },
            })
          ).headers.get('location');
        expect(await locationIn(link.code)).toBe('https://example.com/shop');
        expect(await locationIn(unit.code)).toBe('https://example.com/unit');
        // B remembers what it read: a write that tells nobody (not the engine's) is not seen there.
        await db.execute(
          sql`update short_links set target_url = 'https://example.com/untold' where id = ${link.id}`,
        );
        expect(await locationIn(link.code)).toBe('https://example.com/shop');

        // Staff switch the link off through A (issue 16): B leads to 「掲載は終了しました」 once told.
        await db.transaction((tx) => setShortLinkDisabled(tx, link.id, 'shrinker', true, new Date()));
        await vi.waitFor(async () => expect(await locationIn(link.code)).toBe('/period'), UNTIL);

        // A request ends in A and its unit links lead to /period (retargetShortLinks): B follows.
        await db.transaction((tx) => retargetShortLinks(tx, [unit.id], '/period'));
        await vi.waitFor(async () => expect(await locationIn(unit.code)).toBe('/period'), UNTIL);

        // A change that rolls back tells nobody and changes nothing.
        await db
          .transaction(async (tx) => {
            await retargetShortLinks(tx, [unit.id], 'https://example.com/rolled-back');
            throw new Error('rollback');
          })
          .catch(() => {});
        expect(await locationIn(unit.code)).toBe('/period');
      } finally {
        if (b.exitCode === null && b.signalCode === null) b.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
        await a.close();
      }
    }, 180_000);

    it('a process whose listening connection is lost forgets its links, then listens again', async () => {
      const t = await createTestApp('postgres');
      const url = t.database.connectionString!;
      const feed = new LinkChangeFeed(url);
      await feed.start();
      const resolver = new ShortLinkResolver(t.database.db, { changes: feed });
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        expect(feed.listening).toBe(true);
        const db = t.database.db;
        const link = await createShortLink(db, { targetUrl: 'https://example.com/a', purpose: 'unit' });
        expect((await resolver.resolve(link.code))?.targetUrl).toBe('https://example.com/a');
        await db.execute(
          sql`update short_links set target_url = 'https://example.com/b' where id = ${link.id}`,
        );
        expect((await resolver.resolve(link.code))?.targetUrl).toBe('https://example.com/a');
        // The listening connection is ended by the server (a restart, a fail-over, an administrator).
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and pid <> pg_backend_pid() and query = $1`,
          [`LISTEN ${LINK_CHANGE_CHANNEL}`],
        );
        await vi.waitFor(
          async () => expect((await resolver.resolve(link.code))?.targetUrl).toBe('https://example.com/b'),
          UNTIL,
        );
        await vi.waitFor(() => expect(feed.listening).toBe(true), UNTIL);
        // Listening again: a NOTIFY from anywhere (here a bare one) makes it forget.
        await db.execute(
          sql`update short_links set target_url = 'https://example.com/c' where id = ${link.id}`,
        );
        await admin.query(`select pg_notify($1, '')`, [LINK_CHANGE_CHANNEL]);
        await vi.waitFor(
          async () => expect((await resolver.resolve(link.code))?.targetUrl).toBe('https://example.com/c'),
          UNTIL,
        );
      } finally {
        await admin.end();
        resolver.close();
        await feed.close();
        await t.close();
      }
    });
  },
);
