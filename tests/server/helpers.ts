import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { DEMO_PASSWORD, seedDemoData } from '../../server/seed/demo.ts';
import { createTestApp, type TestApp, TestClient } from '../support/app.ts';
import type { DbKind } from '../support/db.ts';
import type { CapturedMail, MailCatcher } from '../support/mail.ts';

/** Shared set-up of the account suites: the real app on a seeded database, mail to a real SMTP server. */
export const APP_URL = 'http://localhost:3000';

export async function createAccountsApp(kind: DbKind, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(kind, { APP_URL, ...env });
  // The demo supporters' posts live in the app's SNS stand-in (issue 23), as in development.
  await seedDemoData(t.database.db, { snsPosts: t.app.snsStandin });
  return t;
}

/** Logs in through the real POST /api/login and keeps the token on the client. */
export async function loginAs(t: TestApp, email: string, password = DEMO_PASSWORD): Promise<TestClient> {
  const client = new TestClient(t.app);
  const res = await client.post('/api/login', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  client.token = res.json().access_token;
  return client;
}

/**
 * The demo requests at fixed dates, for the billing suites: the live one approved in October 2026; the
 * ended one approved in September and ended in October with 1 of its 3 units used. So October 2026 has a
 * bill and a refund, September the ended request's bill.
 */
export async function pinDemoBillingDates(t: TestApp): Promise<void> {
  // Their bills were written at approval (migration 0022) in the month of the seed's approval: written
  // again by the same trigger for the pinned approval.
  await t.database.db.execute(sql`
    delete from bills where advertisement_id in (
      select id from advertisements where (status = '配信中' and units = 5) or (status = '終了' and units = 3))`);
  await t.database.db.execute(sql`
    update advertisements set approved_at = '2026-10-20T03:00:00Z' where status = '配信中' and units = 5`);
  await t.database.db.execute(sql`
    update advertisements set approved_at = '2026-09-10T03:00:00Z', ended_at = '2026-10-05T03:00:00Z'
    where status = '終了' and units = 3`);
}

/** GET /api/billing's page of the year that holds those months (ADR 0124), whatever today is. */
export const PINNED_BILLING = '/api/billing?before=2026-11';

export async function userIdOf(t: TestApp, email: string): Promise<number> {
  const row = await t.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

/** Row counts of every table the account routes write, to prove that a refused call wrote nothing. */
export async function tableCounts(t: TestApp): Promise<Record<string, number>> {
  const tables = [
    'users',
    'auth_sessions',
    'auth_tokens',
    'password_reset_tokens',
    'oauth_login_codes',
    'favorites',
    'social_accounts',
    'company_members',
    'shops',
    'companies',
    'shop_reviews',
    'sns_accounts',
    'supporter_reviews',
    'index_pictures',
  ];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const res = (await t.database.db.execute(
      sql.raw(`select count(*)::int as n from ${table}`),
    )) as unknown as {
      rows: { n: number }[];
    };
    out[table] = Number(res.rows[0]!.n);
  }
  // Updates count as writes too: the newest updated_at of users must not move either.
  const res = (await t.database.db.execute(
    sql`select coalesce(max(updated_at)::text, '') as t, md5(coalesce(string_agg(flag_status::text || coalesce(password_hash, '') || coalesce(email_verified_at::text, ''), ',' order by id), '')) as h from users`,
  )) as unknown as { rows: { t: string; h: string }[] };
  out[`users.updated:${res.rows[0]!.t}:${res.rows[0]!.h}`] = 1;
  return out;
}

export const JAPANESE = /[ぁ-んァ-ヶ一-龠々ー]/;

/**
 * Issue 28 (3): the mail to `to` that `match` picks out (by the test's own record: its number, its words),
 * waited for. Mails go out from the outbox in the background, so another test's mail may arrive before or
 * after it: a test never takes "the next mail" to a shared address.
 */
export async function mailMatching(
  mail: MailCatcher,
  to: string,
  match: (m: CapturedMail) => boolean,
  timeoutMs = 15_000,
): Promise<CapturedMail> {
  return vi.waitFor(
    () => {
      const found = mail.to(to).find(match);
      if (!found) throw new Error(`no matching mail to ${to} yet`);
      return found;
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
