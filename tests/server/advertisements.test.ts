import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AD_MESSAGES,
  FIELD_MESSAGES,
  PAGE_SIZE,
  postPeriodError,
  postTimeOfUrl,
  rewardsSchema,
  tokyoDate,
  type Advertisement,
  type Unit,
} from '../../contracts/advertisements.ts';
import { quote } from '../../contracts/pricing.ts';
import sharp from 'sharp';
import { rowsOf } from '../../server/platform/db/client.ts';
import { balanceOf } from '../../server/platform/ledger.ts';
import { pruneVisitors } from '../../server/platform/short-links.ts';
import { PRUNE_VISITORS_JOB } from '../../server/features/short-links/setup.ts';
import type { TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { multipart } from '../support/multipart.ts';
import { createAccountsApp, JAPANESE, loginAs, userIdOf } from './helpers.ts';

/**
 * Issue 13 (product design sections 3, 5 and 7): a shop's request from draft to 配信中, its units from
 * offer to a credited reward, on PGlite and (with TEST_DATABASE_URL) PostgreSQL. Each test names the rule.
 */
const DAY = 86_400_000;
const day = (offset: number) => tokyoDate(new Date(Date.now() + offset * DAY));
/** An X post URL whose id (a snowflake) says it was posted at `at` (ADR 0064: the date check reads it). */
const xPost = (handle: string, seq: number, at = new Date()) =>
  `https://x.com/${handle}/status/${((BigInt(at.getTime()) - 1_288_834_974_657n) << 22n) + BigInt(seq)}`;
const complete = {
  text: '#PR 渋谷の小さなカフェで、季節のケーキを楽しんでください。',
  hashtags: ['渋谷カフェ', '#ケーキ'],
  platforms: ['instagram', 'x'],
  units: '３',
  reward: 120,
  starts_on: day(0),
  ends_on: day(14),
};

for (const kind of DB_KINDS) {
  describe(`support requests and units (issue 13) [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let owner: TestClient;
    let staff: TestClient;
    let supporter: TestClient;
    let fan1: TestClient;
    let otherOwner: TestClient;
    const count = async (q: ReturnType<typeof sql>) =>
      Number(rowsOf<{ n: number }>(await t.database.db.execute(q))[0]!.n);

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
      const clients = await Promise.all(
        [
          'owner@example.com',
          'staff@example.com',
          'supporter@example.com',
          'fan1@example.com',
          'pending-owner@example.com',
        ].map((e) => loginAs(t, e)),
      );
      [owner, staff, supporter, fan1, otherOwner] = clients as [
        TestClient,
        TestClient,
        TestClient,
        TestClient,
        TestClient,
      ];
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    /** The supporter posts on X (issue 23: the SNS stand-in holds it): the request's text and the unit's link. */
    const posted = (handle: string, url: string, u: Pick<Unit, 'short_url'>) => {
      t.app.snsStandin!.publish({
        platform: 'x',
        url,
        author: handle,
        text: `${complete.text}\n${u.short_url ?? ''}`,
      });
      return url;
    };

    // Issue 28 (3): every test builds its own request, units and posts with these, so any test passes alone
    // and in any order. Each request's text is its own, so the mails of one request are told from another's.
    let requests = 0;
    /** A complete draft (下書き) of shop 1 whose text no other request of the suite has. */
    const draftRequest = async (fields: Record<string, unknown> = {}): Promise<Advertisement> => {
      requests += 1;
      const res = await owner.post('/api/advertisements', {
        shop_id: 1,
        ...complete,
        text: `${complete.text}（依頼${requests}）`,
        ...fields,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json();
    };
    /** A complete request sent for review (審査中). */
    const submittedRequest = async (fields: Record<string, unknown> = {}): Promise<Advertisement> => {
      const ad = await draftRequest(fields);
      const res = await owner.post(`/api/advertisements/${ad.id}/submit`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    /** A request approved by staff (配信中): three units offered to shop 1's first followers (supporter, fan1, fan2). */
    const liveRequest = async (fields: Record<string, unknown> = {}): Promise<Advertisement> => {
      const ad = await submittedRequest(fields);
      const res = await staff.post(`/api/advertisements/${ad.id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    /** The supporter's offer of the request. */
    const offerOf = async (client: TestClient, ad: Advertisement): Promise<Unit> => {
      const items = (await client.get('/api/units?status=offered')).json().items as Unit[];
      const offer = items.find((u) => u.advertisement_id === ad.id);
      expect(offer, `an offer of request ${ad.id}`).toBeDefined();
      return offer!;
    };
    /** The supporter's unit of the request, accepted on X (it has its tracking link). */
    const acceptedUnit = async (client: TestClient, ad: Advertisement): Promise<Unit> => {
      const offer = await offerOf(client, ad);
      expect((await client.post(`/api/units/${offer.id}/accept`, { platform: 'x' })).statusCode).toBe(200);
      return (await client.get(`/api/units/${offer.id}`)).json();
    };
    let posts = 0;
    /** The supporter's unit of the request, accepted and its post reported (posted). */
    const postedUnit = async (client: TestClient, handle: string, ad: Advertisement): Promise<Unit> => {
      const u = await acceptedUnit(client, ad);
      posts += 1;
      const res = await client.post(`/api/units/${u.id}/proof`, {
        post_url: posted(handle, xPost(handle, 1000 + posts), u),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    /** The mails to an address from now on: `after()` answers those that came since. */
    const mailsFrom = (address: string) => {
      const since = mail.to(address).length;
      return { after: () => mail.to(address).slice(since) };
    };

    it('creates a draft (下書き) whose text keeps the 「#PR」 disclosure; units typed in full-width digits count', async () => {
      const res = await owner.post('/api/advertisements', { shop_id: 1, ...complete, text: '季節のケーキ' });
      expect(res.statusCode, res.body).toBe(201);
      const ad: Advertisement = res.json();
      expect(ad.status).toBe('下書き');
      expect(ad.text).toBe('#PR 季節のケーキ');
      expect(ad.units).toBe(3);
      expect(ad.hashtags).toEqual(['渋谷カフェ', 'ケーキ']);
      expect(ad.platforms).toEqual(['x', 'instagram']);
      expect(ad.effective_landing_url).toMatch(/\/demo-cafe$/);
      // Product design section 5 / ADR 0033: one price rule.
      expect(ad.price).toEqual(quote(3, 120));
      const put = await owner.put(`/api/advertisements/${ad.id}`, { text: complete.text });
      expect(put.json().text).toBe(complete.text);
    });

    it('images: up to 4 on a draft through the storage service (re-encoded, served), taken off by a PUT; a fifth or a stranger refused', async () => {
      const ad = await draftRequest();
      const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c96' } })
        .png()
        .toBuffer();
      const upload = (client: TestClient, n: number, data = png) =>
        client.request({
          method: 'POST',
          url: `/api/advertisements/${ad.id}/images`,
          ...multipart(
            {},
            Array.from({ length: n }, (_, i) => ({
              field: 'images',
              filename: `p${i}.png`,
              contentType: 'image/png',
              data,
            })),
          ),
        });
      expect((await upload(otherOwner, 1)).statusCode).toBe(404);
      const three = await upload(owner, 3);
      expect(three.statusCode, three.body).toBe(200);
      const urls = three.json().image_urls as string[];
      expect(urls).toHaveLength(3);
      const served = await t.app.inject({ method: 'GET', url: new URL(urls[0]!, 'http://x').pathname });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      const over = await upload(owner, 2);
      expect(over.statusCode).toBe(422);
      expect(over.json().errors.images).toEqual([FIELD_MESSAGES.images]);
      const notImage = await upload(owner, 1, Buffer.from('not an image'));
      expect(notImage.statusCode).toBe(422);
      expect(notImage.json().errors.images?.[0]).toMatch(JAPANESE);
      // Taking one off is a PUT of the remaining ones; an URL the request does not hold is refused.
      const kept = await owner.put(`/api/advertisements/${ad.id}`, { image_urls: urls.slice(1) });
      expect(kept.json().image_urls).toEqual(urls.slice(1));
      const foreign = await owner.put(`/api/advertisements/${ad.id}`, {
        image_urls: ['https://example.com/x.webp'],
      });
      expect(foreign.json().errors.image_urls).toEqual([FIELD_MESSAGES.imageUnknown]);
      expect((await upload(owner, 2)).json().image_urls).toHaveLength(4);
    });

    it('refuses bad fields with a Japanese errors map per field (reward under 100 yen, unknown platform, end before start)', async () => {
      const ad = await draftRequest();
      const res = await owner.put(`/api/advertisements/${ad.id}`, {
        reward: 99,
        platforms: ['facebook'],
        ends_on: '2026-02-30',
      });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors;
      expect(errors.reward).toEqual([FIELD_MESSAGES.reward]);
      expect(errors['platforms.0']).toEqual([FIELD_MESSAGES.platform]);
      expect(errors.ends_on).toEqual([FIELD_MESSAGES.date]);
      const draft = await owner.post('/api/advertisements', { shop_id: 1, text: '#PR ' + 'あ'.repeat(140) });
      const submit = await owner.post(`/api/advertisements/${draft.json().id}/submit`);
      expect(submit.statusCode).toBe(422);
      expect(submit.json().errors.text[0]).toMatch(/^投稿が長すぎます（\d+／280）/);
      expect(Object.keys(submit.json().errors)).toEqual(
        expect.arrayContaining(['text', 'platforms', 'units', 'reward', 'starts_on', 'ends_on']),
      );
    });

    it('only members of the shop company create, edit and submit; a shop under review cannot submit', async () => {
      const ad = await draftRequest();
      expect((await supporter.post('/api/advertisements', { shop_id: 1 })).statusCode).toBe(403);
      expect((await otherOwner.put(`/api/advertisements/${ad.id}`, { units: 4 })).statusCode).toBe(404);
      expect((await supporter.post(`/api/advertisements/${ad.id}/submit`)).statusCode).toBe(404);
      const bakery = await owner.post('/api/advertisements', { shop_id: 2, ...complete });
      expect(bakery.statusCode).toBe(201);
      const refused = await owner.post(`/api/advertisements/${bakery.json().id}/submit`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(AD_MESSAGES.shopNotPublished);
    });

    it('submit -> 審査中; staff send it back with a reason the owner sees (mail), the owner fixes it and resubmits', async () => {
      const ad = await draftRequest();
      const sent = await owner.post(`/api/advertisements/${ad.id}/submit`);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().status).toBe('審査中');
      expect((await owner.put(`/api/advertisements/${ad.id}`, { units: 4 })).statusCode).toBe(409);
      expect((await owner.post(`/api/advertisements/${ad.id}/reject`, { reason: 'x' })).statusCode).toBe(403);
      const ownerMails = mail.to('owner@example.com').length;
      const back = await staff.post(`/api/advertisements/${ad.id}/reject`, {
        reason: '写真を追加してください。',
      });
      expect(back.json()).toMatchObject({ status: '差し戻し', reject_reason: '写真を追加してください。' });
      // The outbox delivers in the background: another test's mail to the owner may come first.
      const returned = () =>
        mail
          .to('owner@example.com')
          .slice(ownerMails)
          .find((m) => m.text.includes('写真を追加してください。'));
      await expect
        .poll(() => returned()?.subject, { timeout: 15_000 })
        .toBe('【Focustar】拡散依頼が差し戻されました');
      expect((await owner.post(`/api/advertisements/${ad.id}/submit`)).json().status).toBe('審査中');
    });

    it('approval -> 配信中 splits it into offers: followers first (oldest follow first), never the owner, never more than ordered', async () => {
      const ad = await submittedRequest();
      const supporterMails = mailsFrom('supporter@example.com');
      const res = await staff.post(`/api/advertisements/${ad.id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('配信中');
      const offered = rowsOf<{ user_id: number }>(
        await t.database.db.execute(
          sql`select user_id from units where advertisement_id = ${ad.id} order by id`,
        ),
      );
      const followers = rowsOf<{ user_id: number }>(
        await t.database.db.execute(
          sql`select user_id from favorites where shop_id = 1 order by created_at, user_id`,
        ),
      );
      expect(offered.map((r) => r.user_id)).toEqual(followers.slice(0, 3).map((r) => r.user_id));
      expect(offered.map((r) => r.user_id)).not.toContain(await userIdOf(t, 'owner@example.com'));
      // A second click changes nothing.
      expect((await staff.post(`/api/advertisements/${ad.id}/approve`)).statusCode).toBe(200);
      expect(await count(sql`select count(*)::int as n from units where advertisement_id = ${ad.id}`)).toBe(
        3,
      );
      // This request's offer mail (its text is its own).
      await expect
        .poll(() => supporterMails.after().find((m) => m.text.includes(ad.text)), { timeout: 15_000 })
        .toBeDefined();
      const offerMail = supporterMails.after().find((m) => m.text.includes(ad.text))!;
      expect(offerMail.subject).toBe('【Focustar】デモカフェ 渋谷店から拡散依頼が届きました');
      expect(offerMail.text).toContain('120円');
    });

    it('the supporter sees the offer, /api/me counts it; another supporter cannot accept it; accept twice is one accept', async () => {
      const ad = await liveRequest();
      const me = (await supporter.get('/api/me')).json();
      const list = (await supporter.get('/api/units?status=offered')).json();
      expect(me.not_accepted_units_count).toBe(list.items.length);
      let unit: Unit = list.items.find((u: Unit) => u.advertisement_id === ad.id);
      expect(unit).toMatchObject({ status: 'offered', reward: 120, short_url: null });
      expect((await fan1.post(`/api/units/${unit.id}/accept`)).statusCode).toBe(404);
      const [a, b] = await Promise.all([
        supporter.post(`/api/units/${unit.id}/accept`, { platform: 'x' }),
        supporter.post(`/api/units/${unit.id}/accept`, { platform: 'x' }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      unit = (await supporter.get(`/api/units/${unit.id}`)).json();
      expect(unit.status).toBe('accepted');
      expect(unit.short_url).toMatch(/\/s\/[A-Za-z0-9]{10}$/);
      expect(await count(sql`select count(*)::int as n from short_links`)).toBeGreaterThan(0);
      expect((await supporter.get('/api/me')).json().not_accepted_units_count).toBe(
        me.not_accepted_units_count - 1,
      );
    });

    it('issue 29 (ADR 0196): the answers of a proof and of an approval are the unit as a read after them shows it', async () => {
      // The unit is presented from the row read before the update and the columns the update wrote, not read
      // again: every field must still be what GET /api/units/{id} says (status, dates, counts, derived fields).
      const ad = await liveRequest();
      const proved = await postedUnit(supporter, 'demo_supporter', ad);
      expect(proved.status).toBe('posted');
      expect(proved.auto_approve_at).not.toBeNull();
      expect(proved).toEqual((await supporter.get(`/api/units/${proved.id}`)).json());
      const res = await owner.post(`/api/units/${proved.id}/approve`);
      expect(res.statusCode, res.body).toBe(200);
      const approved: Unit = res.json();
      expect(approved.status).toBe('approved');
      expect(approved.reward_state).toBe('holding');
      expect(approved.confirms_at).not.toBeNull();
      expect(approved.auto_approve_at).toBeNull();
      expect(approved).toEqual((await owner.get(`/api/units/${proved.id}`)).json());
    });

    it('proof: a post URL of the unit platform, not a profile, not another platform, not a URL that proved another unit', async () => {
      const unit = await acceptedUnit(supporter, await liveRequest());
      // What the supporter's other posts awaiting judgement already hold (none in a suite of this test alone).
      const pendingBefore = (await supporter.get('/api/rewards')).json().pending as number;
      const bad = async (post_url: string) =>
        (await supporter.post(`/api/units/${unit.id}/proof`, { post_url })).json();
      expect((await bad('https://www.instagram.com/p/Abcdef123/')).errors.post_url).toEqual([
        FIELD_MESSAGES.postUrlHost('x'),
      ]);
      expect((await bad('https://x.com/demo_supporter')).errors.post_url).toEqual([
        FIELD_MESSAGES.postUrlProfile,
      ]);
      // Demo data: this post already proves the ended request's unit.
      expect(
        (await bad('https://twitter.com/demo_supporter/status/1850000000000000001?s=20')).errors.post_url,
      ).toEqual([AD_MESSAGES.duplicatePost]);
      const url = posted('demo_supporter', xPost('demo_supporter', 9), unit);
      const [a, b] = await Promise.all([
        supporter.post(`/api/units/${unit.id}/proof`, { post_url: url }),
        supporter.post(`/api/units/${unit.id}/proof`, { post_url: url }),
      ]);
      expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
      expect(a.json()).toMatchObject({ status: 'posted', post_url: url });
      expect((await supporter.get('/api/rewards')).json().pending).toBe(pendingBefore + 120);
    });

    it('proof: the post must be dated within the unit period, read from the URL id (X, TikTok) or from the checker (ADR 0064)', async () => {
      // X ids are snowflakes, TikTok video ids carry the second: no network needed.
      const at = new Date('2026-11-23T15:30:00Z'); // 2026-11-24 00:30 in Japan
      expect(postTimeOfUrl('x', xPost('a', 1, at))).toEqual(at);
      expect(
        postTimeOfUrl('tiktok', `https://tiktok.com/@a/video/${(BigInt(at.getTime() / 1000) << 32n) + 7n}`),
      ).toEqual(at);
      expect(postTimeOfUrl('x', 'https://x.com/a/status/1234567890')).toBeNull(); // before snowflakes
      expect(postTimeOfUrl('instagram', 'https://instagram.com/p/Abcdef123')).toBeNull();
      const period = { startsOn: '2026-11-24', endsOn: '2026-11-30', offeredAt: at };
      expect(postPeriodError(at, period)).toBeNull(); // Japan's calendar day, not UTC's
      expect(postPeriodError(new Date('2026-11-23T14:59:59Z'), period)).toBe(
        FIELD_MESSAGES.postOutOfPeriod('2026-11-24', '2026-11-30'),
      );
      expect(postPeriodError(new Date('2026-11-30T14:59:59Z'), period)).toBeNull();
      expect(postPeriodError(new Date('2026-11-30T15:00:00Z'), period)).not.toBeNull();
      // Not before the unit was offered either.
      expect(
        postPeriodError(new Date('2026-11-25T00:00:00Z'), {
          ...period,
          offeredAt: new Date('2026-11-26T00:00:00Z'),
        }),
      ).toBe(FIELD_MESSAGES.postOutOfPeriod('2026-11-26', '2026-11-30'));

      // Through the API: fan1 accepts an offer of the live request and reports a post of last month.
      const offer = await offerOf(fan1, await liveRequest());
      expect((await fan1.post(`/api/units/${offer.id}/accept`, { platform: 'x' })).statusCode).toBe(200);
      const accepted = (await fan1.get(`/api/units/${offer.id}`)).json() as Unit;
      const old = await fan1.post(`/api/units/${offer.id}/proof`, {
        post_url: posted('demo_fan1', xPost('demo_fan1', 1, new Date(Date.now() - 30 * DAY)), accepted),
      });
      expect(old.statusCode).toBe(422);
      expect(old.json().errors.post_url).toEqual([FIELD_MESSAGES.postOutOfPeriod(day(0), complete.ends_on)]);
      // A date the checker reports (a platform whose URL carries none) is checked the same way.
      const svc = t.app.advertisements;
      const real = svc.postChecker;
      svc.postChecker = {
        check: async () => ({
          status: 'found',
          found: true,
          hasDisclosure: true,
          author: 'demo_fan1',
          text: `${complete.text}\n${accepted.short_url}`,
          postedAt: new Date(Date.now() + 40 * DAY),
        }),
      };
      try {
        const late = await fan1.post(`/api/units/${offer.id}/proof`, {
          post_url: 'https://x.com/demo_fan1/status/1234567890',
        });
        expect(late.json().errors?.post_url).toEqual([
          FIELD_MESSAGES.postOutOfPeriod(day(0), complete.ends_on),
        ]);
        svc.postChecker = {
          check: async () => ({
            status: 'found',
            found: true,
            hasDisclosure: false,
            author: 'demo_fan1',
            text: `渋谷のカフェ #PR ${accepted.short_url}`,
            postedAt: null,
          }),
        };
        const bare = await fan1.post(`/api/units/${offer.id}/proof`, { post_url: xPost('demo_fan1', 2) });
        expect(bare.json().errors?.post_url).toEqual([AD_MESSAGES.disclosureNotFirst]);
      } finally {
        svc.postChecker = real;
      }
      expect((await fan1.get(`/api/units/${offer.id}`)).json().status).toBe('accepted');
    });

    it('judging: another company cannot; the supporter cannot judge their own; a rejection gives a listed reason and one resubmission', async () => {
      const unit = await postedUnit(supporter, 'demo_supporter', await liveRequest());
      const supporterMails = mailsFrom('supporter@example.com');
      expect((await otherOwner.post(`/api/units/${unit.id}/approve`)).statusCode).toBe(404);
      expect((await supporter.post(`/api/units/${unit.id}/approve`)).statusCode).toBe(403);
      const noNote = await owner.post(`/api/units/${unit.id}/reject`, { reason: 'その他' });
      expect(noNote.json().errors.note).toEqual([FIELD_MESSAGES.rejectNote]);
      const rejected = await owner.post(`/api/units/${unit.id}/reject`, { reason: '#PRの表示がない' });
      expect(rejected.json()).toMatchObject({
        status: 'rejected',
        reject_reason: '#PRの表示がない',
        can_resubmit: true,
      });
      await expect
        .poll(
          () =>
            supporterMails.after().find((m) => m.subject === '【Focustar】投稿が承認されませんでした')?.text,
          {
            timeout: 15_000,
          },
        )
        .toContain('理由：#PRの表示がない');
      const again = await supporter.post(`/api/units/${unit.id}/proof`, {
        post_url: posted('demo_supporter', xPost('demo_supporter', 10), unit),
      });
      expect(again.json().status).toBe('posted');
    });

    it('approval credits the reward once (key unit:{id}:reward) and mails the amount; /api/rewards shows it', async () => {
      const unit = await postedUnit(supporter, 'demo_supporter', await liveRequest());
      const userId = await userIdOf(t, 'supporter@example.com');
      const before = await balanceOf(t.database.db, userId);
      // The supporter's other rewards held now (none in a suite of this test alone).
      const heldBefore = (await supporter.get('/api/rewards')).json() as { holding: number; balance: number };
      expect(heldBefore.balance).toBe(before - heldBefore.holding);
      const supporterMails = mailsFrom('supporter@example.com');
      const res = await owner.post(`/api/units/${unit.id}/approve`);
      expect(res.json().status).toBe('approved');
      expect((await owner.post(`/api/units/${unit.id}/approve`)).statusCode).toBe(200);
      expect(await balanceOf(t.database.db, userId)).toBe(before + 120);
      const rewards = (await supporter.get('/api/rewards')).json();
      // Product design section 8: 確定待ち for 7 days; the payable balance does not hold it yet.
      expect(rewards.holding).toBe(heldBefore.holding + 120);
      expect(rewards.balance).toBe(before - heldBefore.holding);
      expect(rewards.items[0].state).toBe('holding');
      expect(rewards.items[0]).toMatchObject({
        amount: 120,
        kind: 'reward',
        label: 'デモカフェ 渋谷店の投稿の報酬',
      });
      await expect
        .poll(() => supporterMails.after().map((m) => m.subject), { timeout: 15_000 })
        .toContain('【Focustar】投稿が承認されました（報酬 120円）');
      // The first approved post of the shop raised completedFirstAd.
      expect((await owner.get('/api/shops/1')).json().flag_status.completedFirstAd).toBe(true);
    });

    it("product design section 3, issue 29: a shop's first approved post raises completedFirstAd when it is down; later ones leave it up", async () => {
      // This test's own starting point: the demo shop's flag down.
      await t.database.db.execute(
        sql`update shops set flag_status = flag_status - 'completedFirstAd' where id = 1`,
      );
      expect((await owner.get('/api/shops/1')).json().flag_status.completedFirstAd).toBe(false);
      const first = await postedUnit(supporter, 'demo_supporter', await liveRequest());
      expect((await owner.post(`/api/units/${first.id}/approve`)).json().status).toBe('approved');
      expect((await owner.get('/api/shops/1')).json().flag_status.completedFirstAd).toBe(true);
      // With the flag up, the judge's read says so and the approval does not raise it again: it stays up.
      const second = await postedUnit(supporter, 'demo_supporter', await liveRequest());
      expect((await owner.post(`/api/units/${second.id}/approve`)).json().status).toBe('approved');
      expect((await owner.get('/api/shops/1')).json().flag_status.completedFirstAd).toBe(true);
    });

    it('/api/rewards pages the ledger 50 at a time, keyset on (time, id): rows of one instant are neither repeated nor skipped (issue 17)', async () => {
      const fan = await loginAs(t, 'fan3@example.com');
      const userId = await userIdOf(t, 'fan3@example.com');
      // 120 rows; every other one in the same instant, so the id must break the tie.
      await t.database.db.execute(sql`
        insert into ledger_entries (user_id, amount, kind, reference, idempotency_key, created_at)
        select ${userId}, 100, 'adjustment', 'test:paging', 'test:paging:' || g,
          case when g % 2 = 0 then '2026-01-01T00:00:00Z'::timestamptz else now() - (g || ' minutes')::interval end
        from generate_series(1, 120) g`);
      const total = rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from ledger_entries where user_id = ${userId}`,
        ),
      )[0]!.n;
      const seen: number[] = [];
      let cursor: number | null = null;
      let pages = 0;
      do {
        const res = await fan.get(`/api/rewards${cursor ? `?cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const page = rewardsSchema.parse(res.json());
        expect(page.items.length).toBeLessThanOrEqual(PAGE_SIZE);
        expect(page.balance).toBe((await balanceOf(t.database.db, userId)) - page.holding);
        seen.push(...page.items.map((i) => i.id));
        cursor = page.next_cursor;
        pages += 1;
      } while (cursor !== null);
      expect(pages).toBe(Math.ceil(total / PAGE_SIZE));
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect((await fan.get('/api/rewards?cursor=abc')).statusCode).toBe(422);
      // Another supporter's row is no place to continue from: nothing follows it for this one.
      const [other] = rowsOf<{ id: number }>(
        await t.database.db.execute(sql`select id from ledger_entries where user_id <> ${userId} limit 1`),
      );
      expect((await fan.get(`/api/rewards?cursor=${other!.id}`)).json().items).toEqual([]);
    });

    it('a rejected unit can be resubmitted once only', async () => {
      const u = await acceptedUnit(fan1, await liveRequest());
      for (const [i, expected] of [
        [1, 200],
        [2, 200],
        [3, 409],
      ] as const) {
        const res = await fan1.post(`/api/units/${u.id}/proof`, {
          post_url: posted('demo_fan1', xPost('demo_fan1', 100 + i), u),
        });
        expect(res.statusCode, res.body).toBe(expected);
        if (expected === 409) expect(res.json().message).toBe(AD_MESSAGES.resubmitUsed);
        else await owner.post(`/api/units/${u.id}/reject`, { reason: '投稿が見つからない' });
      }
    });

    it('the shop lists its requests with counts; staff list those in review; the shop reads its waiting posts', async () => {
      // Three offered; the supporter's post approved, fan1's waiting; fan2 has not answered.
      const ad = await liveRequest();
      const approved = await postedUnit(supporter, 'demo_supporter', ad);
      expect((await owner.post(`/api/units/${approved.id}/approve`)).statusCode).toBe(200);
      const waitingPost = await postedUnit(fan1, 'demo_fan1', ad);
      const list = (await owner.get('/api/advertisements?shop_id=1')).json();
      const mine = list.items.find((a: Advertisement) => a.id === ad.id);
      expect(mine.counts).toMatchObject({ offered: 3, accepted: 2, posted: 2, approved: 1 });
      expect((await supporter.get('/api/advertisements?shop_id=1')).statusCode).toBe(403);
      expect((await supporter.get('/api/advertisements')).statusCode).toBe(422);
      const waiting = (await owner.get('/api/units?shop_id=1&status=posted')).json();
      expect(waiting.items.length).toBeGreaterThan(0);
      expect(waiting.items.map((u: Unit) => u.id)).toContain(waitingPost.id);
      expect(waiting.items.every((u: Unit) => u.status === 'posted')).toBe(true);
    });

    it('first-advertising: 10 units at 100 yen, fee waived, once per shop; raises acceptedFirstAdvertising', async () => {
      const first = await owner.post('/api/first-advertising', { shop_id: 1 });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ units: 10, reward: 100, fee_waived: true, is_first: true });
      expect(first.json().price).toEqual(quote(10, 100, true));
      expect(first.json().price.total).toBe(1100);
      const second = await owner.post('/api/first-advertising', { shop_id: 1 });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(AD_MESSAGES.firstUsed);
      expect(
        (await owner.put(`/api/advertisements/${first.json().id}`, { units: 20 })).json().errors.units,
      ).toEqual([AD_MESSAGES.firstFixed]);
      expect((await owner.get('/api/me')).json().flag_status.acceptedFirstAdvertising).toBe(true);
    });

    it('a declined or expired offer goes to the next candidate, never twice to one supporter, never past the units ordered (ADR 0063)', async () => {
      const clients = new Map<number, TestClient>();
      for (const email of ['supporter', 'fan1', 'fan2', 'fan3'].map((n) => `${n}@example.com`)) {
        clients.set(await userIdOf(t, email), await loginAs(t, email));
      }
      const ad = await liveRequest({ units: 1 });
      const id = ad.id;
      const unitsOf = async () =>
        rowsOf<{ id: number; user_id: number; status: string; expires_at: string }>(
          await t.database.db.execute(
            sql`select id, user_id, status, expires_at from units where advertisement_id = ${id} order by id`,
          ),
        );
      let rows = await unitsOf();
      expect(rows).toHaveLength(1);
      // An offer waits three days for an answer (never past the last day).
      const wait = new Date(rows[0]!.expires_at).getTime() - Date.now();
      expect(wait).toBeGreaterThan(3 * DAY - 120_000);
      expect(wait).toBeLessThanOrEqual(3 * DAY);
      // The first declines (a double click declines once and hands on one place).
      const first = clients.get(Number(rows[0]!.user_id))!;
      const [a, b] = await Promise.all([
        first.post(`/api/units/${rows[0]!.id}/decline`),
        first.post(`/api/units/${rows[0]!.id}/decline`),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      rows = await unitsOf();
      expect(rows.map((r) => r.status)).toEqual(['declined', 'offered']);
      const second = rows[1]!;
      expect(second.user_id).not.toBe(rows[0]!.user_id);
      // The next candidate is told by mail.
      const secondEmail = rowsOf<{ email: string }>(
        await t.database.db.execute(sql`select email from users where id = ${second.user_id}`),
      )[0]!.email;
      await expect
        .poll(
          () =>
            mail
              .to(secondEmail)
              .filter((m) => m.subject.includes('拡散依頼が届きました') && m.text.includes(ad.text)).length,
          {
            timeout: 15_000,
          },
        )
        .toBeGreaterThan(0);
      // Nobody answers in three days: the offer expires and the place goes on again.
      // (Other requests' open offers expire too; this request's one is the one looked at.)
      expect(
        await t.app.advertisements.expireOffers(new Date(Date.now() + 3 * DAY + 60_000)),
      ).toBeGreaterThan(0);
      rows = await unitsOf();
      expect(rows.map((r) => r.status)).toEqual(['declined', 'expired', 'offered']);
      expect(new Set(rows.map((r) => r.user_id)).size).toBe(3);
      const third = rows[2]!;
      expect(
        (await clients.get(Number(third.user_id))!.post(`/api/units/${third.id}/accept`)).statusCode,
      ).toBe(200);
      // A held place is not handed on; nothing is offered beyond the one unit ordered.
      await t.app.advertisements.expireOffers(new Date(Date.now() + 7 * DAY));
      expect((await unitsOf()).map((r) => r.status)).toEqual(['declined', 'expired', 'accepted']);
      expect(
        await count(
          sql`select count(*)::int as n from units where advertisement_id = ${id} and status not in ('declined', 'expired')`,
        ),
      ).toBe(1);
    });

    it('jobs: at the end date the request ends (its offers expire, its links lead to /period); 7 days unjudged is approved', async () => {
      const svc = t.app.advertisements;
      // A live request: the supporter's post waits for judgement, fan1's and fan2's offers are open.
      const ad = await liveRequest();
      const unit = await postedUnit(supporter, 'demo_supporter', ad);
      const waiting = rowsOf<{ id: number; user_id: number; reward: number }>(
        await t.database.db.execute(sql`select id, user_id, reward from units where id = ${unit.id}`),
      )[0]!;
      expect(await svc.autoApprove(waiting.id)).toBe(false); // not due yet
      const before = await balanceOf(t.database.db, waiting.user_id);
      // The job approves every post due, so also the supporter's other waiting posts (none when this test runs alone).
      const postedOf = async (userId: number) =>
        rowsOf<{ id: number; reward: number }>(
          await t.database.db.execute(
            sql`select id, reward from units where user_id = ${userId} and status = 'posted' order by id`,
          ),
        );
      const waitingBefore = await postedOf(waiting.user_id);
      expect(waitingBefore.map((u) => u.id)).toContain(waiting.id);
      expect(await svc.autoApproveDue(new Date(Date.now() + 8 * DAY))).toBeGreaterThan(0);
      const approvedNow = rowsOf<{ id: number; reward: number }>(
        await t.database.db.execute(
          sql`select id, reward from units where status = 'approved' and id in (${sql.join(
            waitingBefore.map((u) => sql`${u.id}`),
            sql`, `,
          )})`,
        ),
      );
      expect(approvedNow.map((u) => Number(u.id))).toContain(Number(waiting.id));
      const others = approvedNow
        .filter((u) => Number(u.id) !== Number(waiting.id))
        .reduce((sum, u) => sum + Number(u.reward), 0);
      expect(await balanceOf(t.database.db, waiting.user_id)).toBe(before + waiting.reward + others);
      const ended = await svc.endRequests(new Date(Date.now() + 20 * DAY));
      expect(ended).toBeGreaterThan(0);
      expect((await owner.get(`/api/advertisements/${ad.id}`)).json().status).toBe('終了');
      expect(
        await count(
          sql`select count(*)::int as n from units where advertisement_id = ${ad.id} and status = 'offered'`,
        ),
      ).toBe(0);
      const link = (await supporter.get(`/api/units/${unit.id}`)).json().short_url as string;
      const res = await t.app.inject({
        method: 'GET',
        url: new URL(link).pathname,
        headers: { 'user-agent': 'Mozilla/5.0' },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/period?ad=${ad.id}`);
      // The /period page's facts are public for an ended request, and for nothing else.
      const period = await t.app.inject({ method: 'GET', url: `/api/advertisements/${ad.id}/period` });
      expect(period.statusCode).toBe(200);
      expect(period.json()).toMatchObject({
        id: ad.id,
        shop: { name: 'デモカフェ 渋谷店', screen_name: 'demo-cafe' },
        starts_on: complete.starts_on,
        ends_on: complete.ends_on,
      });
      expect(period.json().text).toBeUndefined();
      const live = await draftRequest();
      expect(live.status).not.toBe('終了');
      const hidden = await t.app.inject({ method: 'GET', url: `/api/advertisements/${live.id}/period` });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(AD_MESSAGES.periodNotFound);
    });

    it('the visitor hashes of tracking links are kept one hour, then pruned; the daily counts stay (ADR 0065)', async () => {
      const unit = await acceptedUnit(supporter, await liveRequest());
      const visitors = () => count(sql`select count(*)::int as n from short_link_visitors`);
      const clicks = () => count(sql`select coalesce(sum(clicks), 0)::int as n from short_link_clicks`);
      const link = (await supporter.get(`/api/units/${unit.id}`)).json().short_url as string;
      const browser = await t.app.inject({
        method: 'GET',
        url: new URL(link).pathname,
        remoteAddress: '203.0.113.9',
        headers: {
          'user-agent':
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        },
      });
      expect(browser.statusCode).toBe(302);
      // The click is written by the process's recorder after the answer (ADR 0151).
      await t.app.shortLinkClicks.flush();
      expect(await visitors()).toBeGreaterThan(0);
      const before = await clicks();
      expect(await pruneVisitors(t.database.db, new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
      expect(await pruneVisitors(t.database.db, new Date(Date.now() + 60 * 60 * 1000))).toBeGreaterThan(0);
      expect(await visitors()).toBe(0);
      expect(await clicks()).toBe(before);
      // The job is declared and scheduled hourly in Japan time.
      const schedule = rowsOf<{ cron: string; timezone: string }>(
        await t.database.db.execute(
          sql`select cron, timezone from pgboss.schedule where name = ${PRUNE_VISITORS_JOB}`,
        ),
      );
      expect(schedule).toEqual([{ cron: '20 * * * *', timezone: 'Asia/Tokyo' }]);
    });

    it('every refusal of this suite answered in Japanese, never a 5xx', async () => {
      const res = await supporter.post('/api/units/999999/accept');
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(JAPANESE);
    });
  });
}
