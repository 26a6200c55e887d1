import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECRUITMENT_MESSAGES as M, recruitmentSchema } from '../../contracts/recruitments.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { createAccountsApp, loginAs, userIdOf } from './helpers.ts';

/**
 * Issue 23 "Recruitments" and "Also" (product design section 8): who may apply, the draw after the
 * application period (or after staff closed it early with a reason), redraws only for a winner who
 * declined or whom staff cancelled with a reason, and the shops' view of the supporters' approved SNS
 * accounts. Each test makes its own recruitment and the accounts it needs, so it passes alone.
 */

type Platform = 'x' | 'instagram' | 'tiktok';

const tokyoDay = (offsetDays: number) =>
  new Date(Date.now() + 9 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);

const draftBody = (overrides: Record<string, unknown> = {}) => ({
  shop_id: 1,
  title: '季節のパフェのモニター募集',
  description: '季節のパフェを召し上がって、感想を投稿してください。',
  benefit: 'パフェ1名様分',
  benefit_value: 1500,
  winners_count: 1,
  application_starts_at: tokyoDay(-1),
  application_ends_at: tokyoDay(7),
  visit_starts_at: tokyoDay(8),
  visit_ends_at: tokyoDay(30),
  platform: 'instagram',
  conditions: '#PR を最初に入れて、パフェの写真と感想を投稿してください。',
  target_audience: 'everyone',
  ...overrides,
});

