import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { tokyoDate } from '../../contracts/advertisements.ts';
import { JOBS } from '../../server/features/advertisements/service.ts';
import { addMonths, tokyoDay } from '../../server/features/money/calendar.ts';
import { Sealer } from '../../server/features/money/seal.ts';
import * as schema from '../../server/features/schema.ts';
import { type Database, openDatabase, rowsOf } from '../../server/platform/db/client.ts';
import { DEV_BANK_KEY } from '../../server/platform/env.ts';
import { startJobs } from '../../server/platform/jobs.ts';
import { credit } from '../../server/platform/ledger.ts';
import { lineRetryKey } from '../../server/platform/notify/line.ts';
import { type LineStandin, startLineStandin } from '../../server/platform/notify/line-standin.ts';
import { messageIdOf } from '../../server/platform/notify/mail-channel.ts';
import { NOTIFY_QUEUE } from '../../server/platform/notify/outbox.ts';
import { pushTopic } from '../../server/platform/notify/push.ts';
import { type PushStandin, startPushStandin } from '../../server/platform/notify/push-standin.ts';
import { DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import {
  BASE_SERVER_ENV,
  createPostgresDatabase,
  freePort,
  type HttpClient,
  killServerProcess,
  loginOver,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '../support/processes.ts';
import { seeded } from '../support/random.ts';
import webpush from 'web-push';

/**
 * `npm run test:crash` (issue 17 "Races and crashes", ADR 0133): the real server process under a load of
 * post approvals and payout operations over HTTP is killed with SIGKILL at a seeded moment, restarted,
 * the cut-off operations are sent again (as a user would retry), the jobs are let finish, and SQL checks
 * that the ledger balances, every approved post has one credit, every paid line one debit, no job was
 * lost or had its effect twice, nothing answered 200 was lost, and (issue 26, ADR 0178) every message of the
 * one outbox arrived: each in-app row once, each mail, LINE message and push at least once under one key
 * (a repeat after a kill carries the same Message-ID, retry key or topic), none lost. On PostgreSQL (TEST_DATABASE_URL or
 * CRASH_DATABASE_URL: a throw-away database is made beside it) and on PGlite (a DATA_DIR of its own).
 *
 *   npm run test:crash                      # both databases, 5 rounds each, seed 1
 *   npm run test:crash -- --seed 7 --rounds 5 --db pglite --budget 300
 *
 * Exit code 0 when every invariant holds on every database, 1 otherwise (or past the time budget).
 * The seed fixes the load (which operations, in which order, how often each is clicked) and the moment
 * of each kill; what the processes interleave within that still depends on the machine.
 */

type Kind = 'postgres' | 'pglite';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    rounds: { type: 'string', default: '5' },
    db: { type: 'string', default: 'postgres,pglite' },
    budget: { type: 'string', default: '600' },
  },
});
const SEED = Number(args.seed);
const ROUNDS = Number(args.rounds);
const BUDGET_S = Number(args.budget);
const KINDS = args.db.split(',').map((k) => k.trim()) as Kind[];
const ADMIN_URL = process.env.CRASH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** Posts waiting for judgement per round (each its own supporter, so each approval mail is known). */
const UNITS_PER_ROUND = 30;
/** Of them, this share is 7 days old: the automatic approval's job races the clicks. */
const OVERDUE_SHARE = 0.25;
/** Supporters with a bank account and rewards in the months the rounds pay. */
const PAYEES = 12;
const CONCURRENCY = 6;
/** A job running in a killed process is retried after this (ADR 0131); pg-boss looks every 2 s. */
const JOB_EXPIRE_SECONDS = 4;
const DAY = 86_400_000;

const started = Date.now();
const elapsed = () => ((Date.now() - started) / 1000).toFixed(1);
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (line: string) => console.log(line);

/* ------------------------------------------------------------------ the plan */

interface PlannedUnit {
  round: number;
  email: string;
  reward: number;
  overdue: boolean;
  /** How many times the shop clicks 承認 (a double click is two). */
  approvals: number;
  /** The shop also clicks 却下 on it, racing its approvals. */
  reject: boolean;
}

interface Plan {
  units: PlannedUnit[];
  months: string[];
  payees: { email: string; amounts: number[] }[];
  /**
   * When each round's kill comes: after this share of the round's operations has been answered, plus a few
   * milliseconds (so it also lands while a request is in flight). Counted in answers, not in time: on a
   * fast machine a round's load can finish in under a second, and a kill after it would test nothing.
   */
  kills: { share: number; extraMs: number }[];
  order: number[][];
}

