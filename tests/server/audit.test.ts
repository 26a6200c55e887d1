import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MESSAGES, auditPageSchema } from '../../contracts/audit.ts';
import { tokyoDate } from '../../contracts/advertisements.ts';
import { changesOf } from '../../server/platform/audit.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs, pinDemoBillingDates } from './helpers.ts';

/**
 * Issue 24 "The staff audit log" (product design section 8 "Audit"): a row per change a staff member or admin
 * makes, in the transaction of the change, append-only; admins read it. Each test makes its own request.
 */
const day = (offset: number) => tokyoDate(new Date(Date.now() + offset * 86_400_000));

for (const kind of DB_KINDS) {
  describe(`the staff audit log (issue 24) [${kind}]`, () => {
    let t: TestApp;
    let owner: TestClient;
    let staff: TestClient;
    let admin: TestClient;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
      owner = await loginAs(t, 'owner@example.com');
      staff = await loginAs(t, 'staff@example.com');
      admin = await loginAs(t, 'admin@example.com');
    });
    afterAll(() => t.close());

    const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await t.database.db.execute(query));
    const submitted = async () => {
      const created = await owner.post('/api/advertisements', {
        shop_id: 1,
        text: '#PR 監査の試験',
        hashtags: [],
        platforms: ['x'],
        units: 1,
        reward: 100,
        starts_on: day(0),
        ends_on: day(10),
      });
      const id = created.json().id as number;
      expect((await owner.post(`/api/advertisements/${id}/submit`)).statusCode).toBe(200);
      return id;
    };
    const rowsOfTarget = (table: string, id: number) =>
      q<{
        actor_id: number;
        actor_role: string;
        action: string;
        changes: unknown;
        request_id: string;
        ip_hash: string;
      }>(
        sql`select * from audit_log where target_table = ${table} and target_id = ${String(id)} order by id`,
      );

    it('issue 24 audit: staff approving a request writes one row: who, role, action, fields before and after, request id, keyed IP hash', async () => {
      const id = await submitted();
      const res = await staff.post(`/api/advertisements/${id}/approve`, undefined, {
        'x-request-id': 'audit-test-request-1',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row, ...more] = await rowsOfTarget('advertisements', id);
      expect(more).toHaveLength(0);
      const [staffRow] = await q<{ id: number }>(sql`select id from users where email = 'staff@example.com'`);
      expect(row).toMatchObject({
        actor_id: staffRow!.id,
        actor_role: 'staff',
        action: 'advertisement.approve',
        request_id: res.headers['x-request-id'],
      });
      expect(typeof row!.changes === 'string' ? JSON.parse(row!.changes) : row!.changes).toEqual({
        status: { before: '審査中', after: '配信中' },
      });
      expect(row!.ip_hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(row!.ip_hash).not.toContain('127.0.0.1');
      // A double click changes nothing and writes nothing.
      expect((await staff.post(`/api/advertisements/${id}/approve`)).statusCode).toBe(200);
      expect(await rowsOfTarget('advertisements', id)).toHaveLength(1);
    });

    it("issue 24 audit: a shop member's own change is not a staff change: no row; a sent-back request is", async () => {
      const id = await submitted();
      expect(await rowsOfTarget('advertisements', id)).toHaveLength(0);
      const res = await admin.post(`/api/advertisements/${id}/reject`, { reason: '表現を直してください' });
      expect(res.statusCode, res.body).toBe(200);
      const rows = await rowsOfTarget('advertisements', id);
      expect(rows.map((r) => [r.action, r.actor_role])).toEqual([['advertisement.send_back', 'admin']]);
    });

    it('issue 24 audit: a change whose audit row cannot be written does not commit', async () => {
      const id = await submitted();
      await t.database.db.execute(
        sql.raw(
          // Only this request's row is refused: other tests' rows may have the same id in another table.
          `alter table audit_log add constraint audit_test_refuses check (target_table <> 'advertisements' or target_id <> '${Number(id)}')`,
        ),
      );
      try {
        const res = await staff.post(`/api/advertisements/${id}/approve`);
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
      } finally {
        await t.database.db.execute(sql`alter table audit_log drop constraint audit_test_refuses`);
      }
      const [ad] = await q<{ status: string }>(sql`select status from advertisements where id = ${id}`);
      expect(ad!.status).toBe('審査中');
      expect(await q(sql`select id from units where advertisement_id = ${id}`)).toHaveLength(0);
    });

    it('issue 24 audit: the log is append-only: UPDATE, DELETE and TRUNCATE are refused', async () => {
      const id = await submitted();
      await staff.post(`/api/advertisements/${id}/approve`);
      for (const statement of [
        sql`update audit_log set action = 'x.y' where target_id = ${String(id)}`,
        sql`delete from audit_log where target_id = ${String(id)}`,
        sql`truncate audit_log`,
      ]) {
        const err = (await t.database.db.execute(statement).catch((e: unknown) => e)) as Error & {
          cause?: Error;
        };
        expect(String(err.cause?.message ?? err.message)).toMatch(/audit_log is append-only/);
      }
      expect(await rowsOfTarget('advertisements', id)).toHaveLength(1);
    });

    it('issue 24 audit: admins read it by record, action and actor, 50 a page with a keyset; staff are refused; bad filters 422', async () => {
      const id = await submitted();
      await staff.post(`/api/advertisements/${id}/approve`);
      const page = auditPageSchema.parse(
        (await admin.get(`/api/audit-log?target=advertisements:${id}`)).json(),
      );
      expect(page.items.map((i) => i.action)).toEqual(['advertisement.approve']);
      expect(page.items[0]!.actor.name).toBe('運営 スタッフ');
      const byAction = auditPageSchema.parse(
        (await admin.get('/api/audit-log?action=advertisement.approve')).json(),
      );
      expect(byAction.items.every((i) => i.action === 'advertisement.approve')).toBe(true);
      // 60 rows of one staff member: two pages, none repeated.
      const [s] = await q<{ id: number }>(sql`select id from users where email = 'staff@example.com'`);
      await t.database.db.execute(sql`
        insert into audit_log (actor_id, actor_role, action, target_table, target_id)
        select ${s!.id}, 'staff', 'test.paging', 'units', g::text from generate_series(1, 60) g`);
      const seen: number[] = [];
      let before: number | null = null;
      do {
        const res = await admin.get(`/api/audit-log?action=test.paging${before ? `&before=${before}` : ''}`);
        const p = auditPageSchema.parse(res.json());
        seen.push(...p.items.map((i) => i.id));
        before = p.next_before;
      } while (before);
      expect(seen).toHaveLength(60);
      expect(new Set(seen).size).toBe(60);
      expect((await staff.get('/api/audit-log')).statusCode).toBe(403);
      const bad = await admin.get('/api/audit-log?target=nope');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.target).toEqual([AUDIT_MESSAGES.target]);
    });

    it('issue 24 audit: secrets, tokens and bank numbers never reach a row', () => {
      expect(
        changesOf(
          { password_hash: 'a', account_number: '1234567', token: 't', status: '承認' },
          { password_hash: 'b', account_number: '7654321', token: 'u', status: '却下' },
        ),
      ).toEqual({ status: { before: '承認', after: '却下' } });
    });

    it('issue 24 audit: payouts (build, export, paid, failed) write their rows in their transactions', async () => {
      // A month long closed, with a supporter owed money (a credit with a bank account, demo fan2's).
      const [fan] = await q<{ id: number }>(sql`select id from users where email = 'fan2@example.com'`);
      const fanClient = await loginAs(t, 'fan2@example.com');
      await fanClient.put('/api/bank-account', {
        bank_code: '0005',
        branch_code: '001',
        account_type: '普通',
        account_number: '7654321',
        holder_name: 'タナカ　ショウ',
      });
      await t.database.db.execute(sql`
        insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, created_at)
        values (${fan!.id}, 5000, 'adjustment', 'test:audit-payout', 'test:audit-payout', '2024-01-10T00:00:00Z')`);
      const built = await admin.post('/api/payments/batches', { month: '2024-01' });
      expect(built.statusCode, built.body).toBeLessThan(300);
      const batchId = built.json().batch.id as number;
      expect((await admin.get(`/api/payments/batches/${batchId}/zengin`)).statusCode).toBe(200);
      expect((await admin.post(`/api/payments/batches/${batchId}/paid`)).statusCode).toBe(200);
      const [line] = await q<{ id: number }>(
        sql`select id from payout_lines where batch_id = ${batchId} order by id limit 1`,
      );
      expect(
        (await admin.post(`/api/payments/lines/${line!.id}/failed`, { note: '口座番号違い' })).statusCode,
      ).toBe(200);
      const batchRows = await q<{ action: string }>(
        sql`select action from audit_log where target_table = 'payout_batches' and target_id = ${String(batchId)} order by id`,
      );
      expect(batchRows.map((r) => r.action)).toEqual(['payout.build', 'payout.export', 'payout.paid']);
      const [failed] = await q<{ action: string; note: string }>(
        sql`select action, note from audit_log where target_table = 'payout_lines' and target_id = ${String(line!.id)}`,
      );
      expect(failed).toEqual({ action: 'payout.failed', note: '口座番号違い' });
    });

    it('issue 24 audit: a recruitment created, edited and moved by staff, and an invoice payment recorded, write their rows', async () => {
      const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();
      const created = await staff.post('/api/recruitments', {
        shop_id: 1,
        title: '監査の試験の募集',
        description: '監査の試験です。',
        benefit: 'ケーキ1つ',
        benefit_value: 500,
        winners_count: 1,
        application_starts_at: day(-1),
        application_ends_at: day(7),
        visit_starts_at: day(8),
        visit_ends_at: day(30),
        platform: 'instagram',
        conditions: '#PR を最初に入れてください。',
        target_audience: 'everyone',
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect(
        (
          await staff.request({
            method: 'PATCH',
            url: `/api/recruitments/${id}`,
            payload: { title: '監査の試験の募集（改）' },
          })
        ).statusCode,
      ).toBe(200);
      expect((await staff.put(`/api/recruitments/${id}/status`, { status: '募集中' })).statusCode).toBe(200);
      const rows = await q<{ action: string; changes: unknown }>(
        sql`select action, changes from audit_log where target_table = 'recruitments' and target_id = ${String(id)} order by id`,
      );
      expect(rows.map((r) => r.action)).toEqual([
        'recruitment.create',
        'recruitment.update',
        'recruitment.status',
      ]);
      const edit = typeof rows[1]!.changes === 'string' ? JSON.parse(rows[1]!.changes) : rows[1]!.changes;
      expect(edit).toEqual({ title: { before: '監査の試験の募集', after: '監査の試験の募集（改）' } });

      await pinDemoBillingDates(t);
      const companyId = (await owner.get('/api/billing')).json().company.id as number;
      const paid = await staff.post('/api/billing/invoices/payments', {
        company_id: companyId,
        month: '2026-10',
        paid_on: '2026-11-20',
        note: '振込人名 デモフーズ',
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const [row] = await q<{ action: string; note: string }>(
        sql`select action, note from audit_log where target_table = 'companies' and target_id = ${String(companyId)} and action = 'invoice.paid'`,
      );
      expect(row).toEqual({ action: 'invoice.paid', note: '振込人名 デモフーズ' });
    });

    it('issue 24 audit: staff judging units (approve, reject, reinstate) and running a recruitment (close early, draw, cancel a win, redraw, judge a post) write their rows', async () => {
      // A unit per judgement, posted by the demo supporter on a request of demo-cafe.
      const id = await submitted();
      await staff.post(`/api/advertisements/${id}/approve`);
      const [sup] = await q<{ id: number }>(sql`select id from users where email = 'supporter@example.com'`);
      const unitIds: number[] = [];
      for (const n of [1, 2]) {
        const [u] = await q<{ id: number }>(sql`
          insert into units (advertisement_id, user_id, reward, status, platform, post_url, posted_at, post_check, expires_at)
          values (${id}, ${sup!.id}, 100, 'posted', 'x', ${`https://x.com/demo_supporter/status/${Date.now()}${n}`}, now(), 'ok',
            now() + interval '3 days')
          on conflict (advertisement_id, user_id) do nothing returning id`);
        if (u) unitIds.push(Number(u.id));
        else {
          // One supporter has one unit per request: the second judgement takes a second request.
          const other = await submitted();
          await staff.post(`/api/advertisements/${other}/approve`);
          const [v] = await q<{ id: number }>(sql`
            insert into units (advertisement_id, user_id, reward, status, platform, post_url, posted_at, post_check, expires_at)
            values (${other}, ${sup!.id}, 100, 'posted', 'x', ${`https://x.com/demo_supporter/status/${Date.now()}9`}, now(), 'ok',
              now() + interval '3 days')
            on conflict (advertisement_id, user_id) do update set status = 'posted' returning id`);
          unitIds.push(Number(v!.id));
        }
      }
      const [approved, rejected] = unitIds as [number, number];
      expect((await staff.post(`/api/units/${approved}/approve`)).statusCode).toBe(200);
      expect(
        (await staff.post(`/api/units/${rejected}/reject`, { reason: '投稿が見つからない' })).statusCode,
      ).toBe(200);
      await t.database.db.execute(
        sql`update units set status = 'reversed', reversed_at = now() where id = ${approved}`,
      );
      expect(
        (await admin.post(`/api/units/${approved}/reinstate`, { note: '投稿を確認しました' })).statusCode,
      ).toBe(200);
      const unitActions = await q<{ action: string; target_id: string }>(
        sql`select action, target_id from audit_log where target_table = 'units' and action like 'unit.%' and target_id in (${String(approved)}, ${String(rejected)}) order by id`,
      );
      expect(unitActions).toEqual([
        { action: 'unit.approve', target_id: String(approved) },
        { action: 'unit.reject', target_id: String(rejected) },
        { action: 'unit.reinstate', target_id: String(approved) },
      ]);

      // A recruitment of shop 1 with three applicants holding approved Instagram accounts.
      const created = await staff.post('/api/recruitments', {
        shop_id: 1,
        title: '監査の抽選',
        description: '監査の試験です。',
        benefit: 'ケーキ',
        benefit_value: 500,
        winners_count: 1,
        application_starts_at: new Date(Date.now() - 86_400_000).toISOString(),
        application_ends_at: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        visit_starts_at: new Date(Date.now() + 8 * 86_400_000).toISOString(),
        visit_ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        platform: 'instagram',
        conditions: '#PR を最初に入れてください。',
        target_audience: 'everyone',
      });
      const rid = created.json().id as number;
      await staff.put(`/api/recruitments/${rid}/status`, { status: '募集中' });
      for (const email of ['fan1@example.com', 'fan2@example.com', 'fan3@example.com']) {
        const [u] = await q<{ id: number }>(sql`select id from users where email = ${email}`);
        await t.database.db.execute(sql`
          insert into sns_accounts (user_id, platform, handle, status, ownership_code)
          select ${u!.id}, 'instagram', ${`audit_${u!.id}_${rid}`}, '承認', 'FOCUS-AUDIT1'
          where not exists (select 1 from sns_accounts where user_id = ${u!.id} and platform = 'instagram' and status = '承認')`);
        expect(
          (await (await loginAs(t, email)).post(`/api/recruitments/${rid}/entries`, {})).statusCode,
        ).toBe(201);
      }
      expect(
        (await staff.post(`/api/recruitments/${rid}/close`, { reason: '予定数に達したため' })).statusCode,
      ).toBe(200);
      const drawn = await staff.post(`/api/recruitments/${rid}/draw`);
      expect(drawn.statusCode, drawn.body).toBe(200);
      const winner = drawn.json().winner_entry_ids[0] as number;
      expect(
        (await staff.post(`/api/entries/${winner}/cancel`, { reason: '連絡が取れないため' })).statusCode,
      ).toBe(200);
      const redrawn = await staff.post(`/api/recruitments/${rid}/redraw`, { entry_id: winner });
      expect(redrawn.statusCode, redrawn.body).toBe(200);
      const next = (redrawn.json().winner_entry_ids as number[]).at(-1)!;
      expect((await staff.post(`/api/entries/${next}/visit`)).statusCode).toBe(200);
      const recruitmentActions = (
        await q<{ action: string }>(sql`
          select action from audit_log where (target_table = 'recruitments' and target_id = ${String(rid)})
            or (target_table = 'entries' and target_id in (${String(winner)}, ${String(next)})) order by id`)
      ).map((r) => r.action);
      expect(recruitmentActions).toEqual([
        'recruitment.create',
        'recruitment.status',
        'recruitment.close_early',
        'recruitment.draw',
        'entry.cancel_win',
        'recruitment.redraw',
        'entry.judge',
      ]);
    });
  });
}