for (const kind of DB_KINDS) {
  describe(`recruitments: trust (issue 23) [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let staff: TestClient;
    let owner: TestClient;
    let guest: TestClient;
    const clients = new Map<string, TestClient>();
    const as = async (email: string) => {
      if (!clients.has(email)) clients.set(email, await loginAs(t, email));
      return clients.get(email)!;
    };
    let handles = 0;

    /** The user holds an approved account on the platform (added if missing). */
    const approvedAccount = async (email: string, platform: Platform) => {
      const userId = await userIdOf(t, email);
      handles += 1;
      await t.database.db.execute(sql`insert into sns_accounts (user_id, platform, handle, follower_count,
          status, ownership_code)
        select ${userId}, ${platform}, ${`trust_${kind}_${handles}`}, 300, '承認', ${`FOCUS-T${handles}`}
        where not exists (select 1 from sns_accounts where user_id = ${userId} and platform = ${platform}
          and status = '承認')`);
    };
    const noAccount = async (email: string, platform: Platform) => {
      const userId = await userIdOf(t, email);
      await t.database.db.execute(
        sql`delete from sns_accounts where user_id = ${userId} and platform = ${platform}`,
      );
    };
    /** A recruitment of shop 1 (the owner's company's) opened now; its deadline is a week away. */
    const openRecruitment = async (overrides: Record<string, unknown> = {}) => {
      const created = await staff.post('/api/recruitments', draftBody(overrides));
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect((await staff.put(`/api/recruitments/${id}/status`, { status: '募集中' })).statusCode).toBe(200);
      return id;
    };
    const pastDeadline = (id: number) =>
      t.database.db.execute(
        sql`update recruitments set application_ends_at = now() - interval '1 minute' where id = ${id}`,
      );
    const apply = async (id: number, email: string, platform: Platform = 'instagram') => {
      await approvedAccount(email, platform);
      const res = await (await as(email)).post(`/api/recruitments/${id}/entries`, {});
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const published = async (id: number) =>
      recruitmentSchema.parse((await guest.get(`/api/recruitments/${id}`)).json());
    /** The ranking of the published seed, recomputed from the issue 15 rules with node:crypto. */
    const ranking = (r: { id: number; seed: string | null; entry_ids: number[] | null }) =>
      [...(r.entry_ids ?? [])]
        .map((e) => ({
          e,
          mac: createHmac('sha256', Buffer.from(r.seed!, 'hex')).update(`${r.id}:${e}`).digest('hex'),
        }))
        .sort((a, b) => a.mac.localeCompare(b.mac))
        .map((x) => x.e);
    const SUPPORTERS = ['supporter@example.com', 'fan1@example.com', 'fan2@example.com'];
    /** A drawn lottery of one winner among the three supporters; answers the entries by email. */
    const drawnLottery = async () => {
      const id = await openRecruitment();
      const entryOf = new Map<string, number>();
      for (const email of SUPPORTERS) entryOf.set(email, await apply(id, email));
      await pastDeadline(id);
      const drawn = await staff.post(`/api/recruitments/${id}/draw`);
      expect(drawn.statusCode, drawn.body).toBe(200);
      const winner = drawn.json().winner_entry_ids[0] as number;
      const winnerEmail = [...entryOf].find(([, e]) => e === winner)![0];
      return { id, entryOf, winner, winnerEmail };
    };

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
      staff = await as('staff@example.com');
      owner = await as('owner@example.com');
      guest = new TestClient(t.app);
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    it('issue 23 Recruitments: operators and members of the shop’s company get 403, each with its reason', async () => {
      const id = await openRecruitment();
      for (const email of ['staff@example.com', 'admin@example.com']) {
        await approvedAccount(email, 'instagram');
        const res = await (await as(email)).post(`/api/recruitments/${id}/entries`, {});
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(M.operatorCannotApply);
      }
      await approvedAccount('owner@example.com', 'instagram');
      const own = await owner.post(`/api/recruitments/${id}/entries`, {});
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toBe(M.shopMemberCannotApply);
      // The public page tells the signed-in caller beforehand; a guest is only asked to log in.
      expect((await owner.get(`/api/recruitments/${id}`)).json().apply_problem).toBe(M.shopMemberCannotApply);
      expect((await guest.get(`/api/recruitments/${id}`)).json().apply_problem).toBeNull();
      const rows = await t.database.db.execute(
        sql`select count(*)::int as n from entries where recruitment_id = ${id}`,
      );
      expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });

    it('issue 23 Recruitments: only an approved supporter with an approved SNS account on the recruitment’s platform applies', async () => {
      const id = await openRecruitment({ platform: 'tiktok' });
      const fan3 = 'fan3@example.com';
      const fan3Id = await userIdOf(t, fan3);
      const client = await as(fan3);
      // No account on TikTok (an approved Instagram account does not count; a pending TikTok one neither).
      await noAccount(fan3, 'tiktok');
      await approvedAccount(fan3, 'instagram');
      await t.database.db
        .execute(sql`insert into sns_accounts (user_id, platform, handle, status, ownership_code)
        values (${fan3Id}, 'tiktok', ${`pending_${kind}_fan3`}, '審査中', 'FOCUS-PEND')`);
      const none = await client.post(`/api/recruitments/${id}/entries`, {});
      expect(none.statusCode).toBe(403);
      expect(none.json().message).toBe(M.noApprovedSnsAccount('TikTok'));
      expect((await client.get(`/api/recruitments/${id}`)).json().apply_problem).toBe(
        M.noApprovedSnsAccount('TikTok'),
      );
      // A supporter under review or rejected (却下) does not apply, account or not.
      await noAccount(fan3, 'tiktok');
      await approvedAccount(fan3, 'tiktok');
      try {
        for (const status of ['却下', '審査中']) {
          await t.database.db.execute(sql`update users set status = ${status} where id = ${fan3Id}`);
          const refused = await client.post(`/api/recruitments/${id}/entries`, {});
          expect(refused.statusCode).toBe(403);
          expect(refused.json().message).toBe(M.supporterNotApproved);
        }
      } finally {
        await t.database.db.execute(sql`update users set status = '承認' where id = ${fan3Id}`);
      }
      expect((await client.get(`/api/recruitments/${id}`)).json().apply_problem).toBeNull();
      const ok = await client.post(`/api/recruitments/${id}/entries`, {});
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it('issue 23 Recruitments: no draw and no manual pick (409) before the application period ends; moving to 選考中 early needs the close action', async () => {
      const id = await openRecruitment();
      const entry = await apply(id, 'supporter@example.com');
      const draw = await staff.post(`/api/recruitments/${id}/draw`);
      expect(draw.statusCode).toBe(409);
      expect(draw.json().message).toBe(M.beforeDeadline);
      const pick = await staff.post(`/api/recruitments/${id}/winners`, { entry_ids: [entry] });
      expect(pick.statusCode).toBe(409);
      expect(pick.json().message).toBe(M.beforeDeadline);
      const move = await staff.put(`/api/recruitments/${id}/status`, { status: '選考中' });
      expect(move.statusCode).toBe(409);
      expect(move.json().message).toBe(M.closeNeedsReason);
      expect((await published(id)).status).toBe('募集中');
      // After the deadline the draw runs (the clock has not moved it yet).
      await pastDeadline(id);
      expect((await staff.post(`/api/recruitments/${id}/draw`)).statusCode).toBe(200);
    });

    it('ADR 0217: 締め切る after the clock already closed it is done, not refused: 200, nothing changes, nothing audited', async () => {
      const id = await openRecruitment();
      await pastDeadline(id);
      const actions = async () =>
        rowsOf<{ action: string }>(
          await t.database.db.execute(
            sql`select action from audit_log where target_table = 'recruitments' and target_id = ${String(id)} order by id`,
          ),
        ).map((r) => r.action);
      expect((await t.app.recruitments.tick()).closed).toBeGreaterThanOrEqual(1);
      expect((await published(id)).status).toBe('選考中');
      const before = await actions();
      const again = await staff.put(`/api/recruitments/${id}/status`, { status: '選考中' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().status).toBe('選考中');
      expect(await actions()).toEqual(before);
      // A move the recruitment cannot make is still refused with the two statuses named.
      const back = await staff.put(`/api/recruitments/${id}/status`, { status: '募集中' });
      expect(back.statusCode).toBe(409);
      expect(back.json().message).toBe(M.badTransition('選考中', '募集中'));
    });

    it('issue 23 Recruitments: staff close applications early with a reason; the public page shows it with the time; then the draw runs', async () => {
      const id = await openRecruitment();
      await apply(id, 'supporter@example.com');
      expect((await staff.post(`/api/recruitments/${id}/close`, {})).statusCode).toBe(422);
      const blank = await staff.post(`/api/recruitments/${id}/close`, { reason: '   ' });
      expect(blank.statusCode).toBe(422);
      expect(Object.keys(blank.json().errors)).toEqual(['reason']);
      expect((await owner.post(`/api/recruitments/${id}/close`, { reason: '店の都合' })).statusCode).toBe(
        403,
      );
      const reason = '仕入れの都合で、用意できる数に達したため';
      const before = Date.now();
      const closed = await staff.post(`/api/recruitments/${id}/close`, { reason });
      expect(closed.statusCode, closed.body).toBe(200);
      const pub = await published(id);
      expect(pub.status).toBe('選考中');
      expect(pub.closed_early?.reason).toBe(reason);
      expect(new Date(pub.closed_early!.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
      const stored = await t.database.db.execute(
        sql`select closed_early_by from recruitments where id = ${id}`,
      );
      expect((stored as unknown as { rows: { closed_early_by: number }[] }).rows[0]!.closed_early_by).toBe(
        await userIdOf(t, 'staff@example.com'),
      );
      // Closed: nobody applies any more, and a second close is refused.
      await approvedAccount('fan1@example.com', 'instagram');
      expect(
        (await (await as('fan1@example.com')).post(`/api/recruitments/${id}/entries`, {})).statusCode,
      ).toBe(409);
      const again = await staff.post(`/api/recruitments/${id}/close`, { reason });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(M.notClosable);
      const drawn = await staff.post(`/api/recruitments/${id}/draw`);
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect((await published(id)).closed_early?.reason).toBe(reason);
    });

    it('issue 23 Recruitments: a supporter who may no longer apply when the draw comes (rejected, account withdrawn) is not drawn and is 落選', async () => {
      const id = await openRecruitment({ winners_count: 3 });
      const entryOf = new Map<string, number>();
      for (const email of SUPPORTERS) entryOf.set(email, await apply(id, email));
      const fan1 = await userIdOf(t, 'fan1@example.com');
      await t.database.db.execute(sql`update users set status = '却下' where id = ${fan1}`);
      await noAccount('fan2@example.com', 'instagram');
      try {
        await pastDeadline(id);
        const drawn = await staff.post(`/api/recruitments/${id}/draw`);
        expect(drawn.statusCode, drawn.body).toBe(200);
        const only = entryOf.get('supporter@example.com')!;
        expect(drawn.json()).toMatchObject({ entry_ids: [only], winner_entry_ids: [only] });
        for (const email of ['fan1@example.com', 'fan2@example.com'])
          expect((await (await as(email)).get(`/api/entries/${entryOf.get(email)}`)).json().status).toBe(
            '落選',
          );
      } finally {
        await t.database.db.execute(sql`update users set status = '承認' where id = ${fan1}`);
      }
    });

    it('issue 23 Recruitments: a redraw with no winner who declined or was cancelled is 409; staff cannot declare a decline', async () => {
      const { id, winner } = await drawnLottery();
      const res = await staff.post(`/api/recruitments/${id}/redraw`, { entry_id: winner });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.nothingToReplace);
      const loser = (await published(id)).entry_ids!.find((e) => e !== winner)!;
      expect((await staff.post(`/api/recruitments/${id}/redraw`, { entry_id: loser })).statusCode).toBe(409);
      // Only the winner declines their own place: for anyone else the entry does not exist.
      expect((await staff.post(`/api/entries/${winner}/decline`)).statusCode).toBe(404);
      expect((await published(id)).winner_entry_ids).toEqual([winner]);
    });

    it('issue 23 Recruitments: a winner declines; the redraw takes the next rank of the same seed; the public page lists the replacement with its reason and time', async () => {
      const { id, entryOf, winner, winnerEmail } = await drawnLottery();
      const loserEmail = [...entryOf].find(([e]) => e !== winnerEmail)![0];
      const notWinner = await (await as(loserEmail)).post(`/api/entries/${entryOf.get(loserEmail)}/decline`);
      expect(notWinner.statusCode).toBe(409);
      expect(notWinner.json().message).toBe(M.notDeclinable);
      const declined = await (await as(winnerEmail)).post(`/api/entries/${winner}/decline`);
      expect(declined.statusCode, declined.body).toBe(200);
      expect(declined.json().status).toBe('辞退');
      const before = await published(id);
      expect(before.replacements).toEqual([
        expect.objectContaining({
          entry_id: winner,
          kind: 'declined',
          reason: M.declinedReason,
          replaced_by_entry_id: null,
        }),
      ]);
      const redrawn = await staff.post(`/api/recruitments/${id}/redraw`, { entry_id: winner });
      expect(redrawn.statusCode, redrawn.body).toBe(200);
      const after = await published(id);
      expect(after.seed).toBe(before.seed);
      const ranked = ranking(after);
      expect(after.winner_entry_ids).toEqual(ranked.slice(0, 2));
      expect(after.declined_entry_ids).toEqual([winner]);
      expect(after.replacements).toHaveLength(1);
      expect(after.replacements[0]).toMatchObject({
        entry_id: winner,
        kind: 'declined',
        reason: M.declinedReason,
        replaced_by_entry_id: ranked[1],
      });
      expect(after.replacements[0]!.replaced_at).not.toBeNull();
      // The place is given once.
      expect((await staff.post(`/api/recruitments/${id}/redraw`, { entry_id: winner })).statusCode).toBe(409);
    });

    it('issue 23 Recruitments: staff cancel a win with a reason (the winner is told by mail); the redraw replaces it and the public page lists the reason', async () => {
      const { id, winner, winnerEmail } = await drawnLottery();
      expect((await staff.post(`/api/entries/${winner}/cancel`, { reason: '' })).statusCode).toBe(422);
      expect(
        (await owner.post(`/api/entries/${winner}/cancel`, { reason: '来店されないため' })).statusCode,
      ).toBe(403);
      const reason = '来店期間中に一度も来店されなかったため';
      const cancelled = await staff.post(`/api/entries/${winner}/cancel`, { reason });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().replacements[0]).toMatchObject({ entry_id: winner, kind: 'cancelled', reason });
      expect((await (await as(winnerEmail)).get(`/api/entries/${winner}`)).json().status).toBe('当選取消');
      let told = mail.to(winnerEmail).find((m) => m.subject.includes('取り消されました'));
      for (let waited = 0; !told && waited < 20_000; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        told = mail.to(winnerEmail).find((m) => m.subject.includes('取り消されました'));
      }
      expect(told?.text).toContain(reason);
      // Cancelled twice: the second is refused, the place is not freed twice.
      expect((await staff.post(`/api/entries/${winner}/cancel`, { reason })).statusCode).toBe(409);
      const redrawn = await staff.post(`/api/recruitments/${id}/redraw`, { entry_id: winner });
      expect(redrawn.statusCode, redrawn.body).toBe(200);
      const after = await published(id);
      expect(after.winner_entry_ids).toEqual(ranking(after).slice(0, 2));
      expect(after.replacements).toEqual([
        expect.objectContaining({
          entry_id: winner,
          kind: 'cancelled',
          reason,
          replaced_by_entry_id: ranking(after)[1],
        }),
      ]);
    });

    it('issue 23 Recruitments: applications racing an early close and the draw: every entry written is in the frozen list (commit-reveal keeps its entries)', async () => {
      const id = await openRecruitment({ winners_count: 2 });
      const emails = [...SUPPORTERS, 'fan3@example.com'];
      for (const email of emails) await approvedAccount(email, 'instagram');
      const clients = await Promise.all(emails.map((e) => as(e)));
      const first = await clients[0]!.post(`/api/recruitments/${id}/entries`, {});
      expect(first.statusCode).toBe(201);
      const closeThenDraw = async () => {
        const closed = await staff.post(`/api/recruitments/${id}/close`, { reason: '競合の確認' });
        expect(closed.statusCode, closed.body).toBe(200);
        return staff.post(`/api/recruitments/${id}/draw`);
      };
      const [drawn, ...applied] = await Promise.all([
        closeThenDraw(),
        ...clients.slice(1).map((c) => c.post(`/api/recruitments/${id}/entries`, {})),
      ]);
      expect(drawn!.statusCode, drawn!.body).toBe(200);
      for (const a of applied) expect([201, 409]).toContain(a.statusCode);
      const rows = rowsOf<{ id: number; status: string }>(
        await t.database.db.execute(
          sql`select id, status from entries where recruitment_id = ${id} order by id`,
        ),
      );
      const pub = await published(id);
      expect(pub.entry_ids).toEqual(rows.map((r) => Number(r.id)));
      expect(rows.every((r) => r.status !== '応募中')).toBe(true);
      expect(applied.filter((a) => a.statusCode === 201)).toHaveLength(rows.length - 1);
    });

    it.runIf(kind === 'postgres')(
      'issue 23 Recruitments: an entry sent while an early close is committing is refused, not slipped in after it',
      async () => {
        const id = await openRecruitment();
        await approvedAccount('fan1@example.com', 'instagram');
        const fan1 = await as('fan1@example.com');
        await fan1.get('/api/csrf-cookie');
        let applying: ReturnType<TestClient['post']> | undefined;
        // A close holds the row (as the close and the draw do) while the entry is on its way.
        await t.database.db.transaction(async (tx) => {
          await tx.execute(sql`select id from recruitments where id = ${id} for update`);
          applying = fan1.post(`/api/recruitments/${id}/entries`, {});
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`update recruitments set status = '選考中', closed_early_at = now(),
            close_reason = '競合の確認' where id = ${id}`);
        });
        const res = await applying!;
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(M.closed);
        const rows = rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`select count(*)::int as n from entries where recruitment_id = ${id}`,
          ),
        );
        expect(rows[0]!.n).toBe(0);
      },
    );

    it('issue 23 Also: a recruitment’s entries show the supporters’ approved SNS accounts (sns_accounts), the recruitment’s platform first', async () => {
      const id = await openRecruitment({ platform: 'x' });
      const email = 'fan2@example.com';
      const userId = await userIdOf(t, email);
      await noAccount(email, 'x');
      await noAccount(email, 'tiktok');
      await t.database.db
        .execute(sql`insert into sns_accounts (user_id, platform, handle, follower_count, status, ownership_code)
        values (${userId}, 'tiktok', ${`sho_${kind}_tt`}, 5400, '承認', 'FOCUS-A1'),
               (${userId}, 'x', ${`sho_${kind}_x`}, 800, '承認', 'FOCUS-A2')`);
      // A login link (social_accounts) is not an account to post from.
      await t.database.db
        .execute(sql`insert into social_accounts (user_id, provider, provider_user_id, handle, status)
        values (${userId}, 'google', ${`g-${kind}-fan2`}, 'sho_google', '承認') on conflict do nothing`);
      const entry = await apply(id, email, 'x');
      const items = (await owner.get(`/api/recruitments/${id}/entries`)).json().items;
      const mine = items.find((e: { id: number }) => e.id === entry);
      expect(mine.sns[0]).toEqual({
        platform: 'x',
        handle: `sho_${kind}_x`,
        profile_url: `https://x.com/sho_${kind}_x`,
        follower_count: 800,
      });
      expect(mine.sns).toContainEqual({
        platform: 'tiktok',
        handle: `sho_${kind}_tt`,
        profile_url: `https://www.tiktok.com/@sho_${kind}_tt`,
        follower_count: 5400,
      });
      expect(mine.sns.every((a: { platform: string }) => a.platform !== 'line_voom')).toBe(true);
      expect(JSON.stringify(mine.sns)).not.toContain('sho_google');
    });

    it("issue 23 Recruitments: a winner's post follows the proof rules (the winner's account, #PR first; unknown is never approved automatically)", async () => {
      const { id, winner, winnerEmail } = await drawnLottery();
      const client = await as(winnerEmail);
      expect((await owner.post(`/api/entries/${winner}/visit`)).statusCode).toBe(200);
      const [account] = rowsOf<{ handle: string }>(
        await t.database.db.execute(sql`
          select sa.handle from sns_accounts sa join entries e on e.user_id = sa.user_id
          where e.id = ${winner} and sa.platform = 'instagram' and sa.status = '承認' order by sa.id limit 1`),
      );
      const sns = t.app.snsStandin!;
      const post = (url: string) => client.post(`/api/entries/${winner}/post`, { post_url: url });
      sns.publish({
        platform: 'instagram',
        url: `https://www.instagram.com/p/Other${id}x`,
        author: 'someone_else',
        text: '#PR 試食しました',
      });
      const other = await post(`https://www.instagram.com/p/Other${id}x`);
      expect(other.statusCode).toBe(422);
      expect(other.json().errors.post_url[0]).toContain(`@${account!.handle}`);
      sns.publish({
        platform: 'instagram',
        url: `https://www.instagram.com/p/Late${id}x`,
        author: account!.handle,
        text: '試食しました #PR',
      });
      expect((await post(`https://www.instagram.com/p/Late${id}x`)).json().errors.post_url).toEqual([
        M.postNoDisclosure,
      ]);
      // The platform cannot be asked: accepted for the shop to judge, never approved by the 7-day rule.
      sns.mode = 'down';
      let res;
      try {
        res = await post(`https://www.instagram.com/p/Down${id}x`);
      } finally {
        sns.mode = 'up';
      }
      expect(res.statusCode, res.body).toBe(200);
      await t.database.db.execute(
        sql`update entries set posted_at = now() - interval '30 days' where id = ${winner}`,
      );
      await t.app.recruitments.autoApprovePosts();
      const [row] = rowsOf<{ status: string; post_check: string }>(
        await t.database.db.execute(sql`select status, post_check from entries where id = ${winner}`),
      );
      expect(row).toEqual({ status: '投稿済', post_check: 'unknown' });
    });
  });
}