function makePlan(seed: number): Plan {
  const random = seeded(seed);
  const pick = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const thisMonth = tokyoDay(new Date()).slice(0, 7);
  // Older than the demo's batches (last month and the month before), one per round.
  const months = Array.from({ length: ROUNDS }, (_, r) => addMonths(thisMonth, -(3 + ROUNDS - 1 - r)));
  const units: PlannedUnit[] = [];
  for (let r = 0; r < ROUNDS; r++)
    for (let i = 0; i < UNITS_PER_ROUND; i++)
      units.push({
        round: r,
        email: `crash-r${r}-u${i}@example.com`,
        reward: pick(10, 50) * 10,
        overdue: random() < OVERDUE_SHARE,
        approvals: pick(1, 3),
        reject: random() < 0.1,
      });
  const payees = Array.from({ length: PAYEES }, (_, j) => ({
    email: `crash-payee${j}@example.com`,
    amounts: months.map(() => pick(5, 30) * 100),
  }));
  const kills = Array.from({ length: ROUNDS }, () => ({ share: pick(15, 85) / 100, extraMs: pick(0, 30) }));
  // The order of each round's operations: its clicks and the payout chain, shuffled.
  const order = Array.from({ length: ROUNDS }, (_, r) => {
    const n = units.filter((u) => u.round === r).reduce((s, u) => s + u.approvals + (u.reject ? 1 : 0), 1);
    const idx = Array.from({ length: n }, (_, i) => i);
    for (let i = idx.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    return idx;
  });
  return { units, months, payees, kills, order };
}

/* ------------------------------------------------------------------ the fixture */

interface Fixture {
  unitIds: Map<string, number>;
  adId: number;
}

const q = async <T = Record<string, unknown>>(db: Database, query: ReturnType<typeof sql>) =>
  rowsOf<T>(await db.db.execute(query));

/**
 * How the supporter of the n-th post is reached (issue 26): by mail only, by LINE (a linked LINE login), or
 * by push (a subscription at the push-service stand-in); the outbox's default sends mail only when neither
 * LINE nor push reaches them.
 */
const reachOf = (n: number) => (['mail', 'line', 'push'] as const)[n % 3]!;

/** The demo data, then the crash test's supporters, their posts and the payees' rewards. */
async function writeFixture(
  db: Database,
  plan: Plan,
  channels: { push: PushStandin; vapidPublicKey: string },
): Promise<Fixture> {
  if (!(await seedDemoData(db.db))) throw new Error('the database was not empty');
  const [owner] = await q<{ id: number; password_hash: string }>(
    db,
    sql`select id, password_hash from users where email = 'owner@example.com'`,
  );
  const [shop] = await q<{ id: number }>(db, sql`select id from shops where screen_name = 'demo-cafe'`);
  const now = new Date();
  const unitIds = new Map<string, number>();
  const sealer = new Sealer(DEV_BANK_KEY);
  let adId = 0;
  await db.db.transaction(async (tx) => {
    /** An approved supporter (role focustar) with the demo password. */
    const supporter = async (email: string, name: string) =>
      rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at)
          values (${email}, ${owner!.password_hash}, ${name}, ${email.split('@')[0]}, 3, '承認', now())
          returning id`),
      )[0];
    const [ad] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into advertisements (shop_id, created_by, status, text, platforms, units, reward, starts_on, ends_on, approved_at)
        values (${shop!.id}, ${owner!.id}, '配信中', '#PR 障害試験の依頼', '["x"]'::jsonb, ${plan.units.length}, 100,
          ${tokyoDate(new Date(now.getTime() - 10 * DAY))}, ${tokyoDate(new Date(now.getTime() + 20 * DAY))}, now())
        returning id`),
    );
    adId = ad!.id;
    for (const [n, u] of plan.units.entries()) {
      const user = await supporter(u.email, `負荷試験 ${n}`);
      const postedAt = new Date(now.getTime() - (u.overdue ? 8 : 1) * DAY);
      const [unit] = rowsOf<{ id: number }>(
        await tx.execute(sql`
          insert into units (advertisement_id, user_id, status, reward, platform, post_url, post_check, submissions,
            offered_at, expires_at, accepted_at, posted_at)
          values (${adId}, ${user!.id}, 'posted', ${u.reward}, 'x',
            ${`https://x.com/crash_${n}/status/${1_900_000_000_000_000_000n + BigInt(n)}`}, 'ok', 1,
            ${new Date(postedAt.getTime() - DAY)}, ${new Date(now.getTime() + 10 * DAY)}, ${postedAt}, ${postedAt})
          returning id`),
      );
      unitIds.set(u.email, unit!.id);
      // Quiet hours off: a run at night must not hold LINE and push until the morning.
      await tx.execute(
        sql`insert into notification_settings (user_id, quiet_hours) values (${user!.id}, false)`,
      );
      if (reachOf(n) === 'line')
        await tx.execute(sql`
          insert into social_accounts (user_id, provider, provider_user_id, status)
          values (${user!.id}, 'line', ${`U${n.toString(16).padStart(32, '0')}`}, '承認')`);
      if (reachOf(n) === 'push') {
        const sub = channels.push.subscribe(channels.vapidPublicKey);
        await tx.execute(sql`
          insert into push_subscriptions (user_id, endpoint, p256dh, auth)
          values (${user!.id}, ${sub.endpoint}, ${sub.keys.p256dh}, ${sub.keys.auth})`);
      }
    }
    for (const [j, p] of plan.payees.entries()) {
      const user = await supporter(p.email, `受取試験 ${j}`);
      const sealed = sealer.seal({ number: String(1000000 + j), holder: 'シケン タロウ' });
      await tx.execute(sql`
        insert into bank_accounts (user_id, bank_code, bank_name, branch_code, branch_name, account_type,
          account_last3, secret, key_id)
        values (${user!.id}, '0005', '三菱ＵＦＪ', '001', '本店', '普通', ${String(1000000 + j).slice(-3)},
          ${sealed.secret}, ${sealed.keyId})`);
      for (const [m, month] of plan.months.entries()) {
        const key = `fixture:${p.email}:${month}`;
        await credit(tx, {
          userId: user!.id,
          amount: p.amounts[m]!,
          kind: 'reward',
          reference: key,
          idempotencyKey: key,
          at: new Date(`${month}-10T12:00:00+09:00`),
        });
      }
    }
  });
  return { unitIds, adId };
}

/** The 7-day automatic approval of the overdue posts of `rounds`, enqueued as the app enqueues it. */
async function enqueueAutoApprovals(db: Database, plan: Plan, fixture: Fixture, rounds: number[]) {
  // NOTE: with the servers' expiry: a job's expiry is written when it is enqueued.
  const jobs = await startJobs({ database: db, workers: 0, expireInSeconds: JOB_EXPIRE_SECONDS });
  try {
    await jobs.work(JOBS.autoApprove, async () => {});
    let n = 0;
    for (const u of plan.units)
      if (u.overdue && rounds.includes(u.round)) {
        await jobs.send(JOBS.autoApprove, { unitId: fixture.unitIds.get(u.email)! }, { retryLimit: 10 });
        n += 1;
      }
    return n;
  } finally {
    await jobs.stop();
  }
}

/* ------------------------------------------------------------------ the load */

type Answer = number | 'cut';

interface Op {
  label: string;
  run(): Promise<void>;
}

interface Acks {
  approved: Set<number>;
  rejected: Set<number>;
  built: Set<string>;
  paid: Set<string>;
  failedLines: Set<number>;
}

/** A call over HTTP: its status, or `cut` when the connection failed (the server was killed). */
async function call(f: () => Promise<{ status: number }>): Promise<Answer> {
  try {
    return (await f()).status;
  } catch {
    return 'cut';
  }
}

function roundOps(
  round: number,
  plan: Plan,
  fixture: Fixture,
  clients: { owner: () => HttpClient; admin: () => HttpClient },
  acks: Acks,
  answers: Answer[],
): Op[] {
  const ops: Op[] = [];
  const record = (a: Answer) => {
    answers.push(a);
    return a;
  };
  for (const u of plan.units.filter((x) => x.round === round)) {
    const id = fixture.unitIds.get(u.email)!;
    for (let k = 0; k < u.approvals; k++)
      ops.push({
        label: `approve ${id}`,
        run: async () => {
          if (record(await call(() => clients.owner().post(`/api/units/${id}/approve`))) === 200)
            acks.approved.add(id);
        },
      });
    if (u.reject)
      ops.push({
        label: `reject ${id}`,
        run: async () => {
          const a = record(
            await call(() =>
              clients.owner().post(`/api/units/${id}/reject`, { reason: '内容が依頼と異なる' }),
            ),
          );
          if (a === 200) acks.rejected.add(id);
        },
      });
  }
  const month = plan.months[round]!;
  ops.push({ label: `payout ${month}`, run: () => payoutChain(month, clients.admin, acks, record) });
  return plan.order[round]!.map((i) => ops[i]!);
}

/**
 * One month's payout as staff run it: build (a double click), export the Zengin file, mark paid (a
 * double click), then the bank returns the transfers of the two first lines. Every step is idempotent,
 * so after a crash the whole chain is simply run again. Stops at the first cut connection.
 */
async function payoutChain(
  month: string,
  admin: () => HttpClient,
  acks: Acks,
  record: (a: Answer) => Answer,
): Promise<void> {
  const builds = await Promise.all(
    [0, 1].map(async () => {
      let id = 0;
      const a = record(
        await call(async () => {
          const res = await admin().post('/api/payments/batches', { month });
          if (res.status < 300) id = res.json<{ batch: { id: number } }>().batch.id;
          return res;
        }),
      );
      if (a === 201 || a === 200) acks.built.add(month);
      return id;
    }),
  );
  const batchId = builds.find((id) => id > 0);
  if (!batchId) return;
  if (record(await call(() => admin().get(`/api/payments/batches/${batchId}/zengin`))) !== 200) return;
  const paid = await Promise.all(
    [0, 1].map(async () => record(await call(() => admin().post(`/api/payments/batches/${batchId}/paid`)))),
  );
  if (!paid.includes(200)) return;
  acks.paid.add(month);
  let lines: { id: number }[] = [];
  const detail = record(
    await call(async () => {
      const res = await admin().get(`/api/payments/batches/${batchId}`);
      if (res.status === 200) lines = res.json<{ lines: { id: number }[] }>().lines;
      return res;
    }),
  );
  if (detail !== 200) return;
  for (const line of lines.sort((a, b) => a.id - b.id).slice(0, 2)) {
    const a = record(
      await call(() => admin().post(`/api/payments/lines/${line.id}/failed`, { note: '口座名義相違' })),
    );
    if (a === 200) acks.failedLines.add(line.id);
    else return;
  }
}

/** Runs `ops` with CONCURRENCY workers until they are done or `stopped()` says the server is gone. */
async function runOps(ops: Op[], stopped: () => boolean): Promise<{ done: number; notSent: Op[] }> {
  let next = 0;
  let done = 0;
  const notSent: Op[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ops.length) {
        const op = ops[next++]!;
        if (stopped()) {
          notSent.push(op);
          continue;
        }
        await op.run();
        done += 1;
      }
    }),
  );
  return { done, notSent };
}

/* ------------------------------------------------------------------ the checks */

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const OUR_QUEUES = [NOTIFY_QUEUE, JOBS.autoApprove];

/**
 * Jobs of our queues not finished and due now, or (`within` seconds) due soon: a job the kill cut off
 * expires, then waits for its retry a second or two (pg-boss's backoff), due in the future for that time.
 * With them the outbox's deliveries not sent yet (ADR 0206: rows the workers take, no job each), due within
 * the same time; a delivery a killed process held is due when its lease runs out.
 */
async function pendingJobs(db: Database, within = 0): Promise<number> {
  const [row] = await q<{ n: number }>(
    db,
    sql`select (select count(*)::int from pgboss.job
      where name in (${sql.join(
        OUR_QUEUES.map((n) => sql`${n}`),
        sql`, `,
      )}) and state in ('created', 'retry', 'active')
        and start_after <= now() + make_interval(secs => ${within}))
      + (select count(*)::int from notification_deliveries where status = 'pending'
        and coalesce(greatest(not_before, retry_at, leased_until), now()) <= now() + make_interval(secs => ${within})) as n`,
  );
  return Number(row!.n);
}

async function checkInvariants(
  db: Database,
  plan: Plan,
  fixture: Fixture,
  acks: Acks,
  received: Received,
  roundsDone: number,
): Promise<{ checks: Check[]; figures: Record<string, number> }> {
  const checks: Check[] = [];
  const check = (name: string, bad: unknown[], detail = '') =>
    checks.push({
      name,
      ok: bad.length === 0,
      detail: bad.length ? `${bad.length} wrong, e.g. ${JSON.stringify(bad.slice(0, 3))}` : detail,
    });
  const ids = plan.units.filter((u) => u.round < roundsDone).map((u) => fixture.unitIds.get(u.email)!);
  const idList = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const units = await q<{ id: number; user_id: number; status: string; reward: number; email: string }>(
    db,
    sql`select u.id, u.user_id, u.status, u.reward, us.email from units u join users us on us.id = u.user_id
      where u.id in (${idList})`,
  );
  check(
    'every post of the finished rounds is judged (approved or rejected)',
    units.filter((u) => !['approved', 'rejected'].includes(u.status)).map((u) => [u.id, u.status]),
  );

  // Rewards: one credit per approved post, of its reward, to its supporter; none for another post.
  const rewards = await q<{ reference: string; user_id: number; amount: number; n: number }>(
    db,
    sql`select reference, min(user_id) as user_id, sum(amount)::int as amount, count(*)::int as n
      from ledger_entries where kind = 'reward' and reference like 'unit:%' group by reference`,
  );
  const byRef = new Map(rewards.map((r) => [r.reference, r]));
  check(
    'every approved post has exactly one credit, of its reward, to its supporter',
    units
      .filter((u) => u.status === 'approved')
      .filter((u) => {
        const r = byRef.get(`unit:${u.id}`);
        return !r || r.n !== 1 || r.amount !== u.reward || Number(r.user_id) !== Number(u.user_id);
      })
      .map((u) => [u.id, byRef.get(`unit:${u.id}`) ?? null]),
  );
  check(
    'no post that is not approved has a credit',
    units.filter((u) => u.status !== 'approved' && byRef.has(`unit:${u.id}`)).map((u) => u.id),
  );

  // Payouts: a paid line has one debit of its amount; an unpaid line none; a returned line one debit and
  // one credit back; a paid batch has no unpaid line; one batch per month.
  const lines = await q<{
    id: number;
    user_id: number;
    amount: number;
    status: string;
    batch_status: string;
    debits: number;
    debited: number;
    returns: number;
  }>(
    db,
    sql`select l.id, l.user_id, l.amount, l.status, b.status as batch_status,
      (select count(*)::int from ledger_entries e where e.idempotency_key = 'payout:' || l.id) as debits,
      (select coalesce(-sum(amount), 0)::int from ledger_entries e where e.idempotency_key = 'payout:' || l.id) as debited,
      (select count(*)::int from ledger_entries e where e.idempotency_key = 'payout:' || l.id || ':returned') as returns
      from payout_lines l join payout_batches b on b.id = l.batch_id`,
  );
  check(
    'every paid line has exactly one debit of its amount',
    lines
      .filter((l) => l.status === '支払済' && (l.debits !== 1 || l.debited !== l.amount))
      .map((l) => [l.id, l.debits]),
  );
  check(
    'no unpaid line has a debit',
    lines.filter((l) => l.status === '未払' && l.debits !== 0).map((l) => l.id),
  );
  check(
    'a returned line has as many credits back as debits (one each, or none when it was never paid)',
    lines
      .filter((l) => l.status === '失敗' && (l.debits !== l.returns || l.debits > 1))
      .map((l) => [l.id, l.debits, l.returns]),
  );
  check(
    'a paid batch has no unpaid line',
    lines.filter((l) => l.batch_status === '支払済' && l.status === '未払').map((l) => l.id),
  );
  const batches = await q<{ month: string; n: number; status: string }>(
    db,
    sql`select month, count(*)::int as n, min(status) as status from payout_batches group by month`,
  );
  check(
    'one batch per month',
    batches.filter((b) => b.n !== 1).map((b) => b.month),
  );
  const roundMonths = plan.months.slice(0, roundsDone);
  check(
    "every finished round's month is built and paid",
    roundMonths.filter((m) => batches.find((b) => b.month === m)?.status !== '支払済'),
  );

  // Balances: the ledger sum of each test supporter equals what the domain says: approved rewards and
  // the fixture's rewards, less what paid lines took (a returned line nets to zero); never negative.
  const balances = await q<{ email: string; balance: number; expected: number }>(
    db,
    sql`select us.email,
      (select coalesce(sum(amount), 0)::int from ledger_entries e where e.user_id = us.id) as balance,
      ((select coalesce(sum(reward), 0) from units u where u.user_id = us.id and u.status = 'approved')
        + (select coalesce(sum(amount), 0) from ledger_entries e where e.user_id = us.id and e.reference like 'fixture:%')
        - (select coalesce(sum(amount), 0) from payout_lines l where l.user_id = us.id and l.status = '支払済'))::int as expected
      from users us where us.email like 'crash-%'`,
  );
  check(
    "each supporter's balance (the sum of credits and debits) equals approved rewards less paid lines",
    balances
      .filter((b) => b.balance !== b.expected || b.balance < 0)
      .map((b) => [b.email, b.balance, b.expected]),
  );
  const held = await q<{ user_id: number; held: number; balance: number }>(
    db,
    sql`select l.user_id, sum(l.amount)::int as held,
      (select coalesce(sum(e.amount), 0)::int from ledger_entries e where e.user_id = l.user_id) as balance
      from payout_lines l where l.status = '未払' group by l.user_id`,
  );
  check(
    'what unpaid lines hold never exceeds the balance',
    held.filter((h) => h.held > h.balance).map((h) => h.user_id),
  );

  // Jobs: every automatic approval job completed; none failed; due jobs none left.
  const jobRows = await q<{ name: string; unit_id: string | null; state: string }>(
    db,
    sql`select name, data->>'unitId' as unit_id, state::text as state from pgboss.job
      where name in (${sql.join(
        OUR_QUEUES.map((n) => sql`${n}`),
        sql`, `,
      )})`,
  );
  const autoJobs = jobRows.filter((r) => r.name === JOBS.autoApprove);
  check(
    'every automatic approval job completed',
    autoJobs.filter((j) => j.state !== 'completed').map((j) => [j.unit_id, j.state]),
  );
  const due = await pendingJobs(db);
  check('no due job left waiting', due ? [due] : []);

  // Messages (issue 26, ADR 0178): the one outbox. In-app: one row per approved post (post.approved) and per
  // rejected one (post.returned), none of the other. Deliveries: every one sent or skipped, none pending or
  // failed; every one sent arrived (a mail by its Message-ID at the SMTP server, a LINE message by its retry
  // key at the LINE stand-in, a push by its topic at the push-service stand-in): lost = sent but not arrived.
  const inApp = await q<{ record_key: string; kind: string; n: number }>(
    db,
    sql`select record_key, kind, count(*)::int as n from notifications
      where kind in ('post.approved', 'post.returned') group by record_key, kind`,
  );
  const inAppOf = (u: { id: number }, kind: string) =>
    inApp.filter(
      (r) => r.kind === kind && (r.record_key === `unit:${u.id}` || r.record_key.startsWith(`unit:${u.id}:`)),
    );
  check(
    'every approved post has exactly one in-app notification post.approved, and no post.returned',
    units
      .filter((u) => u.status === 'approved')
      .filter(
        (u) =>
          inAppOf(u, 'post.approved').reduce((s2, r) => s2 + r.n, 0) !== 1 ||
          inAppOf(u, 'post.returned').length,
      )
      .map((u) => u.id),
  );
  check(
    'every rejected post has exactly one in-app notification post.returned, and no post.approved',
    units
      .filter((u) => u.status === 'rejected')
      .filter(
        (u) =>
          inAppOf(u, 'post.returned').reduce((s2, r) => s2 + r.n, 0) !== 1 ||
          inAppOf(u, 'post.approved').length,
      )
      .map((u) => u.id),
  );
  const deliveries = await q<{
    recipient: string;
    kind: string;
    record_key: string;
    channel: 'mail' | 'line' | 'push';
    status: string;
  }>(db, sql`select recipient, kind, record_key, channel, status from notification_deliveries`);
  check(
    'every delivery of the outbox is sent or skipped (none pending, none failed)',
    deliveries
      .filter((d) => d.status !== 'sent' && d.status !== 'skipped')
      .map((d) => [d.kind, d.record_key, d.channel, d.status]),
  );
  const keyOf = (d: (typeof deliveries)[number]) => `${d.recipient}:${d.kind}:${d.record_key}:${d.channel}`;
  const arrivals = (d: (typeof deliveries)[number]) => {
    const key = keyOf(d);
    if (d.channel === 'mail') return received.mailIds.get(messageIdOf(key, 'http://127.0.0.1')) ?? 0;
    if (d.channel === 'line') return received.lineKeys.get(lineRetryKey(key)) ?? 0;
    return received.pushTopics.get(pushTopic(key)) ?? 0;
  };
  const sentRows = deliveries.filter((d) => d.status === 'sent');
  const lost = (channel: string) => sentRows.filter((d) => d.channel === channel && arrivals(d) === 0);
  check(
    'every delivery marked sent arrived (mail, LINE, push): none lost',
    ['mail', 'line', 'push'].flatMap((c) => lost(c).map((d) => [d.channel, d.kind, d.record_key])),
  );
  const unitDeliveries = (u: { id: number }, kind: string) =>
    deliveries.filter(
      (d) => d.kind === kind && (d.record_key === `unit:${u.id}` || d.record_key.startsWith(`unit:${u.id}:`)),
    );
  check(
    'every approved post told its supporter on exactly the channel that reaches them (mail, LINE or push), once',
    units
      .filter((u) => u.status === 'approved')
      .filter((u) => {
        const n = plan.units.findIndex((p) => p.email === u.email);
        const rows = unitDeliveries(u, 'post.approved');
        return rows.length !== 1 || rows[0]!.channel !== reachOf(n) || rows[0]!.status !== 'sent';
      })
      .map((u) => [u.id, unitDeliveries(u, 'post.approved').map((d) => `${d.channel}:${d.status}`)]),
  );
  const repeats = (channel: string) =>
    sentRows.filter((d) => d.channel === channel).reduce((s2, d) => s2 + Math.max(0, arrivals(d) - 1), 0);

  // Nothing answered 200 was lost.
  const statusOf = new Map(units.map((u) => [u.id, u.status]));
  check(
    'every approval answered 200 is approved now',
    [...acks.approved].filter((id) => ids.includes(id) && statusOf.get(id) !== 'approved'),
  );
  check(
    'every rejection answered 200 is rejected now',
    [...acks.rejected].filter((id) => ids.includes(id) && statusOf.get(id) !== 'rejected'),
  );
  check('every batch answered as built exists, every batch answered as paid is paid', [
    ...[...acks.built].filter((m) => !batches.some((b) => b.month === m)),
    ...[...acks.paid].filter((m) => batches.find((b) => b.month === m)?.status !== '支払済'),
  ]);
  const lineStatus = new Map(lines.map((l) => [l.id, l.status]));
  check(
    'every line answered as returned is 失敗',
    [...acks.failedLines].filter((id) => lineStatus.get(id) !== '失敗'),
  );

  return {
    checks,
    figures: {
      posts: units.length,
      approved: units.filter((u) => u.status === 'approved').length,
      rejected: units.filter((u) => u.status === 'rejected').length,
      credits: units.filter((u) => byRef.has(`unit:${u.id}`)).length,
      batches: batches.length,
      paidLines: lines.filter((l) => l.status === '支払済').length,
      returnedLines: lines.filter((l) => l.status === '失敗').length,
      debits: lines.reduce((s, l) => s + l.debits, 0),
      autoJobs: autoJobs.length,
      inApp: inApp.reduce((s2, r) => s2 + r.n, 0),
      mailsSent: sentRows.filter((d) => d.channel === 'mail').length,
      mailsLost: lost('mail').length,
      mailRepeats: repeats('mail'),
      lineSent: sentRows.filter((d) => d.channel === 'line').length,
      lineLost: lost('line').length,
      lineRepeats: repeats('line'),
      pushSent: sentRows.filter((d) => d.channel === 'push').length,
      pushLost: lost('push').length,
      pushRepeats: repeats('push'),
      skipped: deliveries.filter((d) => d.status === 'skipped').length,
    },
  };
}

/**
 * What arrived, by key (issue 26): mails by Message-ID, LINE messages by retry key (the stand-in answers a
 * repeat 409 and keeps it once), pushes by topic.
 */
interface Received {
  mailIds: Map<string, number>;
  lineKeys: Map<string, number>;
  pushTopics: Map<string, number>;
}

function receivedBy(mail: MailCatcher, line: LineStandin, push: PushStandin): Received {
  const countBy = (keys: (string | null)[]) => {
    const m = new Map<string, number>();
    for (const k of keys) if (k) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  return {
    mailIds: countBy(mail.messages.map((m) => m.messageId)),
    lineKeys: countBy(line.sent.map((m) => m.retryKey?.toLowerCase() ?? null)),
    pushTopics: countBy(push.messages.map((m) => m.topic)),
  };
}

/* ------------------------------------------------------------------ one database */

interface Result {
  kind: Kind;
  ok: boolean;
  kills: number;
  checks: number;
  seconds: number;
  lines: string[];
}

async function runOn(kind: Kind, plan: Plan): Promise<Result> {
  const t0 = Date.now();
  const lines: string[] = [];
  const say = (line: string) => {
    const text = `[${kind} ${elapsed()} s] ${line}`;
    lines.push(text);
    log(text);
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'focustar-crash-'));
  const mail = await startMailCatcher();
  // Issue 26: the LINE Messaging API and the push service live here, outside the server that is killed, so
  // what they received survives the kills; the servers reach them by URL, with one VAPID key pair.
  const line = await startLineStandin();
  const push = await startPushStandin();
  const vapid = webpush.generateVAPIDKeys();
  const received = () => receivedBy(mail, line, push);
  const env: Record<string, string> = {
    ...BASE_SERVER_ENV,
    DATA_DIR: dataDir,
    WORKERS: '1',
    JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
    SMTP_URL: mail.smtpUrl,
    LINE_MESSAGING_API_URL: line.url,
    PUSH_STANDIN_URL: push.url,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
  };
  let drop: (() => Promise<void>) | null = null;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const created = await createPostgresDatabase(ADMIN_URL!, 'focustar_crash');
    drop = created.drop;
    databaseUrl = created.url;
    env.DATABASE_URL = databaseUrl;
  }
  const open = () => openDatabase({ schema, databaseUrl, pgliteDir: join(dataDir, 'pglite'), poolMax: 3 });
  let server: ServerProcess | undefined;
  let kills = 0;
  let ok = true;
  let checks = 0;
  try {
    // The fixture is written before the first start (PGlite: nobody else may hold the directory).
    let db: Database = await open();
    const fixture = await writeFixture(db, plan, { push, vapidPublicKey: vapid.publicKey });
    // PGlite: every round's automatic approvals now; PostgreSQL: each round's at its start.
    const queued = await enqueueAutoApprovals(
      db,
      plan,
      fixture,
      kind === 'pglite' ? plan.units.map((u) => u.round) : [],
    );
    // PGlite: one process at a time holds the directory.
    if (kind === 'pglite') await db.close();
    say(
      `fixture: ${plan.units.length} posts awaiting judgement (${plan.units.filter((u) => u.overdue).length} overdue), ${PAYEES} payees over ${plan.months.join(', ')}${queued ? `, ${queued} automatic approvals queued` : ''}`,
    );
    const port = await freePort();
    const start = async () => {
      const s0 = Date.now();
      server = await startServerProcess(env, { port });
      return ((Date.now() - s0) / 1000).toFixed(1);
    };
    say(`server started in ${await start()} s`);
    const owner = await loginOver(server!.url, 'owner@example.com', DEMO_PASSWORD);
    const admin = await loginOver(server!.url, 'admin@example.com', DEMO_PASSWORD);
    const clients = { owner: () => owner, admin: () => admin };
    const acks: Acks = {
      approved: new Set(),
      rejected: new Set(),
      built: new Set(),
      paid: new Set(),
      failedLines: new Set(),
    };

    for (let round = 0; round < ROUNDS; round++) {
      if (kind === 'postgres') {
        const n = await enqueueAutoApprovals(db, plan, fixture, [round]);
        say(`round ${round + 1}: ${n} automatic approvals queued`);
      }
      const answers: Answer[] = [];
      const ops = roundOps(round, plan, fixture, clients, acks, answers);
      let killed = false;
      let loadDone = false;
      const { share, extraMs } = plan.kills[round]!;
      const killAfter = Math.max(1, Math.floor(ops.length * share));
      const killer = (async () => {
        while (answers.length < killAfter && !loadDone) await wait(2);
        await wait(extraMs);
        killed = true;
        await killServerProcess(server!);
        kills += 1;
      })();
      const { done, notSent } = await runOps(ops, () => killed);
      loadDone = true;
      await killer;
      const cut = answers.filter((a) => a === 'cut').length;
      say(
        `round ${round + 1}: ${ops.length} operations, SIGKILL after ${killAfter} answers + ${extraMs} ms: ${answers.length - cut} calls answered (${JSON.stringify(
          Object.fromEntries(
            [...new Set(answers.filter((a) => a !== 'cut'))].map((s) => [
              s,
              answers.filter((a) => a === s).length,
            ]),
          ),
        )}), ${cut} cut off, ${notSent.length} not sent${done === ops.length ? ' (the load had finished: jobs may have been running)' : ''}`,
      );
      say(`round ${round + 1}: restarted in ${await start()} s`);
      // The user tries again: every click of the round is sent again (each is idempotent), the payout
      // chain is run again from the start.
      const again = roundOps(round, plan, fixture, clients, acks, []);
      await runOps(again, () => false);
      say(`round ${round + 1}: ${again.length} operations sent again`);
      if (kind === 'postgres') {
        const d0 = Date.now();
        // Jobs waiting for a retry within the drain's time are waited for too.
        const DRAIN_S = 120;
        let pending = await pendingJobs(db, DRAIN_S);
        while (pending > 0 && Date.now() - d0 < DRAIN_S * 1000) {
          await wait(500);
          pending = await pendingJobs(db, DRAIN_S);
        }
        say(
          `round ${round + 1}: jobs drained in ${((Date.now() - d0) / 1000).toFixed(1)} s (${pending} left)`,
        );
        const { checks: c, figures } = await checkInvariants(db, plan, fixture, acks, received(), round + 1);
        checks += c.length;
        report(c, figures, say);
        if (c.some((x) => !x.ok)) ok = false;
      }
    }

    if (kind === 'pglite') {
      // The embedded database is read with the server stopped: let the jobs a kill interrupted expire and
      // run again, stop gracefully, look; once more if some were still due.
      // Issue 26: the outbox's deliveries (every channel of every message) drain after the kills; a run with
      // many still due waits longer before the next look (half a second per due job, at most a minute).
      let settle = JOB_EXPIRE_SECONDS * 2 + 4;
      for (let attempt = 1; ; attempt++) {
        await wait(settle * 1000);
        const exit = await stopServerProcess(server);
        server = undefined;
        if (exit?.code !== 0) {
          ok = false;
          say(`graceful stop exited with ${JSON.stringify(exit)}`);
        }
        db = await open();
        const pending = await pendingJobs(db);
        say(`settled for ${settle} s and stopped (attempt ${attempt}): ${pending} due jobs left`);
        if (pending === 0 || attempt === 6) break;
        settle = Math.max(JOB_EXPIRE_SECONDS * 2 + 4, Math.min(60, Math.ceil(pending / 2)));
        await db.close();
        say(`server started again in ${await start()} s`);
      }
      const { checks: c, figures } = await checkInvariants(db, plan, fixture, acks, received(), ROUNDS);
      checks += c.length;
      report(c, figures, say);
      if (c.some((x) => !x.ok)) ok = false;
      await db.close();
    } else {
      const exit = await stopServerProcess(server);
      server = undefined;
      say(`graceful stop: exit ${exit?.code}`);
      if (exit?.code !== 0) ok = false;
      await db.close();
    }
  } catch (err) {
    ok = false;
    say(`failed: ${err instanceof Error ? err.stack : String(err)}`);
    if (server) say(`server output:\n${(server as ServerProcess).output.join('').slice(-4000)}`);
  } finally {
    if (server) await killServerProcess(server).catch(() => {});
    await mail.stop();
    await line.close();
    await push.close();
    await drop?.().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { kind, ok, kills, checks, seconds: (Date.now() - t0) / 1000, lines };
}

function report(checks: Check[], figures: Record<string, number>, say: (l: string) => void) {
  const bad = checks.filter((c) => !c.ok);
  say(
    `invariants: ${checks.length - bad.length} of ${checks.length} hold; ${Object.entries(figures)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
  );
  for (const c of bad) say(`  VIOLATED: ${c.name}: ${c.detail}`);
}

/* ------------------------------------------------------------------ main */

const watchdog = setTimeout(() => {
  log(`crash test: FAILED: over its time budget of ${BUDGET_S} s (--budget)`);
  process.exit(1);
}, BUDGET_S * 1000);
watchdog.unref();

const plan = makePlan(SEED);
log(
  `crash test (issue 17): seed ${SEED}, ${ROUNDS} rounds per database, ${UNITS_PER_ROUND} posts and one month's payout per round, kills after ${plan.kills.map((k) => `${Math.round(k.share * 100)}%`).join(', ')} of each round's operations`,
);
const results: Result[] = [];
for (const kind of KINDS) {
  if (kind === 'postgres' && !ADMIN_URL) {
    log(
      '[postgres] skipped: set TEST_DATABASE_URL (or CRASH_DATABASE_URL) to a database the test may create databases from',
    );
    continue;
  }
  results.push(await runOn(kind, plan));
}
clearTimeout(watchdog);
const ok = results.length > 0 && results.every((r) => r.ok);
log('');
for (const r of results)
  log(
    `${r.kind}: ${r.ok ? 'passed' : 'FAILED'}: ${ROUNDS} rounds, ${r.kills} kills, ${r.checks} invariant checks, ${r.seconds.toFixed(0)} s`,
  );
log(`crash test: ${ok ? 'passed' : 'FAILED'} in ${elapsed()} s (seed ${SEED})`);
process.exit(ok ? 0 : 1);
