import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRead, isWrite, usesOffset } from '../../bench/scale-plans.ts';
import * as schema from '../../server/features/schema.ts';
import { openDatabase } from '../../server/platform/db/client.ts';
import { DEV_BANK_KEY } from '../../server/platform/env.ts';
import { POWER_LEDGER_ROWS, SCALE_ACCOUNTS, scaleShape, seedScale } from '../../server/seed/scale.ts';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/db.ts';
import { createPostgresDatabase } from '../support/processes.ts';

/**
 * Issue 17 "A million rows" (ADR 0120–0123): the indexes the lists rely on, the scale data set's
 * promises (repeatable from its seed, consistent although it is loaded without foreign-key checks, the
 * counters the triggers keep computed right), and the benchmark's reading of statements.
 */

const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

for (const kind of DB_KINDS) {
  describe(`indexes of the lists (issue 17) [${kind}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database.close());

    it('no index key is DESC NULLS LAST (drizzle’s `.desc()` alone): `order by … desc` could not read such an index and sorted instead (ADR 0123)', async () => {
      const found = rows<{ indexdef: string }>(
        await database.db.execute(
          sql`select indexdef from pg_indexes where schemaname = 'public' and indexdef ilike '%desc nulls last%'`,
        ),
      );
      expect(found).toEqual([]);
      // DESC NULLS FIRST is PostgreSQL's own DESC, which pg_indexes writes as plain DESC.
      const descending = rows<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::int as n from pg_indexes where schemaname = 'public' and indexdef like '% DESC%'`,
        ),
      );
      expect(descending[0]!.n).toBeGreaterThanOrEqual(6);
    });

    it('the searches have trigram indexes (pg_trgm on PostgreSQL and PGlite) that a word anywhere can use (ADR 0123)', async () => {
      const names = rows<{ indexname: string }>(
        await database.db.execute(
          sql`select indexname from pg_indexes where schemaname = 'public' and indexdef ilike '%gin_trgm_ops%' order by 1`,
        ),
      ).map((r) => r.indexname);
      expect(names).toEqual([
        'shops_description_trgm',
        'shops_name_trgm',
        'shops_screen_name_trgm',
        'users_email_trgm',
        'users_name_trgm',
        'users_screen_name_trgm',
      ]);
      // An empty table is read sequentially whatever its indexes: switched off, the plan shows the index.
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return rows<{ 'QUERY PLAN': string }>(
          await tx.execute(
            sql`explain select id from users where lower(coalesce(email, '')) like '%scale.example%'`,
          ),
        )
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(plan).toContain('users_email_trgm');
    });
  });
}

