import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../server/platform/version.ts';

/**
 * Issue 28 (1), ADR 0182: the data access rules of eslint.config.js. `house/sql-in-repo` keeps a server
 * feature's SQL and query builders in its repo files; `house/own-tables` keeps a feature's writes on the
 * tables of its own schema.ts. Each rule refuses a small snippet linted as if it were a file of that folder,
 * and compliant snippets pass.
 */
const eslint = new ESLint({
  cwd: ROOT_DIR,
  overrideConfig: { linterOptions: { reportUnusedDisableDirectives: 'off' } },
});

interface Found {
  rule: string | null;
  line: number;
  message: string;
}

async function lint(path: string, code: string): Promise<Found[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT_DIR, path) });
  return result!.messages
    .filter((m) => m.ruleId === 'house/sql-in-repo' || m.ruleId === 'house/own-tables')
    .map((m) => ({ rule: m.ruleId, line: m.line, message: m.message }));
}

const rules = (found: Found[]) => found.map((f) => f.rule);

const DB_HEADER =
  "import { sql } from 'drizzle-orm';\nimport type { Db } from '../../platform/db/client.ts';\n";

describe('house/sql-in-repo: SQL lives in repo files (issue 28 (1), ADR 0182)', () => {
  it('an sql template in a service is refused, with the way out in the message', async () => {
    const found = await lint(
      'server/features/shops/service.ts',
      `${DB_HEADER}export const probe = (db: Db) => db.transaction((tx) => tx.execute(sql\`select 1\`));\n`,
    );
    expect(rules(found)).toEqual(['house/sql-in-repo', 'house/sql-in-repo']);
    expect(found[0]!.message).toMatch(/repo file \(repo\.ts or repo-\*\.ts\).*ADR 0182/);
    expect(found.map((f) => f.line)).toEqual([3, 3]);
  });

  it('sql.join and sql.raw outside a repo file are refused', async () => {
    const found = await lint(
      'server/features/recruitments/service.ts',
      `${DB_HEADER}export const a = sql.join([], sql.raw(', '));\n`,
    );
    expect(found.map((f) => f.message)).toEqual([
      expect.stringMatching(/^sql\.join/),
      expect.stringMatching(/^sql\.raw/),
    ]);
  });

  it('a raw .execute(…) is refused on any handle (this.db, app.db, tx, a pool)', async () => {
    const found = await lint(
      'server/features/money/webhooks.ts',
      `export async function probe(app: any, pool: any, q: any) {
  await app.db.execute(q);
  await pool.execute(q);
}\n`,
    );
    expect(found.map((f) => [f.rule, f.line])).toEqual([
      ['house/sql-in-repo', 2],
      ['house/sql-in-repo', 3],
    ]);
  });

  it('drizzle query builders on a database or transaction are refused (select, insert, update, delete, query)', async () => {
    const found = await lint(
      'server/features/pop-orders/service.ts',
      `import { popOrders } from './schema.ts';
export class Probe {
  constructor(private readonly deps: any, private readonly db: any) {}
  async run(tx: any, ordersDb: any) {
    await this.db.select().from(popOrders);
    await this.deps.db.insert(popOrders).values({});
    await tx.update(popOrders).set({});
    await ordersDb.delete(popOrders);
    await this.db.query.popOrders.findMany();
    await tx.selectDistinct().from(popOrders);
  }
}\n`,
    );
    expect(found.map((f) => f.line)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(new Set(rules(found))).toEqual(new Set(['house/sql-in-repo']));
  });

  it('in a folder of a feature (routes/) and in a file named *-repo.ts (not repo*) it is refused too', async () => {
    const routes = await lint(
      'server/features/accounts/routes/probe.ts',
      `${DB_HEADER}export const probe = sql\`select 1\`;\n`,
    );
    expect(rules(routes)).toEqual(['house/sql-in-repo']);
    const oldName = await lint(
      'server/features/money/billing-repo.ts',
      `${DB_HEADER}export const probe = sql\`select 1\`;\n`,
    );
    expect(rules(oldName)).toEqual(['house/sql-in-repo']);
  });

  it('repo.ts, repo-<topic>.ts and schema.ts pass; so do server/platform and the seed (not features)', async () => {
    const code = `${DB_HEADER}export const probe = (db: Db) => db.execute(sql\`select 1\`);\n`;
    for (const path of [
      'server/features/money/repo.ts',
      'server/features/money/repo-billing.ts',
      'server/features/recruitments/repo-changes.ts',
      'server/features/recruitments/schema.ts',
      'server/platform/probe.ts',
      'server/seed/probe.ts',
    ])
      expect(await lint(path, code), path).toEqual([]);
  });

  it('a service that holds the transaction and calls the repo passes, and so do other .update/.delete calls', async () => {
    const found = await lint(
      'server/features/shops/service.ts',
      `import { createHash } from 'node:crypto';
import * as repo from './repo.ts';
export class Probe {
  constructor(private readonly db: any, private readonly images: any, private readonly seen: Map<string, number>) {}
  async run(id: number) {
    createHash('sha256').update('x').digest('hex');
    this.seen.delete('x');
    await this.images.delete('key');
    return this.db.transaction((tx: any) => repo.update(tx, id));
  }
}\n`,
    );
    expect(found).toEqual([]);
  });
});

describe("house/own-tables: a feature writes only its own schema.ts's tables (issue 28 (1), ADR 0182)", () => {
  it("an update of another feature's table in an sql template is refused, naming file, line and table", async () => {
    const found = await lint(
      'server/features/money/repo.ts',
      `${DB_HEADER}export async function probe(db: Db, userId: number) {
  await db.execute(sql\`
    select 1;
    update users set is_stripe_verified = true where id = \${userId}\`);
}\n`,
    );
    expect(found).toEqual([
      {
        rule: 'house/own-tables',
        line: 6,
        message: expect.stringMatching(
          /^server\/features\/money\/repo\.ts updates table "users" of the accounts feature: .*service.*ADR 0182/,
        ),
      },
    ]);
  });

  it('insert into and delete from count, as do a table interpolated (${favorites}) and a platform table', async () => {
    const found = await lint(
      'server/features/supporters/repo.ts',
      `${DB_HEADER}import { favorites } from '../shops/schema.ts';
export async function probe(db: Db) {
  await db.execute(sql\`insert into bank_accounts (user_id) values (1)\`);
  await db.execute(sql\`delete from \${favorites} where user_id = 1\`);
  await db.execute(sql\`insert into audit_log (action) values ('x')\`);
}\n`,
    );
    expect(
      found.map((f) => [
        f.line,
        f.message.match(/(\w+ \w*) table "(\w+)" of the ([\w ]+?)(?: feature)?:/)!.slice(1),
      ]),
    ).toEqual([
      [5, ['inserts into', 'bank_accounts', 'money']],
      [6, ['deletes from', 'favorites', 'shops']],
      [7, ['inserts into', 'audit_log', 'platform']],
    ]);
  });

  it("drizzle's .insert(table), .update(table), .delete(table) of another feature's table are refused", async () => {
    const found = await lint(
      'server/features/fraud/repo.ts',
      `import { users } from '../accounts/schema.ts';
import { companyMembers } from '../shops/schema.ts';
export async function probe(db: any) {
  await db.update(users).set({ status: 'x' });
  await db.insert(companyMembers).values({});
  await db.delete(users);
}\n`,
    );
    expect(found.map((f) => [f.line, /table "(\w+)"/.exec(f.message)![1]])).toEqual([
      [4, 'users'],
      [5, 'company_members'],
      [6, 'users'],
    ]);
  });

  it('the same writes in a service file are refused too (beside sql-in-repo)', async () => {
    const found = await lint(
      'server/features/advertisements/probe.ts',
      `${DB_HEADER}export const probe = (db: Db) => db.execute(sql\`update shops set name = 'x'\`);\n`,
    );
    expect(new Set(rules(found))).toEqual(new Set(['house/sql-in-repo', 'house/own-tables']));
  });

  it('own tables, reads of other tables, locks and upserts pass', async () => {
    const found = await lint(
      'server/features/recruitments/repo.ts',
      `${DB_HEADER}import { users } from '../accounts/schema.ts';
import { entries, recruitments } from './schema.ts';
export async function probe(db: Db) {
  await db.execute(sql\`update recruitments set status = 'x' where id in (select id from users) for update\`);
  await db.execute(sql\`insert into entries (id) values (1) on conflict (id) do update set id = excluded.id\`);
  await db.execute(sql\`select 1 from users u join shops s on true for update of u\`);
  await db.update(entries).set({});
  await db.delete(recruitments);
  await db.select().from(users);
}\n`,
    );
    expect(found).toEqual([]);
  });

  it("a table only a migration creates belongs to the feature the config names (payout_holds: fraud's)", async () => {
    const code = `${DB_HEADER}export const probe = (db: Db) => db.execute(sql\`delete from payout_holds\`);\n`;
    expect(await lint('server/features/fraud/repo.ts', code)).toEqual([]);
    expect((await lint('server/features/money/repo.ts', code)).map((f) => f.message)).toEqual([
      expect.stringMatching(/table "payout_holds" of the fraud feature/),
    ]);
  });

  it('a write on the allowlist (`file:table`) passes only in that file and for that table', async () => {
    const allowing = new ESLint({
      cwd: ROOT_DIR,
      overrideConfig: {
        linterOptions: { reportUnusedDisableDirectives: 'off' },
        rules: {
          'house/own-tables': ['error', { allow: ['server/features/accounts/repo.ts:company_members'] }],
        },
      },
    });
    const code = `${DB_HEADER}export const a = (db: Db) => db.execute(sql\`delete from company_members\`);
export const b = (db: Db) => db.execute(sql\`delete from favorites\`);\n`;
    const found = async (path: string) =>
      (await allowing.lintText(code, { filePath: join(ROOT_DIR, path) }))[0]!.messages
        .filter((m) => m.ruleId === 'house/own-tables')
        .map((m) => /table "(\w+)"/.exec(m.message)![1]);
    expect(await found('server/features/accounts/repo.ts')).toEqual(['favorites']);
    expect(await found('server/features/supporters/repo.ts')).toEqual(['company_members', 'favorites']);
  });
});
