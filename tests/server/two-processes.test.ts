import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate, type Unit } from '../../contracts/advertisements.ts';
import * as schema from '../../server/features/schema.ts';
import { openDatabase, rowsOf } from '../../server/platform/db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { type SnsStandin, startSnsStandin } from '../../server/platform/sns-standin.ts';
import { TEST_APP_SECRET } from '../support/app.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import {
  HttpClient,
  REDIS_URL,
  redisAnswers,
  scratchDatabase,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '../support/processes.ts';

/**
 * Issue 17 "Two instances and the distributed pieces" (ADR 0140): two real server processes on one
 * PostgreSQL database and one Redis, each with a pg-boss worker and a DATA_DIR of its own, as behind a
 * proxy. The main journey runs across them, and their logs (JSON lines) carry the request ids and no
 * personal data (ADR 0142).
 *
 * Runs when TEST_DATABASE_URL is set and Redis answers (.ci/run has both): PGlite is one process's database.
 */
const DAY = 86_400_000;
const day = (offset: number) => tokyoDate(new Date(Date.now() + offset * DAY));
const xPost = (handle: string, seq: number, at = new Date()) =>
  `https://x.com/${handle}/status/${((BigInt(at.getTime()) - 1_288_834_974_657n) << 22n) + BigInt(seq)}`;
const requestId = (label: string) => `journey-${label}-${randomBytes(6).toString('hex')}`;

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };
const logLines = (server: ServerProcess): LogLine[] =>
  server.output
    .join('')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

const canRun = Boolean(process.env.TEST_DATABASE_URL) && (await redisAnswers());

