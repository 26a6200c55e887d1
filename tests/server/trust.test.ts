import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_MESSAGES,
  type Platform,
  REVERSAL_REASONS,
  REWARD_HOLD_DAYS,
  tokyoDate,
  type Unit,
} from '../../contracts/advertisements.ts';
import { payables } from '../../server/features/money/repo.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { balanceOf } from '../../server/platform/ledger.ts';
import { oembedPostChecker } from '../../server/platform/post-checker.ts';
import { startSnsStandin, STANDIN_INSTAGRAM_TOKEN } from '../../server/platform/sns-standin.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 23, product design section 8 ("Who gets an offer", "What a proof must show", "Holding period"): the
 * posts the service pays for. Every test makes its own supporters, request and posts (in the app's SNS
 * stand-in), so each passes alone and in any order, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
 */
const DAY = 86_400_000;
const day = (offset: number) => tokyoDate(new Date(Date.now() + offset * DAY));
const xId = (seq: number, at = new Date()) =>
  ((BigInt(at.getTime()) - 1_288_834_974_657n) << 22n) + BigInt(seq);
const TEXT = '#PR 渋谷の小さなカフェで、季節のケーキを楽しんでください。';
const HASHTAGS = ['渋谷カフェ', 'ケーキ'];

for (const kind of DB_KINDS) {
  describe(`trust in what we pay for (issue 23) [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let owner: TestClient;
    let staff: TestClient;
    let companyId: number;

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
      owner = await loginAs(t, 'owner@example.com');
      staff = await loginAs(t, 'staff@example.com');
      companyId = Number(
        rowsOf<{ company_id: number }>(
          await t.database.db.execute(sql`select company_id from shops where id = 1`),
        )[0]!.company_id,
      );
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await t.database.db.execute(query));

    /** A supporter of this test: review status, role, SNS accounts, following shop 1 or in its company. */
    async function supporter(o: {
      status?: '承認' | '却下' | '審査中';
      role?: 1 | 2 | 3;
      accounts?: { platform: Platform; status?: '承認' | '審査中' | '却下'; handle?: string }[];
      follows?: boolean;
      member?: boolean;
    }) {
      const tag = randomBytes(4).toString('hex');
      const [hash] = await q<{ password_hash: string }>(
        sql`select password_hash from users where email = 'supporter@example.com'`,
      );
      const [user] = await q<{ id: number }>(sql`
        insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at, prefecture)
        values (${`trust-${tag}@example.com`}, ${hash!.password_hash}, ${`検証 ${tag}`}, ${`trust-${tag}`},
          ${o.role ?? 3}, ${o.status ?? '承認'}, now(), '東京都') returning id`);
      const id = Number(user!.id);
      const accounts: { id: number; platform: Platform; handle: string }[] = [];
      for (const a of o.accounts ?? [{ platform: 'x' as Platform }]) {
        const handle = a.handle ?? `t_${a.platform}_${tag}`;
        const [row] = await q<{ id: number }>(sql`
          insert into sns_accounts (user_id, platform, handle, status, ownership_code)
          values (${id}, ${a.platform}, ${handle}, ${a.status ?? '承認'}, ${`FOCUS-${tag}`.slice(0, 12)}) returning id`);
        accounts.push({ id: Number(row!.id), platform: a.platform, handle });
      }
      if (o.follows ?? true)
        await t.database.db.execute(sql`insert into favorites (user_id, shop_id) values (${id}, 1)`);
      if (o.member)
        await t.database.db.execute(
          sql`insert into company_members (company_id, user_id, role) values (${companyId}, ${id}, 'member')`,
        );
      return {
        id,
        accounts,
        email: `trust-${tag}@example.com`,
        login: () => loginAs(t, `trust-${tag}@example.com`),
      };
    }

    /** A live request of demo-cafe (shop 1), through the owner's and staff's API. */
    async function liveRequest(platforms: Platform[], units: number): Promise<number> {
      const created = await owner.post('/api/advertisements', {
        shop_id: 1,
        text: TEXT,
        hashtags: HASHTAGS,
        platforms,
        units,
        reward: 150,
        starts_on: day(0),
        ends_on: day(20),
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      expect((await owner.post(`/api/advertisements/${id}/submit`)).statusCode).toBe(200);
      expect((await staff.post(`/api/advertisements/${id}/approve`)).statusCode).toBe(200);
      return id;
    }
    const offeredTo = async (adId: number) =>
      (
        await q<{ user_id: number }>(
          sql`select user_id from units where advertisement_id = ${adId} and status = 'offered'`,
        )
      ).map((r) => Number(r.user_id));

    /** An accepted unit of a fresh request on `platform` for a fresh supporter with an approved account there. */
    async function acceptedUnit(platform: Platform) {
      const who = await supporter({ accounts: [{ platform }] });
      // Others may be ahead in the queue: enough places for every follower of the shop.
      const adId = await liveRequest([platform], 200);
      const client = await who.login();
      const unit = ((await client.get('/api/units?status=offered')).json().items as Unit[]).find(
        (u) => u.advertisement_id === adId,
      )!;
      expect(unit, 'the fresh supporter got an offer').toBeTruthy();
      const res = await client.post(`/api/units/${unit.id}/accept`);
      expect(res.statusCode, res.body).toBe(200);
      return { who, client, unit: res.json() as Unit, adId, handle: who.accounts[0]!.handle };
    }
    const publish = (platform: Platform, url: string, author: string, text: string) =>
      t.app.snsStandin!.publish({ platform: platform as 'x', url, author, text });

    it('product design 8 "Who gets an offer": only 承認 supporters with an approved account on the platform, never operators or the shop company', async () => {
      const ok = await supporter({});
      const rejected = await supporter({ status: '却下' });
      const waiting = await supporter({ status: '審査中' });
      const instagramOnly = await supporter({ accounts: [{ platform: 'instagram' }] });
      const accountInReview = await supporter({ accounts: [{ platform: 'x', status: '審査中' }] });
      const staffUser = await supporter({ role: 2 });
      const adminUser = await supporter({ role: 1 });
      const member = await supporter({ member: true });
      const adId = await liveRequest(['x'], 200);
      const offered = await offeredTo(adId);
      expect(offered).toContain(ok.id);
      for (const no of [rejected, waiting, instagramOnly, accountInReview, staffUser, adminUser, member])
        expect(offered).not.toContain(no.id);
      // The demo's operators are never offered anything either.
      const [admin] = await q<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
      expect(offered).not.toContain(Number(admin!.id));
    });

    it('issue 23 Offers: the unit carries its platform and SNS account, in lists and GET /api/units/{id}', async () => {
      const who = await supporter({ accounts: [{ platform: 'instagram' }, { platform: 'x' }] });
      const adId = await liveRequest(['x', 'instagram'], 200);
      const client = await who.login();
      const unit = ((await client.get('/api/units?status=offered')).json().items as Unit[]).find(
        (u) => u.advertisement_id === adId,
      )!;
      // The request's first platform the supporter has an approved account on.
      const x = who.accounts.find((a) => a.platform === 'x')!;
      expect(unit).toMatchObject({
        platform: 'x',
        sns_account: { id: x.id, platform: 'x', handle: x.handle },
      });
      expect((await client.get(`/api/units/${unit.id}`)).json().sns_account).toEqual({
        id: x.id,
        platform: 'x',
        handle: x.handle,
      });
      // Taking it on Instagram instead takes the supporter's Instagram account.
      const accepted = (await client.post(`/api/units/${unit.id}/accept`, { platform: 'instagram' })).json();
      expect(accepted.sns_account.platform).toBe('instagram');
      expect((await owner.get(`/api/units/${unit.id}`)).json().sns_account.platform).toBe('instagram');
    });

    it('issue 23 Offers: a supporter set to 却下, or whose matching account is removed, loses the open offer; the place goes to the next', async () => {
      const first = await supporter({});
      const second = await supporter({});
      const third = await supporter({});
      // Places for every candidate ahead of them and one of the three: a request with places for all shows
      // the order (offers are made in the candidates' order).
      const probe = await liveRequest(['x'], 500);
      const order = (
        await q<{ user_id: number }>(
          sql`select user_id from units where advertisement_id = ${probe} order by id`,
        )
      ).map((r) => Number(r.user_id));
      const adId = await liveRequest(['x'], order.indexOf(first.id) + 1);
      expect(await offeredTo(adId)).toContain(first.id);
      expect(await offeredTo(adId)).not.toContain(second.id);
      const res = await staff.put(`/api/users/${first.id}/status`, {
        status: '却下',
        reason: 'プロフィールに虚偽がありました',
      });
      expect(res.statusCode, res.body).toBe(200);
      await expect.poll(() => offeredTo(adId), { timeout: 10_000 }).toContain(second.id);
      expect(await offeredTo(adId)).not.toContain(first.id);
      const [unit] = await q<{ status: string }>(
        sql`select status from units where advertisement_id = ${adId} and user_id = ${first.id}`,
      );
      expect(unit!.status).toBe('expired');
      // The second removes the account the offer is for.
      const client = await second.login();
      expect((await client.delete(`/api/social-accounts/${second.accounts[0]!.id}`)).statusCode).toBe(200);
      await expect.poll(() => offeredTo(adId), { timeout: 10_000 }).toContain(third.id);
      expect(await offeredTo(adId)).not.toContain(second.id);
    });

    it('issue 23 Offers: nobody judges a unit they hold: the owner and staff get 403 on their own unit', async () => {
      const [ownerRow] = await q<{ id: number }>(sql`select id from users where email = 'owner@example.com'`);
      const [staffRow] = await q<{ id: number }>(sql`select id from users where email = 'staff@example.com'`);
      const adId = await liveRequest(['x'], 1);
      for (const [userId, client] of [
        [Number(ownerRow!.id), owner],
        [Number(staffRow!.id), staff],
      ] as const) {
        // A unit made before the rule (or by hand): posted by its own judge.
        const [u] = await q<{ id: number }>(sql`
          insert into units (advertisement_id, user_id, reward, status, platform, post_url, posted_at, post_check, expires_at)
          values (${adId}, ${userId}, 150, 'posted', 'x', ${`https://x.com/self_${userId}/status/${xId(userId)}`}, now(), 'ok',
            now() + interval '3 days') returning id`);
        const approve = await client.post(`/api/units/${u!.id}/approve`);
        expect(approve.statusCode).toBe(403);
        expect(approve.json().message).toBe(AD_MESSAGES.ownUnit);
        expect(
          (await client.post(`/api/units/${u!.id}/reject`, { reason: '投稿が見つからない' })).statusCode,
        ).toBe(403);
        expect(await balanceOf(t.database.db, userId)).toBe(
          (
            await q<{ n: number }>(
              sql`select coalesce(sum(amount), 0)::int as n from ledger_entries where user_id = ${userId}`,
            )
          )[0]!.n,
        );
        const [after] = await q<{ status: string }>(sql`select status from units where id = ${u!.id}`);
        expect(after!.status).toBe('posted');
      }
    });

    it('product design 8 "What a proof must show" (X): by the unit account, #PR first, with the tracking link; each point its own message', async () => {
      const { client, unit, handle } = await acceptedUnit('x');
      const link = unit.short_url!;
      const proof = (post_url: string) => client.post(`/api/units/${unit.id}/proof`, { post_url });
      const refused = async (post_url: string) => {
        const res = await proof(post_url);
        expect(res.statusCode, res.body).toBe(422);
        return res.json().errors.post_url[0] as string;
      };
      // Somebody else's post, however it is written.
      const someone = `https://x.com/someone_else/status/${xId(1)}`;
      publish('x', someone, 'someone_else', `${TEXT}\n${link}`);
      expect(await refused(someone)).toBe(AD_MESSAGES.wrongAuthor('x', handle));
      expect(await refused(`https://mobile.twitter.com/a/status/${xId(2)}`)).toBe(
        AD_MESSAGES.wrongAuthor('x', handle),
      );
      // Not there at all.
      expect(await refused(`https://x.com/${handle}/status/${xId(3)}`)).toBe(AD_MESSAGES.postNotFound);
      // #PR, but not first.
      const late = `https://x.com/${handle}/status/${xId(4)}`;
      publish('x', late, handle, `渋谷のカフェ！ #PR\n${link}`);
      expect(await refused(late)).toBe(AD_MESSAGES.disclosureNotFirst);
      // A longer word that starts with the letters is no disclosure.
      const word = `https://x.com/${handle}/status/${xId(5)}`;
      publish('x', word, handle, `#PRESENT 渋谷のカフェ\n${link}`);
      expect(await refused(word)).toBe(AD_MESSAGES.disclosureNotFirst);
      // No tracking link.
      const bare = `https://x.com/${handle}/status/${xId(6)}`;
      publish('x', bare, handle, TEXT);
      expect(await refused(bare)).toBe(AD_MESSAGES.linkMissing(link));
      // The right post: the handle's case and twitter.com do not matter; leading blanks before #PR are fine.
      const good = `https://twitter.com/${handle.toUpperCase()}/status/${xId(7)}`;
      publish('x', good, handle, `  ${TEXT}\n${link}`);
      const res = await proof(good);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'posted', check: 'ok' });
    });

    it('product design 8 "What a proof must show" (Instagram): the author oEmbed names, #PR first, the request hashtags', async () => {
      const { client, unit, handle } = await acceptedUnit('instagram');
      const proof = (post_url: string) => client.post(`/api/units/${unit.id}/proof`, { post_url });
      const other = 'https://www.instagram.com/p/TrustOther1';
      publish('instagram', other, 'someone_else', `${TEXT}\n#渋谷カフェ #ケーキ`);
      expect((await proof(other)).json().errors.post_url).toEqual([
        AD_MESSAGES.wrongAuthor('instagram', handle),
      ]);
      const noTags = `https://www.instagram.com/p/TrustNoTags${unit.id}`;
      publish('instagram', noTags, handle, `${TEXT}\n#渋谷カフェ`);
      expect((await proof(noTags)).json().errors.post_url).toEqual([AD_MESSAGES.hashtagsMissing(HASHTAGS)]);
      const good = `https://www.instagram.com/p/TrustGood${unit.id}`;
      publish('instagram', good, handle, `広告 季節のケーキ #渋谷カフェ #ケーキ`);
      const res = await proof(good);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().check).toBe('ok');
    });

    it('product design 8 "unknown is not yes": a platform that cannot be asked gives check unknown, never approved automatically', async () => {
      const { client, unit, handle } = await acceptedUnit('x');
      const url = `https://x.com/${handle}/status/${xId(11)}`;
      publish('x', url, handle, `${TEXT}\n${unit.short_url}`);
      t.app.snsStandin!.mode = 'down';
      let res;
      try {
        res = await client.post(`/api/units/${unit.id}/proof`, { post_url: url });
      } finally {
        t.app.snsStandin!.mode = 'up';
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'posted', check: 'unknown', auto_approve_at: null });
      const later = new Date(Date.now() + 8 * DAY);
      t.app.snsStandin!.mode = 'down';
      try {
        expect(await t.app.advertisements.autoApprove(unit.id, later)).toBe(false);
        await t.app.advertisements.autoApproveDue(later);
      } finally {
        t.app.snsStandin!.mode = 'up';
      }
      expect((await owner.get(`/api/units/${unit.id}`)).json().status).toBe('posted');
      // Asked again once the platform answers, the post is seen and approved.
      expect(await t.app.advertisements.autoApprove(unit.id, later)).toBe(true);
      expect((await owner.get(`/api/units/${unit.id}`)).json()).toMatchObject({
        status: 'approved',
        check: 'ok',
      });
    });

    it('product design 8: LINE VOOM has no oEmbed: its proofs wait for the shop (check unknown)', async () => {
      const { client, unit, handle } = await acceptedUnit('line_voom');
      const res = await client.post(`/api/units/${unit.id}/proof`, {
        post_url: `https://linevoom.line.me/post/${handle}Post${unit.id}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().check).toBe('unknown');
      expect(await t.app.advertisements.autoApprove(unit.id, new Date(Date.now() + 8 * DAY))).toBe(false);
    });

    /** A unit approved by the owner, with its post in the stand-in. */
    async function approvedUnit() {
      const ctx = await acceptedUnit('x');
      const url = `https://x.com/${ctx.handle}/status/${xId(ctx.unit.id)}`;
      publish('x', url, ctx.handle, `${TEXT}\n${ctx.unit.short_url}`);
      expect((await ctx.client.post(`/api/units/${ctx.unit.id}/proof`, { post_url: url })).statusCode).toBe(
        200,
      );
      const res = await owner.post(`/api/units/${ctx.unit.id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      return { ...ctx, url, approved: res.json() as Unit };
    }
    const billed = async (adId: number) =>
      (await q<{ n: number }>(sql`select approved_units as n from bills where advertisement_id = ${adId}`))[0]
        ?.n;

    it('product design 8 "Holding period": 確定待ち for 7 days (not payable), then 確定 when the post is still there', async () => {
      const { who, client, unit, approved } = await approvedUnit();
      expect(approved.reward_state).toBe('holding');
      expect(Date.parse(approved.confirms_at!) - Date.parse(approved.judged_at!)).toBe(
        REWARD_HOLD_DAYS * DAY,
      );
      const rewards = (await client.get('/api/rewards')).json();
      expect(rewards).toMatchObject({ holding: 150, balance: 0 });
      expect(rewards.items[0]).toMatchObject({ amount: 150, state: 'holding' });
      expect(await balanceOf(t.database.db, who.id)).toBe(150);
      // Payout batches pay only 確定 rewards.
      const before = await payables(t.database.db, new Date(Date.now() + DAY), new Date(0), 0);
      expect(before.find((p) => p.userId === who.id)).toBeUndefined();
      // Not due before the hold is over.
      expect(await t.app.advertisements.confirmReward(unit.id, new Date(Date.now() + DAY))).toBeNull();
      expect(await t.app.advertisements.confirmReward(unit.id, new Date(Date.now() + 8 * DAY))).toBe(
        'confirmed',
      );
      const after = (await client.get('/api/rewards')).json();
      expect(after).toMatchObject({ holding: 0, balance: 150 });
      expect(after.items[0].state).toBe('confirmed');
      expect((await client.get(`/api/units/${unit.id}`)).json().reward_state).toBe('confirmed');
    });

    it('product design 8 "Holding period", ADR 0205: the approval sends no job of its own; the sweep every 10 minutes (Japan time) confirms the due reward', async () => {
      const { unit } = await approvedUnit();
      const jobs = await q<{ n: number }>(
        sql`select count(*)::int as n from pgboss.job where name = 'ad-confirm-reward' and data->>'unitId' = ${String(unit.id)}`,
      );
      expect(jobs[0]!.n).toBe(0);
      const schedule = await q<{ cron: string; timezone: string }>(
        sql`select cron, timezone from pgboss.schedule where name = 'ad-confirm-due'`,
      );
      expect(schedule).toEqual([{ cron: '*/10 * * * *', timezone: 'Asia/Tokyo' }]);
      const state = async () =>
        (
          await q<{ confirmed: boolean }>(
            sql`select confirmed_at is not null as confirmed from units where id = ${unit.id}`,
          )
        )[0]!.confirmed;
      await t.app.advertisements.confirmDue(new Date(Date.now() + DAY));
      expect(await state()).toBe(false); // not due yet
      expect(
        await t.app.advertisements.confirmDue(new Date(Date.now() + REWARD_HOLD_DAYS * DAY + 60_000)),
      ).toBeGreaterThan(0);
      expect(await state()).toBe(true);
    });

    it('product design 8 "Holding period": a post gone at the check is reversed once (ledger debit), both told by mail, the shop not billed', async () => {
      const { who, client, unit, url, adId } = await approvedUnit();
      expect(await billed(adId)).toBe(1);
      t.app.snsStandin!.remove(url);
      const at = new Date(Date.now() + 8 * DAY);
      const [a, b] = await Promise.all([
        t.app.advertisements.confirmReward(unit.id, at),
        t.app.advertisements.confirmReward(unit.id, at),
      ]);
      expect([a, b].filter((r) => r === 'reversed')).toHaveLength(1);
      expect(await t.app.advertisements.confirmReward(unit.id, at)).toBeNull();
      const debits = await q<{ amount: number; kind: string; idempotency_key: string }>(
        sql`select amount, kind, idempotency_key from ledger_entries where user_id = ${who.id} and amount < 0`,
      );
      expect(debits).toEqual([
        { amount: -150, kind: 'reward_reversal', idempotency_key: `unit:${unit.id}:reversal` },
      ]);
      expect(await balanceOf(t.database.db, who.id)).toBe(0);
      expect(await billed(adId)).toBe(0);
      const shown = (await client.get(`/api/units/${unit.id}`)).json();
      expect(shown).toMatchObject({
        status: 'reversed',
        reward_state: 'reversed',
        reversal_reason: REVERSAL_REASONS.gone,
      });
      await expect
        .poll(
          () =>
            mail.to(who.email).find((m) => m.subject.startsWith('【Focustar】報酬が取り消されました'))?.text,
          {
            timeout: 15_000,
          },
        )
        .toContain(REVERSAL_REASONS.gone);
      await expect
        .poll(
          () => mail.to('owner@example.com').some((m) => m.text.includes('この投稿の分はご請求しません')),
          {
            timeout: 15_000,
          },
        )
        .toBe(true);
      // Staff override with a note: credited again once, billed again.
      expect((await staff.post(`/api/units/${unit.id}/reinstate`, { note: '' })).statusCode).toBe(422);
      const back = await staff.post(`/api/units/${unit.id}/reinstate`, {
        note: '投稿は別のURLで残っていました',
      });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json()).toMatchObject({ status: 'approved', reward_state: 'confirmed' });
      expect((await staff.post(`/api/units/${unit.id}/reinstate`, { note: 'もう一度' })).statusCode).toBe(
        409,
      );
      expect(await balanceOf(t.database.db, who.id)).toBe(150);
      expect(await billed(adId)).toBe(1);
    });

    it('product design 8 "Holding period": the disclosure taken off the front at the check reverses the reward', async () => {
      const { who, unit, url, handle } = await approvedUnit();
      publish('x', url, handle, `季節のケーキ #PR ${unit.short_url}`);
      expect(await t.app.advertisements.confirmReward(unit.id, new Date(Date.now() + 8 * DAY))).toBe(
        'reversed',
      );
      const [row] = await q<{ reversal_reason: string }>(
        sql`select reversal_reason from units where id = ${unit.id}`,
      );
      expect(row!.reversal_reason).toBe(REVERSAL_REASONS.disclosure);
      expect(await balanceOf(t.database.db, who.id)).toBe(0);
    });

    it('the oEmbed client reads each platform as the stand-in answers it, errors included (X 404/403, TikTok 400, Instagram OAuthException)', async () => {
      const sns = await startSnsStandin();
      try {
        const checker = oembedPostChecker({ baseUrl: sns.url, instagramToken: STANDIN_INSTAGRAM_TOKEN });
        sns.publish({
          platform: 'x',
          url: 'https://x.com/hanako/status/1',
          author: 'hanako',
          text: '#PR こんにちは https://f.example/s/abc',
        });
        sns.publish({
          platform: 'x',
          url: 'https://x.com/hanako/status/2',
          author: 'hanako',
          text: '#PR',
          protected: true,
        });
        sns.publish({
          platform: 'tiktok',
          url: 'https://www.tiktok.com/@sho/video/7',
          author: 'sho',
          text: '広告 たのしい',
        });
        sns.publish({
          platform: 'instagram',
          url: 'https://www.instagram.com/p/Abc123',
          author: 'misaki',
          text: '#PR & ケーキ',
        });
        expect(await checker.check('x', 'https://x.com/hanako/status/1')).toMatchObject({
          status: 'found',
          author: 'hanako',
          text: '#PR こんにちは f.example/s/abc',
          hasDisclosure: true,
        });
        expect((await checker.check('x', 'https://x.com/hanako/status/2')).status).toBe('gone');
        expect((await checker.check('x', 'https://x.com/hanako/status/3')).status).toBe('gone');
        expect(await checker.check('tiktok', 'https://tiktok.com/@sho/video/7')).toMatchObject({
          status: 'found',
          author: 'sho',
        });
        expect((await checker.check('tiktok', 'https://tiktok.com/@sho/video/8')).status).toBe('gone');
        expect(await checker.check('instagram', 'https://instagram.com/p/Abc123')).toMatchObject({
          status: 'found',
          author: 'misaki',
          text: '#PR & ケーキ',
        });
        expect((await checker.check('instagram', 'https://instagram.com/p/Nope1')).status).toBe('gone');
        // Without a token (or with a wrong one) Instagram cannot be asked: unknown, never found.
        expect(
          (await oembedPostChecker({ baseUrl: sns.url }).check('instagram', 'https://instagram.com/p/Abc123'))
            .status,
        ).toBe('unknown');
        expect(
          (
            await oembedPostChecker({ baseUrl: sns.url, instagramToken: 'wrong' }).check(
              'instagram',
              'https://instagram.com/p/Abc123',
            )
          ).status,
        ).toBe('unknown');
        expect((await checker.check('line_voom', 'https://linevoom.line.me/post/1234567')).status).toBe(
          'unknown',
        );
        sns.mode = 'slow';
        const slow = oembedPostChecker({ baseUrl: sns.url, timeoutMs: 200 });
        expect((await slow.check('x', 'https://x.com/hanako/status/1')).status).toBe('unknown');
      } finally {
        await sns.close();
      }
    });
  });
}
