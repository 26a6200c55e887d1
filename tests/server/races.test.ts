import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokyoDate } from '../../contracts/advertisements.ts';
import { addMonths, previousMonth } from '../../server/features/money/calendar.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { balanceOf } from '../../server/platform/ledger.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { seeded } from '../support/random.ts';
import { createAccountsApp, loginAs, userIdOf } from './helpers.ts';

/**
 * Issue 17 "Races and crashes": 50 concurrent judgements of one post, 50 concurrent builds of one month's
 * payout batch, two accepts of the last unit of a request, a follow/unfollow storm; each leaves exactly
 * one effect. In one process over `app.inject`; PGlite runs one statement at a time, so the PostgreSQL run
 * (TEST_DATABASE_URL, a pool of 5 connections) is the one where the transactions really overlap. The same
 * races across two server processes are in races-processes.test.ts.
 */
const RACERS = 50;
const DAY = 86_400_000;

const tally = (xs: (number | string)[]) =>
  Object.fromEntries([...new Set(xs)].sort().map((s) => [s, xs.filter((x) => x === s).length]));

for (const kind of DB_KINDS) {
  describe(`races leave exactly one effect (issue 17) [${kind}]`, () => {
    let t: TestApp;
    let owner: TestClient;
    let staff: TestClient;
    let admin: TestClient;
    let supporter: TestClient;
    const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await t.database.db.execute(query));
    const count = async (query: ReturnType<typeof sql>) => Number((await q<{ n: number }>(query))[0]!.n);

    beforeAll(async () => {
      t = await createAccountsApp(kind);
      [owner, staff, admin, supporter] = (await Promise.all(
        ['owner@example.com', 'staff@example.com', 'admin@example.com', 'supporter@example.com'].map((e) =>
          loginAs(t, e),
        ),
      )) as [TestClient, TestClient, TestClient, TestClient];
    });
    afterAll(() => t.close());

    it(`${RACERS} judgements of one post at once (owner and staff approve, one rejects, the 7-day auto-approval is due): one outcome, at most one credit, one mail [${kind}]`, async () => {
      // Product design section 3.5 and section 5: approval credits the reward exactly once. Demo data:
      // fan2's post waits for judgement; made overdue so that the automatic approval races too.
      const fan2 = await userIdOf(t, 'fan2@example.com');
      const [unit] = await q<{ id: number; reward: number }>(
        sql`update units set posted_at = now() - interval '8 days' where user_id = ${fan2} and status = 'posted' returning id, reward`,
      );
      const id = unit!.id;
      const before = await balanceOf(t.database.db, fan2);
      const calls: { who: string; run: () => Promise<number> }[] = [];
      for (let i = 0; i < RACERS - 1; i++) {
        const client = i % 2 ? staff : owner;
        calls.push({
          who: 'approve',
          run: async () => (await client.post(`/api/units/${id}/approve`)).statusCode,
        });
      }
      calls.splice(RACERS / 2, 0, {
        who: 'reject',
        run: async () =>
          (await owner.post(`/api/units/${id}/reject`, { reason: '#PRの表示がない' })).statusCode,
      });
      const [answers] = await Promise.all([
        Promise.all(calls.map((c) => c.run())),
        t.app.advertisements.autoApprove(id),
        t.app.advertisements.autoApproveDue(),
      ]);
      const [after] = await q<{ status: string }>(sql`select status from units where id = ${id}`);
      const credits = await count(
        sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`unit:${id}:reward`}`,
      );
      // Issue 26 (ADR 0175): the message is the outbox's notification, one per person, kind and record.
      const mailKeys = await q<{ key: string }>(sql`
        select kind || ' ' || record_key as key from notifications
        where record_key = ${`unit:${id}`} or record_key like ${`unit:${id}:%`}`);
      const approvals = answers.filter((_, i) => calls[i]!.who === 'approve');
      const reject = answers[calls.findIndex((c) => c.who === 'reject')];
      console.info(
        `[${kind}] ${RACERS} judgements + auto-approval of unit ${id}: outcome ${after!.status}, approvals ${JSON.stringify(
          tally(approvals),
        )}, reject ${reject}, credit rows ${credits}, mails ${mailKeys.map((m) => m.key).join(' ')}`,
      );
      expect(['approved', 'rejected']).toContain(after!.status);
      if (after!.status === 'approved') {
        expect(credits).toBe(1);
        expect((await balanceOf(t.database.db, fan2)) - before).toBe(unit!.reward);
        expect(approvals.every((s) => s === 200)).toBe(true); // the losers see the approved post
        expect(reject).toBe(409);
        expect(mailKeys.map((m) => m.key)).toEqual([`post.approved unit:${id}`]);
      } else {
        expect(credits).toBe(0);
        expect(await balanceOf(t.database.db, fan2)).toBe(before);
        expect(reject).toBe(200);
        expect(approvals.every((s) => s === 409)).toBe(true);
        expect(mailKeys.map((m) => m.key)).toEqual([`post.returned unit:${id}:1`]);
      }
    });

    it(`${RACERS} builds of one month's payout batch at once (admin clicks and the cron), beside builds of another month: one batch per month, one line per supporter, no yen held twice [${kind}]`, async () => {
      // Product design section 5 / ADR 0101: one batch per month; a second build finds the first.
      const month = previousMonth(new Date());
      const other = addMonths(month, -3);
      const calls: Promise<{ created: boolean; id: number; month: string; status?: number }>[] = [];
      for (let i = 0; i < RACERS; i++) {
        const m = i % 5 === 4 ? other : month;
        if (i % 10 === 3) {
          calls.push(
            t.app.money.build(m, null).then((b) => ({ created: b.created, id: b.batch.id, month: m })),
          );
        } else {
          calls.push(
            admin.post('/api/payments/batches', { month: m }).then((res) => ({
              created: res.json().created,
              id: res.json().batch.id,
              month: m,
              status: res.statusCode,
            })),
          );
        }
      }
      const results = await Promise.all(calls);
      for (const m of [month, other]) {
        const mine = results.filter((r) => r.month === m);
        expect(mine.filter((r) => r.created)).toHaveLength(1);
        expect(new Set(mine.map((r) => r.id)).size).toBe(1);
        for (const r of mine) if (r.status) expect(r.status).toBe(r.created ? 201 : 200);
        expect(await count(sql`select count(*)::int as n from payout_batches where month = ${m}`)).toBe(1);
      }
      const lines = await q<{ batch_id: number; user_id: number; amount: number }>(sql`
        select l.batch_id, l.user_id, l.amount from payout_lines l join payout_batches b on b.id = l.batch_id
        where b.month in (${month}, ${other})`);
      expect(lines.length).toBeGreaterThan(0);
      expect(new Set(lines.map((l) => `${l.batch_id}:${l.user_id}`)).size).toBe(lines.length);
      // What unpaid lines hold never exceeds what the ledger owes the supporter.
      const held = await q<{ user_id: number; held: number; balance: number }>(sql`
        select l.user_id, sum(l.amount)::int as held,
          (select coalesce(sum(e.amount), 0)::int from ledger_entries e where e.user_id = l.user_id) as balance
        from payout_lines l where l.status = '未払' group by l.user_id`);
      for (const h of held) expect(h.held, `user ${h.user_id}`).toBeLessThanOrEqual(h.balance);
      console.info(
        `[${kind}] ${RACERS} batch builds (${month} x${results.filter((r) => r.month === month).length}, ${other} x${results.filter((r) => r.month === other).length}): created ${results.filter((r) => r.created).length}, batches ${new Set(results.map((r) => r.id)).size}, lines ${lines.length}`,
      );
    });

    /** A live request of demo-cafe ordering `units` posts, with one open offer to supporter@example.com. */
    async function lastUnitRequest(units: number, expiresInMs = 3 * DAY) {
      const supporterId = await userIdOf(t, 'supporter@example.com');
      const ownerId = await userIdOf(t, 'owner@example.com');
      const today = tokyoDate(new Date());
      const [ad] = await q<{ id: number }>(sql`
        insert into advertisements (shop_id, created_by, status, text, platforms, units, reward, starts_on, ends_on, approved_at)
        values (1, ${ownerId}, '配信中', '#PR 最後の1枠', '["x"]'::jsonb, ${units}, 100, ${today},
          ${tokyoDate(new Date(Date.now() + 10 * DAY))}, now())
        returning id`);
      // Every place but the last is taken by an accepted unit of someone else.
      const others = await q<{ id: number }>(sql`
        select id from users where email like 'fan%@example.com' order by id limit ${units - 1}`);
      for (const o of others)
        await t.database.db.execute(sql`
          insert into units (advertisement_id, user_id, reward, status, platform, offered_at, expires_at, accepted_at)
          values (${ad!.id}, ${o.id}, 100, 'accepted', 'x', now(), now() + interval '3 days', now())`);
      const [unit] = await q<{ id: number }>(sql`
        insert into units (advertisement_id, user_id, reward, offered_at, expires_at)
        values (${ad!.id}, ${supporterId}, 100, now(), ${new Date(Date.now() + expiresInMs)}) returning id`);
      return { adId: ad!.id, unitId: unit!.id, supporterId };
    }

    it(`two accepts of the last unit of a request (and ${RACERS}): one accepted unit, one tracking link, every answer 200 [${kind}]`, async () => {
      // Product design section 3.3-3.4: offered -> accepted, and the accepted unit gets one short link.
      for (const racers of [2, RACERS]) {
        const { adId, unitId, supporterId } = await lastUnitRequest(3);
        const links = () =>
          count(
            sql`select count(*)::int as n from short_links where purpose = 'unit' and created_by = ${supporterId}`,
          );
        const linksBefore = await links();
        const answers = await Promise.all(
          Array.from({ length: racers }, () => supporter.post(`/api/units/${unitId}/accept`, {})),
        );
        const statuses = answers.map((a) => a.statusCode);
        const [unit] = await q<{ status: string; short_link_id: number | null }>(
          sql`select status, short_link_id from units where id = ${unitId}`,
        );
        const held = await count(
          sql`select count(*)::int as n from units where advertisement_id = ${adId} and status not in ('declined', 'expired')`,
        );
        console.info(
          `[${kind}] ${racers} accepts of the last unit ${unitId}: statuses ${JSON.stringify(tally(statuses))}, unit ${unit!.status}, new links ${(await links()) - linksBefore}, places held ${held}/3`,
        );
        expect(statuses.every((s) => s === 200)).toBe(true);
        expect(unit!.status).toBe('accepted');
        expect(unit!.short_link_id).not.toBeNull();
        expect((await links()) - linksBefore).toBe(1);
        expect(answers.every((a) => a.json().short_url === answers[0]!.json().short_url)).toBe(true);
        expect(held).toBe(3);
      }
    });

    const ROUNDS = 8;
    it(`the last place answered three ways at once (accept, decline in another tab, the expiry at its deadline): one outcome, never more places than ordered, one replacement offer at most [${kind}]`, async () => {
      // ADR 0063: a declined or expired place goes to the next candidate, once; an accepted one does not.
      const outcomes: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const { adId, unitId } = await lastUnitRequest(1, 5000);
        // Each of the three starts after a few milliseconds chosen by the round (the direct call to the
        // expiry would otherwise always reach the database before the two HTTP calls).
        const random = seeded(round + 1);
        const after = <T>(spread: number, f: () => Promise<T>) =>
          new Promise<T>((resolve, reject) => setTimeout(() => f().then(resolve, reject), random() * spread));
        const [accept, decline] = await Promise.all([
          after(5, () => supporter.post(`/api/units/${unitId}/accept`, {})),
          after(30, () => supporter.post(`/api/units/${unitId}/decline`)),
          after(60, () => t.app.advertisements.expireOffers(new Date(Date.now() + 3600_000))),
        ]);
        const [unit] = await q<{ status: string }>(sql`select status from units where id = ${unitId}`);
        const all = await q<{ status: string }>(
          sql`select status from units where advertisement_id = ${adId} and id <> ${unitId}`,
        );
        const held = await count(
          sql`select count(*)::int as n from units where advertisement_id = ${adId} and status not in ('declined', 'expired')`,
        );
        outcomes.push(unit!.status);
        expect(['accepted', 'declined', 'expired']).toContain(unit!.status);
        expect(held).toBe(1);
        if (unit!.status === 'accepted') {
          expect(accept.statusCode).toBe(200);
          expect(decline.statusCode).toBe(409);
          expect(all).toEqual([]);
        } else {
          expect(accept.statusCode).toBe(409);
          expect(decline.statusCode).toBe(unit!.status === 'declined' ? 200 : 409);
          expect(all.map((u) => u.status)).toEqual(['offered']); // exactly one replacement
        }
      }
      console.info(
        `[${kind}] last place, ${ROUNDS} rounds of accept/decline/expiry: ${JSON.stringify(tally(outcomes))}`,
      );
    });

    it(`a follow/unfollow storm on one shop (10 supporters x 20 clicks, then ${RACERS} follows by one): one row per follower at most, the count equals the rows [${kind}]`, async () => {
      // Product design section 2: favoriters_count is derived from favorites (user, shop), never stored.
      const [shop] = await q<{ id: number }>(sql`select id from shops where screen_name = 'komugisha'`);
      const shopId = shop!.id;
      const [hash] = await q<{ password_hash: string }>(
        sql`select password_hash from users where email = 'supporter@example.com'`,
      );
      const emails = Array.from({ length: 10 }, (_, i) => `storm${i}@example.com`);
      for (const [i, email] of emails.entries())
        await t.database.db.execute(sql`
          insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at)
          values (${email}, ${hash!.password_hash}, ${`嵐 ${i}`}, ${`storm-${i}`}, 3, '承認', now())`);
      const clients = await Promise.all(emails.map((e) => loginAs(t, e)));
      const random = seeded(17);
      const clicks = clients.flatMap((c) => Array.from({ length: 20 }, () => ({ c, on: random() < 0.5 })));
      const answers = await Promise.all(
        clicks.map(({ c, on }) =>
          on
            ? c.post(`/api/shops/${shopId}/favorite`)
            : c.request({ method: 'DELETE', url: `/api/shops/${shopId}/favorite` }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      const rows = () =>
        q<{ user_id: number; n: number }>(
          sql`select user_id, count(*)::int as n from favorites where shop_id = ${shopId} group by user_id`,
        );
      const afterStorm = await rows();
      expect(afterStorm.every((r) => r.n === 1)).toBe(true);
      // Each supporter sees the state the rows say, and everyone sees the count of the rows.
      const views = await Promise.all(clients.map((c) => c.get('/api/profiles/komugisha')));
      const mes = await Promise.all(clients.map((c) => c.get('/api/me')));
      const ids = await Promise.all(emails.map((e) => userIdOf(t, e)));
      const following = new Set(afterStorm.map((r) => Number(r.user_id)));
      for (const [i, v] of views.entries()) {
        expect(v.json().is_favorite, emails[i]).toBe(following.has(ids[i]!));
        expect(v.json().favoriters_count).toBe(afterStorm.length);
        expect(mes[i]!.json().favorites_count, emails[i]).toBe(following.has(ids[i]!) ? 1 : 0);
      }
      // Then one supporter clicks follow 50 times at once: one row, the count up by at most one.
      const lone = clients.find((_, i) => !following.has(ids[i]!)) ?? clients[0]!;
      const burst = await Promise.all(
        Array.from({ length: RACERS }, () => lone.post(`/api/shops/${shopId}/favorite`)),
      );
      expect(burst.every((a) => a.statusCode === 200 && a.json().is_favorite === true)).toBe(true);
      const final = await rows();
      expect(final.every((r) => r.n === 1)).toBe(true);
      expect(final.length).toBe(following.size + (following.has(ids[clients.indexOf(lone)]!) ? 0 : 1));
      expect((await owner.get('/api/profiles/komugisha')).json().favoriters_count).toBe(final.length);
      console.info(
        `[${kind}] follow storm: ${clicks.length} clicks (${clicks.filter((c) => c.on).length} follows), then ${RACERS} follows by one: statuses ${JSON.stringify(tally(answers.concat(burst).map((a) => a.statusCode)))}, followers ${afterStorm.length} -> ${final.length}, rows per follower max ${Math.max(...final.map((r) => r.n))}`,
      );
    });
  });
}