describe.runIf(canRun)('the main journey across two server processes (issue 17) [postgres] [redis]', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let mail: MailCatcher;
  let sns: SnsStandin;
  let database: Awaited<ReturnType<typeof openDatabase<typeof schema>>>;
  let drop: () => Promise<void>;
  const count = async (query: ReturnType<typeof sql>) =>
    Number(rowsOf<{ n: number }>(await database.db.execute(query))[0]!.n);

  beforeAll(async () => {
    const scratch = await scratchDatabase();
    drop = scratch.drop;
    mail = await startMailCatcher();
    // One SNS stand-in for both processes, as both would ask the same platforms (issue 23).
    sns = await startSnsStandin();
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      APP_SECRET: TEST_APP_SECRET,
      DATABASE_URL: scratch.url,
      DB_POOL_MAX: '4',
      REDIS_URL,
      REDIS_KEY_PREFIX: `focustar-test:${randomBytes(6).toString('hex')}:`,
      SMTP_URL: mail.smtpUrl,
      SNS_OEMBED_URL: sns.url,
      WORKERS: '1',
    };
    // Together, on an empty database: one migrates while the other waits for the lock (ADR 0140).
    const start = (name: string) =>
      startServerProcess({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), `focustar-${name}-`)) });
    [a, b] = await Promise.all([start('a'), start('b')]);
    database = await openDatabase({ schema, databaseUrl: scratch.url, poolMax: 2 });
    await seedDemoData(database.db);
  }, 600_000);

  afterAll(async () => {
    await Promise.all([stopServerProcess(a), stopServerProcess(b)]);
    await database?.close();
    await mail?.stop();
    await sns?.close();
    await drop?.();
  }, 60_000);

  const login = async (server: ServerProcess, email: string) => {
    const user = new HttpClient(server.url);
    const res = await user.call(server, 'POST', '/api/login', { email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
    user.token = (await res.json()).access_token;
    return user;
  };

  it('login on A works on B; a request made on B, approved on A, its unit taken and proved on A and B, approved on both at once: one credit, one mail; logout on A ends the token on B', async () => {
    const supporter = await login(a, 'supporter@example.com');
    const me = await supporter.call(b, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('supporter@example.com');

    // The shop writes and submits a request on B; staff approve it on A (offers go to followers).
    const owner = await login(b, 'owner@example.com');
    const staff = await login(a, 'staff@example.com');
    const created = await owner.call(b, 'POST', '/api/advertisements', {
      shop_id: 1,
      text: '#PR 渋谷の小さなカフェで、季節のケーキを楽しんでください。',
      hashtags: ['渋谷カフェ'],
      platforms: ['x'],
      units: 3,
      reward: 120,
      starts_on: day(0),
      ends_on: day(14),
    });
    expect(created.status).toBe(201);
    const ad = await created.json();
    expect((await owner.call(b, 'POST', `/api/advertisements/${ad.id}/submit`)).status).toBe(200);
    const approved = await staff.call(a, 'POST', `/api/advertisements/${ad.id}/approve`);
    expect((await approved.json()).status).toBe('配信中');

    // The supporter takes the offer on B and reports the post on A.
    const offers = (await (await supporter.call(b, 'GET', '/api/units?status=offered')).json())
      .items as Unit[];
    const unit = offers.find((u) => u.advertisement_id === ad.id)!;
    expect(unit).toBeDefined();
    expect((await supporter.call(b, 'POST', `/api/units/${unit.id}/accept`, { platform: 'x' })).status).toBe(
      200,
    );
    const accepted = (await (await supporter.call(a, 'GET', `/api/units/${unit.id}`)).json()) as Unit;
    const postUrl = sns.publish({
      platform: 'x',
      url: xPost('demo_supporter', 31),
      author: 'demo_supporter',
      text: `#PR 二つのプロセス\n${accepted.short_url}`,
    });
    const proof = await supporter.call(a, 'POST', `/api/units/${unit.id}/proof`, { post_url: postUrl });
    expect((await proof.json()).status).toBe('posted');

    // The shop approves on B while the same click reaches A: both answer, one credit.
    const userId = (await (await supporter.call(a, 'GET', '/api/me')).json()).id as number;
    const balanceBefore = (await (await supporter.call(a, 'GET', '/api/rewards')).json()).balance as number;
    const approveOnB = requestId('approve-b');
    const approveOnA = requestId('approve-a');
    const [onB, onA] = await Promise.all([
      owner.call(b, 'POST', `/api/units/${unit.id}/approve`, undefined, { 'x-request-id': approveOnB }),
      owner.call(a, 'POST', `/api/units/${unit.id}/approve`, undefined, { 'x-request-id': approveOnA }),
    ]);
    expect([onB.status, onA.status]).toEqual([200, 200]);
    expect(onB.headers.get('x-request-id')).toBe(approveOnB);
    expect(onA.headers.get('x-request-id')).toBe(approveOnA);
    expect(
      await count(
        sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`unit:${unit.id}:reward`}`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from ledger_entries where user_id = ${userId} and reference = ${`unit:${unit.id}`}`,
      ),
    ).toBe(1);
    for (const server of [a, b]) {
      const rewards = await (await supporter.call(server, 'GET', '/api/rewards')).json();
      // Held 7 days before it is payable (product design section 8): 確定待ち on both.
      expect(rewards.balance).toBe(balanceBefore);
      expect(rewards.holding).toBe(120);
    }

    // The approval mail: one job, run by whichever worker took it, sent once.
    const subject = '【Focustar】投稿が承認されました（報酬 120円）';
    await expect
      .poll(() => mail.to('supporter@example.com').filter((m) => m.subject === subject).length, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect
      .poll(
        () =>
          count(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')
            and name not like '__pgboss%' and start_after <= now()`),
        { timeout: 30_000 },
      )
      .toBe(0);
    expect(mail.to('supporter@example.com').filter((m) => m.subject === subject)).toHaveLength(1);

    // The request id of the approval that made the credit (whichever of the two won the race) follows its
    // mail job, wherever the job ran; the other approval queued nothing.
    const tracedOf = (id: string) =>
      [...logLines(a), ...logLines(b)].filter((l) => l.reqId === id).map((l) => l.msg);
    // The processes' log lines reach this process through pipes, a moment after the mail itself, and the
    // job's 'job done' a moment after its 'mail sent': wait for both.
    const settled = () => {
      const traces = [tracedOf(approveOnB), tracedOf(approveOnA)];
      const sent = traces.flat().filter((m) => m === 'mail sent').length;
      return { sent, done: traces.some((t) => t.includes('mail sent') && t.includes('job done')) };
    };
    await expect.poll(settled, { timeout: 10_000 }).toEqual({ sent: 1, done: true });
    const [tracedB, tracedA] = [tracedOf(approveOnB), tracedOf(approveOnA)];
    const winner = tracedB.includes('mail sent') ? tracedB : tracedA;
    const loser = winner === tracedB ? tracedA : tracedB;
    expect(winner).toEqual(expect.arrayContaining(['request completed', 'job done', 'mail sent']));
    expect(loser).toContain('request completed');
    expect(loser).not.toContain('job done');

    // Logout on A: B refuses the token at once (revocation is read from the database on every call).
    expect((await supporter.call(a, 'POST', '/api/logout')).status).toBe(200);
    expect((await supporter.call(b, 'GET', '/api/me')).status).toBe(401);
    expect((await supporter.call(a, 'GET', '/api/me')).status).toBe(401);
  }, 240_000);

  it('the top page’s cached figures are shared: a voice staff publish on A shows on B at once', async () => {
    const guest = new HttpClient(b.url);
    const before = await (await guest.call(b, 'GET', '/api/achievements')).json();
    const staff = await login(a, 'staff@example.com');
    const voice = await staff.call(a, 'POST', '/api/customer-voices', {
      name: '店主（東京都）',
      kind: 'shop',
      body: '二つのプロセスでも、すぐに載りました。',
      published: true,
    });
    expect(voice.status).toBe(201);
    const after = await (await guest.call(b, 'GET', '/api/achievements')).json();
    expect(after.voices.length).toBe(before.voices.length + 1);
    expect(after.voices.map((v: { body: string }) => v.body)).toContain(
      '二つのプロセスでも、すぐに載りました。',
    );
  }, 60_000);

  it('the logs of both processes are JSON lines with request ids, and name no person: no e-mail, token or bank number', async () => {
    // Issue 28 (3): requests of its own that carry personal data (logins by e-mail, tokens, the bank
    // account page), on both processes, whatever ran before.
    for (const { email } of DEMO_ACCOUNTS.slice(0, 4)) {
      const user = await login(a, email);
      for (const server of [a, b]) {
        expect((await user.call(server, 'GET', '/api/me')).status).toBe(200);
        await user.call(server, 'GET', '/api/bank-account');
      }
      expect((await user.call(b, 'POST', '/api/logout')).status).toBe(200);
    }
    const lines = [...logLines(a), ...logLines(b)];
    expect(lines.length).toBeGreaterThan(20);
    const requests = lines.filter((l) => l.msg === 'request completed');
    expect(requests.length).toBeGreaterThan(10);
    expect(requests.every((l) => typeof l.reqId === 'string' && l.reqId.length >= 8)).toBe(true);
    const text = [...a.output, ...b.output].join('');
    for (const { email } of DEMO_ACCOUNTS) expect(text).not.toContain(email);
    expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]+/);
    expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/);
    expect(text).not.toMatch(/Bearer /);
    expect(text).not.toContain(DEMO_PASSWORD);
    // The seed's bank accounts (server/seed/demo-money.ts).
    expect(text).not.toMatch(/\b(1234567|0765432)\b/);
  });
});
