import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/features/schema.ts';
import { balanceOf, credit, debit, LedgerConflict, ledgerEntries } from '../../server/platform/ledger.ts';
import { seedDemoData } from '../../server/seed/demo.ts';
import { DB_KINDS, openTestDatabase, type TestDatabase } from '../support/db.ts';

/**
 * Product design section 5 (money): every yen is a row of an append-only ledger; balances are sums; an
 * idempotency key on every credit and debit, so a retry or a race moves money once.
 */
for (const kind of DB_KINDS) {
  describe(`ledger [${kind}]`, () => {
    let database: TestDatabase;
    let userId: number;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      await seedDemoData(database.db);
      const [row] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, 'fan2@example.com'));
      userId = row!.id;
    });
    afterAll(() => database.close());

    it(`the balance is the sum of credits and debits [${kind}]`, async () => {
      const db = database.db;
      const start = await balanceOf(db, userId);
      await credit(db, {
        userId,
        amount: 300,
        kind: 'reward',
        reference: 'unit:9001',
        idempotencyKey: 'unit:9001:reward',
      });
      await credit(db, {
        userId,
        amount: 150,
        kind: 'reward',
        reference: 'unit:9002',
        idempotencyKey: 'unit:9002:reward',
      });
      await debit(db, {
        userId,
        amount: 400,
        kind: 'payout',
        reference: 'payout_line:1',
        idempotencyKey: 'payout_line:1',
      });
      expect(await balanceOf(db, userId)).toBe(start + 50);
    });

    it(`a retry with the same key moves the money once and answers the first row [${kind}]`, async () => {
      const db = database.db;
      const m = {
        userId,
        amount: 100,
        kind: 'reward',
        reference: 'unit:9100',
        idempotencyKey: 'unit:9100:reward',
      };
      const first = await credit(db, m);
      const again = await credit(db, m);
      expect(first.created).toBe(true);
      expect(again).toEqual({ entry: first.entry, created: false });
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.idempotencyKey, m.idempotencyKey));
      expect(rows).toHaveLength(1);
    });

    it(`the same key for another amount or person is refused, never silently accepted [${kind}]`, async () => {
      const db = database.db;
      const m = {
        userId,
        amount: 100,
        kind: 'reward',
        reference: 'unit:9200',
        idempotencyKey: 'unit:9200:reward',
      };
      await credit(db, m);
      await expect(credit(db, { ...m, amount: 200 })).rejects.toBeInstanceOf(LedgerConflict);
      await expect(debit(db, m)).rejects.toBeInstanceOf(LedgerConflict);
    });

    it(`amounts are positive integer yen [${kind}]`, async () => {
      const db = database.db;
      for (const amount of [0, -5, 1.5, Number.NaN]) {
        await expect(
          credit(db, { userId, amount, kind: 'reward', reference: 'x', idempotencyKey: `bad:${amount}` }),
        ).rejects.toThrow(RangeError);
      }
    });

    it(`rows are never updated or deleted: the database refuses both [${kind}]`, async () => {
      const db = database.db;
      await credit(db, {
        userId,
        amount: 10,
        kind: 'reward',
        reference: 'unit:9300',
        idempotencyKey: 'unit:9300:reward',
      });
      await expect(
        db.update(ledgerEntries).set({ amount: 999 }).where(eq(ledgerEntries.userId, userId)),
      ).rejects.toThrow();
      await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.userId, userId))).rejects.toThrow();
      await expect(db.execute(sql`truncate ledger_entries`)).rejects.toThrow();
    });

    it(`50 concurrent credits with one key write one row [${kind}]`, async () => {
      const db = database.db;
      const before = await balanceOf(db, userId);
      const m = {
        userId,
        amount: 120,
        kind: 'reward',
        reference: 'unit:9400',
        idempotencyKey: 'unit:9400:reward',
      };
      const results = await Promise.all(Array.from({ length: 50 }, () => credit(db, m)));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(await balanceOf(db, userId)).toBe(before + 120);
    });
  });
}
