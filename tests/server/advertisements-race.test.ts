import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/platform/db/client.ts';
import { balanceOf } from '../../server/platform/ledger.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs, userIdOf } from './helpers.ts';

/**
 * Issue 13 "Rewards: the ledger, exactly once": 50 concurrent approvals of one unit, racing the 7-day
 * automatic approval, credit its reward once (the conditional status update and the ledger's unique key
 * `unit:{id}:reward`). Run on PostgreSQL with TEST_DATABASE_URL, where the 50 transactions really overlap.
 */
const RACERS = 50;

for (const kind of DB_KINDS) {
  describe(`one unit, ${RACERS} approvals and the auto-approval at once [${kind}]`, () => {
    let t: TestApp;
    let owner: TestClient;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
      owner = await loginAs(t, 'owner@example.com');
    });
    afterAll(() => t.close());

    it(`credits once: one ledger row, the balance up by one reward, every approval answered 200 [${kind}]`, async () => {
      // Demo data: fan2's post on the live request waits for judgement; make it overdue so the automatic
      // approval is due at the same time.
      const fan2 = await userIdOf(t, 'fan2@example.com');
      const [unit] = rowsOf<{ id: number; reward: number }>(
        await t.database.db.execute(
          sql`update units set posted_at = now() - interval '8 days' where user_id = ${fan2} and status = 'posted' returning id, reward`,
        ),
      );
      expect(unit).toBeDefined();
      const before = await balanceOf(t.database.db, fan2);
      const started = performance.now();
      const results = await Promise.allSettled([
        ...Array.from({ length: RACERS }, () => owner.post(`/api/units/${unit!.id}/approve`)),
        t.app.advertisements.autoApprove(unit!.id),
        t.app.advertisements.autoApproveDue(),
      ]);
      const elapsed = Math.round(performance.now() - started);
      const statuses = results
        .slice(0, RACERS)
        .map((r) => (r.status === 'fulfilled' ? (r.value as { statusCode: number }).statusCode : 0));
      const rows = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`unit:${unit!.id}:reward`}`,
        ),
      );
      const after = await balanceOf(t.database.db, fan2);
      console.info(
        `[${kind}] ${RACERS} approvals + auto-approval of unit ${unit!.id}: statuses ${JSON.stringify(
          Object.fromEntries([...new Set(statuses)].map((s) => [s, statuses.filter((x) => x === s).length])),
        )}, ledger rows ${rows[0]!.n}, balance ${before} -> ${after} (reward ${unit!.reward}), ${elapsed} ms`,
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(results.slice(RACERS).every((r) => r.status === 'fulfilled')).toBe(true);
      expect(rows[0]!.n).toBe(1);
      expect(after - before).toBe(unit!.reward);
    });
  });
}
