import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate, type Unit } from '../../contracts/advertisements.ts';
import { FRAUD_MESSAGES, fraudPageSchema, SUSPENDED_STATUS } from '../../contracts/fraud.ts';
import { MONEY_MESSAGES } from '../../contracts/money.ts';
import { payables } from '../../server/features/money/repo.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 24 "Fraud signals and the review queue" (product design section 8 "Fraud"): each signal is made to
 * happen and seen as a flag; each staff action has its effect and its audit row. Every test makes its own
 * supporters.
 */
const day = (offset: number) => tokyoDate(new Date(Date.now() + offset * 86_400_000));
const xId = (seq: number) => ((BigInt(Date.now()) - 1_288_834_974_657n) << 22n) + BigInt(seq);

for (const kind of DB_KINDS) {
  describe(`fraud review (issue 24) [${kind}]`, () => {
    let t: TestApp;
    let owner: TestClient;
    let staff: TestClient;
    beforeAll(async () => {
      t = await createAccountsApp(kind);
      owner = await loginAs(t, 'owner@example.com');
      staff = await loginAs(t, 'staff@example.com');
    });
    afterAll(() => t.close());
    const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await t.database.db.execute(query));

    /** A fresh approved supporter with an approved X account, following shop 1. */
    async function supporter() {
      const tag = randomBytes(4).toString('hex');
      const [hash] = await q<{ password_hash: string }>(
        sql`select password_hash from users where email = 'supporter@example.com'`,
      );
      const [u] = await q<{ id: number }>(sql`
        insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at, prefecture)
        values (${`fraud-${tag}@example.com`}, ${hash!.password_hash}, ${`不正 ${tag}`}, ${`fraud-${tag}`}, 3, '承認', now(), '東京都')
        returning id`);
      const id = Number(u!.id);
      await t.database.db.execute(sql`
        insert into sns_accounts (user_id, platform, handle, status, ownership_code) values (${id}, 'x', ${`f_${tag}`}, '承認', 'FOCUS-FRAUD1')`);
      await t.database.db.execute(sql`insert into favorites (user_id, shop_id) values (${id}, 1)`);
      return { id, handle: `f_${tag}`, client: await loginAs(t, `fraud-${tag}@example.com`) };
    }
    const flagsOf = (userId: number, kind: string) =>
      q<{ id: number; status: string; evidence: unknown }>(
        sql`select id, status, evidence from fraud_flags where user_id = ${userId} and kind = ${kind}`,
      );
    const bank = (client: TestClient, number: string) =>
      client.put('/api/bank-account', {
        bank_code: '0005',
        branch_code: '001',
        account_type: '普通',
        account_number: number,
        holder_name: 'テスト　タロウ',
      });

    it('issue 24 shared_bank_account: one account registered by two users flags both; the flag holds no number', async () => {
      const a = await supporter();
      const b = await supporter();
      const number = String(1000000 + Math.floor(Math.random() * 8_000_000));
      expect((await bank(a.client, number)).statusCode).toBe(200);
      expect(await flagsOf(a.id, 'shared_bank_account')).toHaveLength(0);
      expect((await bank(b.client, number)).statusCode).toBe(200);
      for (const who of [a, b]) {
        const [flag] = await flagsOf(who.id, 'shared_bank_account');
        expect(flag?.status).toBe('open');
        expect(JSON.stringify(flag!.evidence)).not.toContain(number);
      }
      const page = fraudPageSchema.parse(
        (await staff.get('/api/fraud/flags?status=open&kind=shared_bank_account')).json(),
      );
      expect(page.items.map((f) => f.user_id)).toEqual(expect.arrayContaining([a.id, b.id]));
    });

    async function acceptedUnit() {
      const who = await supporter();
      const created = await owner.post('/api/advertisements', {
        shop_id: 1,
        text: '#PR 不正の試験',
        hashtags: [],
        platforms: ['x'],
        units: 200,
        reward: 100,
        starts_on: day(0),
        ends_on: day(10),
      });
      const adId = created.json().id as number;
      await owner.post(`/api/advertisements/${adId}/submit`);
      await staff.post(`/api/advertisements/${adId}/approve`);
      const unit = ((await who.client.get('/api/units?status=offered')).json().items as Unit[]).find(
        (u) => u.advertisement_id === adId,
      )!;
      const accepted = (await who.client.post(`/api/units/${unit.id}/accept`)).json() as Unit;
      return { who, unit: accepted };
    }

    it('issue 24 foreign_proof: proofs from handles that are not the supporter’s are listed from the second one', async () => {
      const { who, unit } = await acceptedUnit();
      const listed = async () =>
        fraudPageSchema
          .parse((await staff.get('/api/fraud/flags?kind=foreign_proof')).json())
          .items.filter((f) => f.user_id === who.id);
      expect(
        (
          await who.client.post(`/api/units/${unit.id}/proof`, {
            post_url: `https://x.com/someone_a/status/${xId(1)}`,
          })
        ).statusCode,
      ).toBe(422);
      expect(await listed()).toHaveLength(0);
      expect(
        (
          await who.client.post(`/api/units/${unit.id}/proof`, {
            post_url: `https://x.com/someone_b/status/${xId(2)}`,
          })
        ).statusCode,
      ).toBe(422);
      const [flag] = await listed();
      expect(flag!.evidence).toMatchObject({ count: 2, ids: [String(unit.id)] });
      expect(JSON.stringify(flag!.evidence)).not.toMatch(/someone_/);
    });

    it('issue 24 own_company: an owner approving a post of a member of the shop’s company is flagged', async () => {
      const member = await supporter();
      const [company] = await q<{ company_id: number }>(sql`select company_id from shops where id = 1`);
      await t.database.db.execute(
        sql`insert into company_members (company_id, user_id, role) values (${company!.company_id}, ${member.id}, 'member')`,
      );
      const created = await owner.post('/api/advertisements', {
        shop_id: 1,
        text: '#PR 社内の試験',
        hashtags: [],
        platforms: ['x'],
        units: 1,
        reward: 100,
        starts_on: day(0),
        ends_on: day(10),
      });
      const adId = created.json().id as number;
      const [u] = await q<{ id: number }>(sql`
        insert into units (advertisement_id, user_id, reward, status, platform, post_url, posted_at, post_check, expires_at)
        values (${adId}, ${member.id}, 100, 'posted', 'x', ${`https://x.com/${member.handle}/status/${xId(9)}`}, now(), 'ok', now() + interval '3 days')
        returning id`);
      expect((await owner.post(`/api/units/${u!.id}/approve`)).statusCode).toBe(200);
      const [o] = await q<{ id: number }>(sql`select id from users where email = 'owner@example.com'`);
      const [flag] = await flagsOf(Number(o!.id), 'own_company');
      expect(flag?.status).toBe('open');
    });

    it('issue 24 actions: 支払保留 leaves the supporter out of payouts with a neutral message, 保留解除 lets them in; each needs a note and is audited', async () => {
      const a = await supporter();
      const b = await supporter();
      const number = String(1000000 + Math.floor(Math.random() * 8_000_000));
      await bank(a.client, number);
      await bank(b.client, number);
      await t.database.db.execute(sql`
        insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, created_at)
        values (${a.id}, 3000, 'adjustment', 'test:fraud', ${`test:fraud:${a.id}`}, now() - interval '3 days')`);
      const [flag] = await flagsOf(a.id, 'shared_bank_account');
      const act = (action: string, note: string) =>
        staff.post(`/api/fraud/flags/${flag!.id}/actions`, { action, note });
      const noNote = await act('hold', ' ');
      expect(noNote.statusCode).toBe(422);
      expect(noNote.json().errors.note).toEqual([FRAUD_MESSAGES.note]);
      const payable = async () =>
        (await payables(t.database.db, new Date(Date.now() + 86_400_000), new Date(0), 0)).some(
          (p) => p.userId === a.id,
        );
      expect(await payable()).toBe(true);
      const held = await act('hold', '口座の名義を確認中');
      expect(held.statusCode, held.body).toBe(200);
      expect(held.json()).toMatchObject({ status: 'open', action: 'hold', on_hold: true });
      expect(await payable()).toBe(false);
      const history = (await a.client.get('/api/payments')).json();
      expect(history).toMatchObject({ on_hold: true, next_payment: null });
      expect(JSON.stringify(history)).not.toMatch(/不正|fraud|保留/);
      expect(MONEY_MESSAGES.onHold).not.toMatch(/不正/);
      expect((await act('release', '名義を確認しました')).json().on_hold).toBe(false);
      expect(await payable()).toBe(true);
      expect((await act('release', 'もう一度')).statusCode).toBe(409);
      const audited = await q<{ action: string; note: string }>(sql`
        select action, note from audit_log where target_table = 'fraud_flags' and target_id = ${String(flag!.id)} order by id`);
      expect(audited).toEqual([
        { action: 'fraud.hold', note: '口座の名義を確認中' },
        { action: 'fraud.release', note: '名義を確認しました' },
      ]);
      expect((await act('fine', '問題ありませんでした')).json().status).toBe('closed');
      expect((await act('hold', '閉じたあと')).statusCode).toBe(409);
    });

    it('issue 24 actions: アカウント停止 sets 停止, signs the supporter out everywhere and takes their open offers away; they can still log in', async () => {
      const a = await supporter();
      const b = await supporter();
      const number = String(1000000 + Math.floor(Math.random() * 8_000_000));
      await bank(a.client, number);
      await bank(b.client, number);
      const created = await owner.post('/api/advertisements', {
        shop_id: 1,
        text: '#PR 停止の試験',
        hashtags: [],
        platforms: ['x'],
        units: 500,
        reward: 100,
        starts_on: day(0),
        ends_on: day(10),
      });
      const adId = created.json().id as number;
      await owner.post(`/api/advertisements/${adId}/submit`);
      await staff.post(`/api/advertisements/${adId}/approve`);
      const offered = async () =>
        (
          await q<{ status: string }>(
            sql`select status from units where advertisement_id = ${adId} and user_id = ${a.id}`,
          )
        )[0]?.status;
      expect(await offered()).toBe('offered');
      const [flag] = await flagsOf(a.id, 'shared_bank_account');
      const res = await staff.post(`/api/fraud/flags/${flag!.id}/actions`, {
        action: 'suspend',
        note: '同じ口座で複数登録',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'closed', user: { status: SUSPENDED_STATUS } });
      expect((await a.client.get('/api/me')).statusCode).toBe(401);
      await expect.poll(offered, { timeout: 10_000 }).toBe('expired');
      const again = await loginAs(t, `fraud-${a.handle.slice(2)}@example.com`);
      expect((await again.get('/api/payments')).statusCode).toBe(200);
    });
  });
}
