import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/features/schema.ts';
import { openDatabase, rowsOf } from '../../server/platform/db/client.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { DB_KINDS } from '../support/db.ts';
import { startMailCatcher } from '../support/mail.ts';
import {
  BASE_SERVER_ENV,
  createPostgresDatabase,
  HttpClient,
  type ServerProcess,
  startServerProcess,
} from '../support/processes.ts';

/**
 * Issue 17 "Graceful shutdown: SIGTERM finishes in-flight requests and jobs, then exits" (ADR 0132). A real
 * server process gets SIGTERM while a request is half received and while a job is half way through
 * sending its mail (an SMTP server that holds the message): it must refuse new connections, answer the
 * request (200), finish the job (completed, the mail delivered once), then exit 0.
 */

/** The mail catcher, each message kept waiting until `release()`. */
async function holdingSmtp() {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const arriving = new Promise<void>((resolve) => (arrived = resolve));
  const catcher = await startMailCatcher({ until, arrived });
  return { catcher, arriving, release };
}

/** A request whose body arrives in two parts: the second when `finish()` is called. */
function halfSentLogin(server: ServerProcess, xsrf: string) {
  const body = JSON.stringify({ email: 'supporter@example.com', password: DEMO_PASSWORD });
  const url = new URL('/api/login', server.url);
  let answer!: (r: { status: number; body: string }) => void;
  let failed!: (err: unknown) => void;
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    answer = resolve;
    failed = reject;
  });
  const req = httpRequest(
    {
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        cookie: `XSRF-TOKEN=${encodeURIComponent(xsrf)}`,
        'x-xsrf-token': xsrf,
      },
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => answer({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    },
  );
  req.on('error', failed);
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answered, finish: () => req.end(body.slice(half)) };
}

const connects = async (url: string) => {
  try {
    await fetch(`${url}/api/health`);
    return true;
  } catch {
    return false;
  }
};

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

for (const kind of DB_KINDS) {
  describe(`graceful shutdown of a server process (issue 17, ADR 0132) [${kind}]`, () => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const c of cleanups.reverse()) await c();
    }, 60_000);

    it(`SIGTERM: refuses new connections, answers the request in flight (200), finishes the running job, exits 0 [${kind}]`, async () => {
      const smtp = await holdingSmtp();
      cleanups.push(() => smtp.catcher.stop());
      const dataDir = mkdtempSync(join(tmpdir(), 'focustar-shutdown-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = {
        ...BASE_SERVER_ENV,
        DATA_DIR: dataDir,
        SMTP_URL: smtp.catcher.smtpUrl,
        WORKERS: '1',
        LOG_LEVEL: 'info',
      };
      let databaseUrl: string | undefined;
      if (kind === 'postgres') {
        const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
        cleanups.push(() => created.drop());
        databaseUrl = created.url;
        env.DATABASE_URL = databaseUrl;
      }
      // The demo accounts, written before the start (the embedded database: by one process at a time).
      const seeding = await openDatabase({ schema, databaseUrl, pgliteDir: join(dataDir, 'pglite') });
      await seedDemoData(seeding.db);
      await seeding.close();
      const server = await startServerProcess(env);
      cleanups.push(() => void server.child.kill('SIGKILL'));

      // A job in flight: the reset mail's job is taken at once and waits in the SMTP server.
      const browser = new HttpClient(server.url);
      const reset = await browser.post('/api/password/email', { email: 'supporter@example.com' });
      expect(reset.status, reset.body).toBe(200);
      await smtp.arriving;
      // A request in flight: its body half sent.
      const login = halfSentLogin(server, await browser.xsrfToken());
      await wait(300);

      server.child.kill('SIGTERM');
      await wait(1000);
      expect(server.child.exitCode, 'still finishing what is in flight').toBeNull();
      expect(await connects(server.url), 'a new connection is refused').toBe(false);

      login.finish();
      const answer = await login.answered;
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body).access_token).toEqual(expect.any(String));
      await wait(500);
      expect(server.child.exitCode, 'still waiting for the job').toBeNull();

      smtp.release();
      const exit = await server.exited;
      expect(exit, server.output.join('')).toEqual({ code: 0, signal: null });
      expect(smtp.catcher.messages).toHaveLength(1);
      expect(smtp.catcher.messages[0]!.raw).toContain('supporter@example.com');

      // The job is recorded as completed: it will not run again at the next start.
      const database = await openDatabase({
        schema,
        databaseUrl,
        pgliteDir: join(dataDir, 'pglite'),
      });
      const jobs = rowsOf<{ state: string }>(
        await database.db.execute(sql`select state from pgboss.job where name = 'accounts.mail'`),
      );
      await database.close();
      expect(jobs.map((j) => j.state)).toEqual(['completed']);
      expect(server.output.join('')).toContain('shutting down');
    }, 300_000);
  });
}