describe('the benchmark’s reading of statements (bench/scale-plans.ts)', () => {
  const st = (text: string) => ({ text, values: [] });
  it('explains reads only, counts writes, and finds OFFSET pagination', () => {
    expect(isRead(st('select 1 from users where updated_at > now()'))).toBe(true);
    expect(isRead(st('with x as (select 1) select * from x'))).toBe(true);
    expect(isRead(st('update users set flag_status = $1 where id = $2'))).toBe(false);
    expect(isWrite(st('insert into auth_tokens (jti) values ($1)'))).toBe(true);
    expect(isWrite(st('begin'))).toBe(false);
    expect(usesOffset(st('select * from units order by id limit $1 offset $2'))).toBe(true);
    expect(usesOffset(st('select offset_days from x'))).toBe(false);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the scale data set (issue 17, ADR 0120; needs PostgreSQL: TEST_DATABASE_URL, as the seed is a PostgreSQL tool)',
  () => {
    const USERS = 300;
    const admin = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://localhost/postgres');
    const made: Awaited<ReturnType<typeof createPostgresDatabase>>[] = [];
    const clients: pg.Client[] = [];

    async function seeded(seed: number): Promise<pg.Client> {
      // One of the run's databases (dropped with the others at its end, tests/support/global-db.ts).
      const created = await createPostgresDatabase(admin.toString());
      made.push(created);
      const database = await openDatabase({ schema, databaseUrl: created.url, poolMax: 1 });
      await database.close();
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      clients.push(client);
      await seedScale(client, { users: USERS, seed, bankKey: DEV_BANK_KEY });
      return client;
    }

    const checksum = async (c: pg.Client, table: string, order: string) =>
      (await c.query(`select md5(string_agg(t::text, '|' order by ${order})) as h from ${table} t`)).rows[0]
        .h;
    // Password hashes and sealed bank details carry random salts and IVs by design: compared without them.
    const USERS_COLUMNS = `(select id, email, name, screen_name, prefecture, birth_year, status, created_at,
      deleted_at from users)`;

    let a: pg.Client;
    let b: pg.Client;
    let other: pg.Client;
    beforeAll(async () => {
      [a, b, other] = [await seeded(7), await seeded(7), await seeded(8)];
    }, 300_000);
    afterAll(async () => {
      for (const c of clients) await c.end();
      for (const created of made) await created.drop();
    });

    it('the same seed gives the same rows; another seed gives others', async () => {
      for (const [table, order] of [
        [USERS_COLUMNS, 'id'],
        ['favorites', 'user_id, shop_id'],
        ['units', 'id'],
        ['ledger_entries', 'id'],
        ['entries', 'id'],
        ['short_link_clicks', 'link_id, day'],
      ] as const) {
        expect(await checksum(a, table, order), table).toBe(await checksum(b, table, order));
      }
      expect(await checksum(a, 'units', 'id')).not.toBe(await checksum(other, 'units', 'id'));
    });

    it('has the issue’s proportions: ten ledger rows a user, the power supporter’s 10,000, every kind of row', async () => {
      const shape = scaleShape(USERS);
      const count = async (q: string) => Number((await a.query(q)).rows[0].n);
      expect(await count('select count(*) as n from users')).toBe(USERS);
      expect(await count('select count(*) as n from shops')).toBe(shape.shops);
      expect(await count('select count(*) as n from advertisements')).toBe(shape.advertisements);
      expect(
        await count(`select count(*) as n from ledger_entries where user_id <> ${SCALE_ACCOUNTS.power.id}`),
      ).toBe(shape.ledgerRows);
      expect(
        await count(`select count(*) as n from ledger_entries where user_id = ${SCALE_ACCOUNTS.power.id}`),
      ).toBe(POWER_LEDGER_ROWS);
      // Per user: five units and twenty click rows (the 5M and 20M per million), give or take.
      const units = await count('select count(*) as n from units');
      expect(units).toBeGreaterThan(USERS * 3.5);
      expect(units).toBeLessThan(USERS * 6.5);
      const clicks = await count('select count(*) as n from short_link_clicks');
      expect(clicks).toBeGreaterThan(USERS * 14);
      expect(clicks).toBeLessThan(USERS * 26);
      // Issue 27 (ADR 0165): the clicks by referrer and device sum, per link and day, to the clicks.
      expect(
        await count(`select count(*) as n from short_link_clicks c
          left join (select link_id, day, sum(clicks) as s from short_link_click_sources group by 1, 2) x using (link_id, day)
          where x.s is distinct from c.clicks`),
      ).toBe(0);
      // ADR 0168: per shop, day, platform and device, the shop roll-up is the sum over the shop's unit links.
      expect(
        await count(`select count(*) as n from shop_click_sources s
          full join (select u.shop_id, c.day, c.platform, c.device, sum(c.clicks) as n
                     from short_link_click_sources c join units u on u.short_link_id = c.link_id group by 1, 2, 3, 4) x
            using (shop_id, day, platform, device)
          where x.n is distinct from s.clicks`),
      ).toBe(0);
      for (const table of [
        'favorites',
        'payout_lines',
        'entries',
        'bills',
        'recruitments',
        'sns_accounts',
        'short_link_click_sources',
        'shop_click_sources',
      ]) {
        expect(await count(`select count(*) as n from ${table}`), table).toBeGreaterThan(0);
      }
      // A real ledger never pays out more than was earned.
      expect(
        await count(
          'select count(*) as n from (select user_id from ledger_entries group by 1 having sum(amount) < 0) x',
        ),
      ).toBe(0);
    });

    it('is consistent although loaded without foreign-key checks: every foreign key finds its row', async () => {
      const fks = (
        await a.query<{ child: string; col: string; parent: string; pcol: string }>(`
          select cl.relname as child, ca.attname as col, pl.relname as parent, pa.attname as pcol
          from pg_constraint c
          join pg_class cl on cl.oid = c.conrelid join pg_class pl on pl.oid = c.confrelid
          join pg_attribute ca on ca.attrelid = c.conrelid and ca.attnum = c.conkey[1]
          join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
          where c.contype = 'f' and cardinality(c.conkey) = 1`)
      ).rows;
      expect(fks.length).toBeGreaterThan(20);
      for (const fk of fks) {
        const orphans = await a.query(
          `select count(*)::int as n from "${fk.child}" c where c."${fk.col}" is not null
             and not exists (select 1 from "${fk.parent}" p where p."${fk.pcol}" = c."${fk.col}")`,
        );
        expect(orphans.rows[0].n, `${fk.child}.${fk.col} -> ${fk.parent}`).toBe(0);
      }
    });

    it('computes the counters the triggers keep (followers of a shop, lines and returns of a batch)', async () => {
      const wrong = async (q: string) => Number((await a.query(q)).rows[0].n);
      expect(
        await wrong(`select count(*) as n from shops s
          where s.favoriters_count <> (select count(*) from favorites f where f.shop_id = s.id)`),
      ).toBe(0);
      expect(
        await wrong(`select count(*) as n from payout_batches b
          where b.lines_count <> (select count(*) from payout_lines l where l.batch_id = b.id)
             or b.lines_total <> (select coalesce(sum(amount), 0) from payout_lines l where l.batch_id = b.id)
             or b.failed_count <> (select count(*) from payout_lines l where l.batch_id = b.id and l.status = '失敗')`),
      ).toBe(0);
      expect(await wrong('select count(*) as n from shops where favoriters_count > 0')).toBeGreaterThan(0);
    });
  },
);
