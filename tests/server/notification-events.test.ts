import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type NotificationKind,
  type NotificationParams,
  renderNotification,
} from '../../contracts/notifications.ts';
import { PUBLISHED_SHOP_STATUS } from '../../contracts/shops.ts';
import { BillingService } from '../../server/features/money/billing.ts';
import * as billingRepo from '../../server/features/money/repo-billing.ts';
import { type PaymentProvider, PaymentProviderError } from '../../server/features/money/provider.ts';
import { MoneyService } from '../../server/features/money/service.ts';
import { handleStripeEvent } from '../../server/features/money/webhooks.ts';
import { rowsOf } from '../../server/platform/db/client.ts';
import { credit } from '../../server/platform/ledger.ts';
import { notify, type Outbox } from '../../server/platform/notify/outbox.ts';
import { sendStaffDigest, staffQueues } from '../../server/platform/notify/staff-digest.ts';
import { createShortLink } from '../../server/platform/short-links.ts';
import { DEMO_PASSWORD } from '../../server/seed/demo.ts';
import type { TestApp } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail.ts';
import { createAccountsApp, loginAs } from './helpers.ts';

/**
 * Issue 26 "What people are told" (product design section 8 "Notifications", ADR 0177): each event that was
 * not yet told is told, in the transaction of its change, to the right person, with the text of
 * contracts/notifications.ts: one in-app row and one mail delivery (these fixtures' people have neither LINE
 * nor push), and still one when the change or the job runs again. The jobs run with a fixed clock (a day in
 * 2031, so the demo data's offers and requests are not due) and are called directly.
 */
const AT = new Date('2031-03-10T00:00:00Z'); // 09:00 on 2031-03-10 in Japan
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const xPost = (handle: string, seq: number, at = new Date()) =>
  `https://x.com/${handle}/status/${((BigInt(at.getTime()) - 1_288_834_974_657n) << 22n) + BigInt(seq)}`;

for (const kind of DB_KINDS) {
  describe(`notification events and schedules (issue 26, ADR 0177) [${kind}]`, () => {
    let t: TestApp;
    let mail: MailCatcher;
    let outbox: Outbox;
    const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
      rowsOf<T>(await t.database.db.execute(query));

    beforeAll(async () => {
      mail = await startMailCatcher();
      t = await createAccountsApp(kind, { SMTP_URL: mail.smtpUrl });
      outbox = (tx, input) => notify(t.app, tx, input);
    });
    afterAll(async () => {
      await t.close();
      await mail.stop();
    });

    /* ------------------------------------------------------------------ fixtures */

    /** A fresh verified user (3 supporter, 2 staff) who can log in with the demo password. */
    const person = async (roleId = 3) => {
      const tag = randomBytes(4).toString('hex');
      const [hash] = await q<{ password_hash: string }>(
        sql`select password_hash from users where email = 'supporter@example.com'`,
      );
      const email = `told-${tag}@example.com`;
      const [u] = await q<{ id: number }>(sql`
        insert into users (email, password_hash, name, screen_name, role_id, status, email_verified_at, prefecture)
        values (${email}, ${hash!.password_hash}, ${`通知 ${tag}`}, ${`told-${tag}`}, ${roleId}, '承認', now(), '東京都')
        returning id`);
      return { id: Number(u!.id), email };
    };
    /** A published shop of a new company whose member (owner) is `ownerId`, and more members. */
    const shopOf = async (ownerId: number, ...members: number[]) => {
      const tag = randomBytes(4).toString('hex');
      const [company] = await q<{ id: number }>(
        sql`insert into companies (name, paid_status) values (${`通知商事 ${tag}`}, '承認') returning id`,
      );
      const [shop] = await q<{ id: number }>(sql`
        insert into shops (company_id, name, screen_name, status)
        values (${company!.id}, ${`通知カフェ ${tag}`}, ${`told-cafe-${tag}`}, ${PUBLISHED_SHOP_STATUS})
        returning id`);
      for (const [i, userId] of [ownerId, ...members].entries())
        await t.database.db.execute(sql`
          insert into company_members (company_id, user_id, role)
          values (${company!.id}, ${userId}, ${i === 0 ? 'owner' : 'member'})`);
      return { companyId: Number(company!.id), shopId: Number(shop!.id), name: `通知カフェ ${tag}` };
    };
    /** A live request (配信中, approved now, so billed by the database) of the shop, 3 units of 100 yen. */
    const liveAd = async (shopId: number, createdBy: number, endsOn = '2031-12-31') => {
      const [ad] = await q<{ id: number }>(sql`
        insert into advertisements (shop_id, status, text, platforms, units, reward, fee_waived, starts_on, ends_on,
          approved_at, created_by)
        values (${shopId}, '配信中', '#PR 通知のテスト', '["x"]'::jsonb, 3, 100, false,
          ${new Date(Date.now() - DAY_MS).toISOString().slice(0, 10)}, ${endsOn}, now(), ${createdBy})
        returning id`);
      return Number(ad!.id);
    };
    const unit = async (
      adId: number,
      userId: number,
      status: string,
      expiresAt: Date = new Date(AT.getTime() + 3 * DAY_MS),
      shortLinkId: number | null = null,
    ) => {
      const [u] = await q<{ id: number }>(sql`
        insert into units (advertisement_id, user_id, reward, status, platform, offered_at, accepted_at, expires_at,
          short_link_id, post_url, posted_at, judged_at)
        values (${adId}, ${userId}, 100, ${status}, 'x', ${new Date(Date.now() - HOUR_MS)}, now(), ${expiresAt},
          ${shortLinkId},
          ${status === 'posted' || status === 'approved' ? xPost('told', Math.floor(Math.random() * 1e6)) : null},
          ${status === 'posted' || status === 'approved' ? new Date() : null},
          ${status === 'approved' ? new Date() : null})
        returning id`);
      return Number(u!.id);
    };
    const preferEach = (userId: number) =>
      t.database.db.execute(sql`
        insert into notification_settings (user_id, posts_to_judge) values (${userId}, 'each')
        on conflict (user_id) do update set posts_to_judge = 'each'`);

    /** What `userId` was told of `kind`: the in-app rows and the mail deliveries. */
    const told = async (userId: number, kindName: NotificationKind) => ({
      inApp: await q<{ record_key: string; title: string; body: string; path: string }>(sql`
        select record_key, title, body, path from notifications
        where user_id = ${userId} and kind = ${kindName} order by id`),
      mails: await q<{ record_key: string; title: string }>(sql`
        select record_key, title from notification_deliveries
        where user_id = ${userId} and kind = ${kindName} and channel = 'mail' order by id`),
    });
    /** Exactly one message of `kind` about `record`, with the contract's text, in-app and by mail. */
    const expectToldOnce = async <K extends NotificationKind>(
      userId: number,
      kindName: K,
      record: string,
      params: NotificationParams<K>,
    ) => {
      const text = renderNotification(kindName, params);
      const got = await told(userId, kindName);
      expect(got.inApp).toEqual([{ record_key: record, ...text }]);
      expect(got.mails).toEqual([{ record_key: record, title: text.title }]);
    };

    /* ------------------------------------------------------------------ supporters */

    it('offer.expiring: an open offer due within 24 hours is reminded once however often the 15-minute job runs; one due later is not yet, one made with less than a day to answer never', async () => {
      const [supporter, later, owner] = [await person(), await person(), await person()];
      const shop = await shopOf(owner.id);
      const adId = await liveAd(shop.shopId, owner.id);
      const due = new Date(AT.getTime() + 10 * HOUR_MS);
      const unitId = await unit(adId, supporter.id, 'offered', due);
      await unit(adId, later.id, 'offered', new Date(AT.getTime() + 30 * HOUR_MS));
      // An offer made with less than a day to answer named its deadline when it arrived: no reminder.
      const short = await person();
      const shortUnit = await unit(adId, short.id, 'offered', due);
      await t.database.db.execute(
        sql`update units set offered_at = ${new Date(AT.getTime() - HOUR_MS)} where id = ${shortUnit}`,
      );
      for (let i = 0; i < 2; i++) await t.app.advertisements.remindExpiringOffers(AT);
      expect((await told(short.id, 'offer.expiring')).inApp).toEqual([]);
      await expectToldOnce(supporter.id, 'offer.expiring', `unit:${unitId}`, {
        shop: shop.name,
        deadline: due.toISOString(),
      });
      expect((await told(later.id, 'offer.expiring')).inApp).toEqual([]);
      // A day later the other one is due, and told.
      await t.app.advertisements.remindExpiringOffers(new Date(AT.getTime() + DAY_MS));
      expect((await told(later.id, 'offer.expiring')).inApp).toHaveLength(1);
    });

    it('payout.scheduled, payout.paid, payout.failed: the batch built, marked paid, a line failed — each told once to the supporter with the amount (and the day)', async () => {
      const supporter = await person();
      const money = new MoneyService({
        db: t.database.db,
        env: t.env,
        provider: null,
        now: () => AT,
        outbox,
        accounts: t.app.accounts.service,
      });
      await money.saveAccount(supporter.id, {
        bank_code: '0001',
        branch_code: '001',
        account_type: '普通',
        account_number: '7654321',
        holder_name: 'ツウチ ハナコ',
      });
      await credit(t.database.db, {
        userId: supporter.id,
        amount: 3200,
        kind: 'reward',
        reference: `test:${supporter.id}`,
        idempotencyKey: `test:${supporter.id}:reward`,
      });
      const built = await money.build('2031-02', null);
      await money.build('2031-02', null); // the cron and a click: one batch
      const batchId = built.batch.id;
      const [line] = await q<{ id: number }>(
        sql`select id from payout_lines where batch_id = ${batchId} and user_id = ${supporter.id}`,
      );
      await expectToldOnce(supporter.id, 'payout.scheduled', `payout_line:${line!.id}`, {
        amount: 3200,
        day: built.batch.payment_date,
      });
      expect((await told(supporter.id, 'payout.paid')).inApp).toEqual([]);

      await money.zengin(batchId);
      await money.markPaid(batchId);
      await money.markPaid(batchId);
      await expectToldOnce(supporter.id, 'payout.paid', `payout_line:${line!.id}`, { amount: 3200 });

      await money.markFailed(line!.id, '口座番号の誤り');
      await money.markFailed(line!.id, '口座番号の誤り');
      await expectToldOnce(supporter.id, 'payout.failed', `payout_line:${line!.id}`, { amount: 3200 });
    });

    /* ------------------------------------------------------------------ shops */

    it('posts.to_judge (each): a proof reported tells at once, in its transaction, the shop’s people who chose 「届くたびに」, not those on the digest', async () => {
      const [supporter, eachOwner, digestMember] = [await person(), await person(), await person()];
      const shop = await shopOf(eachOwner.id, digestMember.id);
      await preferEach(eachOwner.id);
      const adId = await liveAd(shop.shopId, eachOwner.id);
      const unitId = await unit(adId, supporter.id, 'accepted');
      const client = await loginAs(t, supporter.email, DEMO_PASSWORD);
      const service = t.app.advertisements;
      const real = service.postChecker;
      // The platform cannot be asked: the proof waits for the shop's judgement (product design section 8).
      service.postChecker = { check: async () => ({ status: 'unknown' }) } as unknown as typeof real;
      try {
        const url = xPost('told_supporter', 7);
        for (let i = 0; i < 2; i++) {
          const res = await client.post(`/api/units/${unitId}/proof`, { post_url: url });
          expect(res.statusCode, res.body).toBe(200);
        }
      } finally {
        service.postChecker = real;
      }
      await expectToldOnce(eachOwner.id, 'posts.to_judge', `unit:${unitId}:proof:1`, {
        shop: shop.name,
        posts: 1,
      });
      expect((await told(digestMember.id, 'posts.to_judge')).inApp).toEqual([]);
    });

    it('posts.to_judge (digest, the default): at 09:00 each of the shop’s people on the digest hears how many posts wait, once a day', async () => {
      const [supporter, owner, eachMember] = [await person(), await person(), await person()];
      const shop = await shopOf(owner.id, eachMember.id);
      await preferEach(eachMember.id);
      const adId = await liveAd(shop.shopId, owner.id);
      await unit(adId, supporter.id, 'posted');
      await unit(adId, (await person()).id, 'posted');
      await unit(adId, (await person()).id, 'approved');
      for (let i = 0; i < 2; i++) await t.app.advertisements.judgeDigest(AT);
      await expectToldOnce(owner.id, 'posts.to_judge', `shop:${shop.shopId}:day:2031-03-10`, {
        shop: shop.name,
        posts: 2,
      });
      expect((await told(eachMember.id, 'posts.to_judge')).inApp).toEqual([]);
      // Nothing waits for a shop without posts: its people hear nothing.
      const [quietOwner] = [await person()];
      const quiet = await shopOf(quietOwner.id);
      await liveAd(quiet.shopId, quietOwner.id);
      await t.app.advertisements.judgeDigest(AT);
      expect((await told(quietOwner.id, 'posts.to_judge')).inApp).toEqual([]);
    });

    it('request.ended: at its end the request’s maker hears its posts, clicks and what was billed, once however often the end job runs', async () => {
      const [owner, a, b, c] = [await person(), await person(), await person(), await person()];
      const shop = await shopOf(owner.id);
      const adId = await liveAd(shop.shopId, owner.id, '2031-03-05');
      const link = await createShortLink(t.database.db, { targetUrl: '/demo-cafe', purpose: 'unit' });
      await unit(adId, a.id, 'approved', undefined, link.id);
      await unit(adId, b.id, 'posted');
      await unit(adId, c.id, 'offered');
      await t.database.db.execute(sql`
        insert into short_link_click_sources (link_id, day, platform, device, clicks)
        values (${link.id}, '2031-03-01', 'x', 'mobile', 5), (${link.id}, '2031-03-02', 'x', 'pc', 2)`);
      for (let i = 0; i < 2; i++) await t.app.advertisements.endRequests(AT);
      const [ad] = await q<{ status: string }>(sql`select status from advertisements where id = ${adId}`);
      expect(ad!.status).toBe('終了');
      // One approved post of 100 yen and its 30 % fee (tax excluded).
      await expectToldOnce(owner.id, 'request.ended', `ad:${adId}`, {
        shop: shop.name,
        posts: 2,
        clicks: 7,
        billed: 130,
      });
    });

    it('invoice.issued: on the 1st the closed month’s invoice is issued and each of the company’s people told the total once; a company with nothing to pay is not', async () => {
      const [owner, member, other] = [await person(), await person(), await person()];
      const shop = await shopOf(owner.id, member.id);
      const none = await shopOf(other.id);
      await t.database.db.execute(sql`
        insert into bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal)
        values (${900_000 + shop.shopId}, ${shop.companyId}, ${shop.shopId}, '2031-02', 2, 300, 600, 180, 780)`);
      const billing = new BillingService(t.database.db, t.env, () => AT, null, { error: () => {} }, outbox);
      for (let i = 0; i < 2; i++) await billing.issueInvoices('2031-02');
      // 780 yen and 10 % tax.
      for (const who of [owner, member])
        await expectToldOnce(who.id, 'invoice.issued', `invoice:${shop.companyId}:2031-02`, {
          month: '2031-02',
          amount: 858,
        });
      expect((await told(other.id, 'invoice.issued')).inApp).toEqual([]);
      expect(none.companyId).toBeGreaterThan(0);
    });

    it('card.failed: a month’s card charge that Stripe reports failed tells the company’s people once, though the webhook comes twice', async () => {
      const owner = await person();
      const shop = await shopOf(owner.id);
      await t.database.db.execute(sql`
        insert into card_charges (company_id, month, amount, provider) values (${shop.companyId}, '2031-02', 858, 'standin')`);
      const event = (id: string) =>
        ({
          id,
          type: 'payment_intent.payment_failed',
          data: {
            object: {
              id: `pi_told_${shop.companyId}`,
              amount: 858,
              status: 'requires_payment_method',
              metadata: { focustar_company_id: String(shop.companyId), focustar_invoice_month: '2031-02' },
              last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
            },
          },
        }) as unknown as Stripe.Event;
      const deps = {
        db: t.database.db,
        provider: null,
        log: t.app.log,
        now: () => AT,
        outbox,
      };
      expect(await handleStripeEvent(deps, event(`evt_told_${shop.companyId}_1`))).toBe('handled');
      expect(await handleStripeEvent(deps, event(`evt_told_${shop.companyId}_2`))).toBe('handled');
      const [charge] = await q<{ status: string }>(
        sql`select status from card_charges where company_id = ${shop.companyId}`,
      );
      expect(charge!.status).toBe('failed');
      await expectToldOnce(owner.id, 'card.failed', `card:${shop.companyId}:2031-02`, { amount: 858 });
    });

    it('card.failed: the monthly charge’s own decline tells the company’s people once, though the job runs twice', async () => {
      const owner = await person();
      const shop = await shopOf(owner.id);
      await t.database.db.execute(sql`
        insert into bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal)
        values (${900_000 + shop.shopId}, ${shop.companyId}, ${shop.shopId}, '2031-01', 1, 1000, 1000, 300, 1300)`);
      // A provider whose card is declined (Stripe's card_error), as the stand-in's pm_card_chargeCustomerFail.
      const declining = {
        kind: 'standin',
        publishableKey: 'pk_test',
        chargeSavedCard: async () => {
          throw new PaymentProviderError(
            402,
            'card_error',
            'card_declined',
            null,
            'declined',
            null,
            'generic_decline',
          );
        },
      } as unknown as PaymentProvider;
      await billingRepo.saveCustomer(
        t.database.db,
        shop.companyId,
        'standin',
        `cus_told_${shop.companyId}`,
        owner.id,
      );
      await billingRepo.saveCard(
        t.database.db,
        shop.companyId,
        {
          paymentMethodId: `pm_told_${shop.companyId}`,
          brand: 'visa',
          last4: '0341',
          expMonth: 12,
          expYear: 2035,
        },
        owner.id,
      );
      const billing = new BillingService(
        t.database.db,
        t.env,
        () => AT,
        declining,
        { error: () => {} },
        outbox,
      );
      const first = await billing.chargeCards('2031-01');
      const again = await billing.chargeCards('2031-01');
      expect([first.failed, again.failed]).toEqual([1, 0]);
      // 1,300 yen and 10 % tax.
      await expectToldOnce(owner.id, 'card.failed', `card:${shop.companyId}:2031-01`, { amount: 1430 });
    });

    it('wired before (ADR 0175): a request sent back and approved, a post returned and a post approved each tell their person once, though each is done twice', async () => {
      const [owner, staffer, a, b] = [await person(), await person(2), await person(), await person()];
      const shop = await shopOf(owner.id);
      const auth = (userId: number, priority: number) => ({
        userId,
        priority,
        sessionId: 'test',
        jti: 'test',
      });
      const [ad] = await q<{ id: number }>(sql`
        insert into advertisements (shop_id, status, text, platforms, units, reward, fee_waived, starts_on, ends_on,
          submitted_at, created_by)
        values (${shop.shopId}, '審査中', '#PR 審査のテスト', '["x"]'::jsonb, 3, 100, false,
          ${new Date().toISOString().slice(0, 10)}, '2031-12-31', now(), ${owner.id})
        returning id`);
      const adId = Number(ad!.id);
      const service = t.app.advertisements;
      for (let i = 0; i < 2; i++) await service.reject(adId, '写真が不鮮明です', auth(staffer.id, 5));
      const returned = await told(owner.id, 'request.returned');
      expect(returned.inApp.map(({ record_key: _r, ...text }) => text)).toEqual([
        renderNotification('request.returned', {
          shop: shop.name,
          reason: '写真が不鮮明です',
          advertisementId: adId,
        }),
      ]);
      expect(returned.mails).toHaveLength(1);

      await t.database.db.execute(sql`update advertisements set status = '審査中' where id = ${adId}`);
      for (let i = 0; i < 2; i++) await service.approve(adId, auth(staffer.id, 5));
      const [offers] = await q<{ n: number }>(
        sql`select count(*)::int as n from units where advertisement_id = ${adId}`,
      );
      await expectToldOnce(owner.id, 'request.approved', `ad:${adId}`, {
        shop: shop.name,
        offers: Number(offers!.n),
      });

      const rejected = await unit(adId, a.id, 'posted');
      for (let i = 0; i < 2; i++)
        await service.rejectUnit(rejected, { reason: '#PRの表示がない', note: '' }, auth(owner.id, 10));
      const back = await told(a.id, 'post.returned');
      expect(back.inApp.map(({ record_key: _r, ...text }) => text)).toEqual([
        renderNotification('post.returned', {
          shop: shop.name,
          reason: '#PRの表示がない',
          canResubmit: true,
        }),
      ]);
      expect(back.mails).toHaveLength(1);

      const approved = await unit(adId, b.id, 'posted');
      for (let i = 0; i < 2; i++) await service.approveUnitBy(approved, auth(owner.id, 10));
      const yes = await told(b.id, 'post.approved');
      expect(yes.inApp).toHaveLength(1);
      expect(yes.inApp[0]).toMatchObject({ record_key: `unit:${approved}`, title: '投稿が承認されました' });
      expect(yes.inApp[0]!.body).toContain(`${shop.name}への投稿が承認されました。報酬100円は`);
      expect(yes.mails).toHaveLength(1);
    });

    it('a person with no e-mail address (signed up through LINE) is told in the app all the same; the mail is not sent', async () => {
      const [owner, lineOnly] = [await person(), await person()];
      await t.database.db.execute(sql`update users set email = null where id = ${lineOnly.id}`);
      const shop = await shopOf(owner.id);
      const adId = await liveAd(shop.shopId, owner.id);
      const approved = await unit(adId, lineOnly.id, 'posted');
      await t.app.advertisements.approveUnitBy(approved, {
        userId: owner.id,
        priority: 10,
        sessionId: 'test',
        jti: 'test',
      });
      const yes = await told(lineOnly.id, 'post.approved');
      expect(yes.inApp).toHaveLength(1);
      expect(yes.inApp[0]).toMatchObject({ record_key: `unit:${approved}`, title: '投稿が承認されました' });
      // No address, so no mail channel (server/platform/notify/preferences.ts): no delivery, no mail.
      expect(yes.mails).toEqual([]);
      expect(mail.to(lineOnly.email)).toEqual([]);
    });

    /* ------------------------------------------------------------------ staff */

    it('staff.digest: at 09:00 each staff user hears the counts of the operators’ queues, once a day; supporters do not', async () => {
      const [staffer, supporter, owner] = [await person(2), await person(), await person()];
      const shop = await shopOf(owner.id);
      await t.database.db.execute(sql`
        insert into advertisements (shop_id, status, text, platforms, units, reward, fee_waived, starts_on, ends_on, created_by)
        values (${shop.shopId}, '審査中', '#PR 審査待ち', '["x"]'::jsonb, 3, 100, false, '2031-04-01', '2031-04-30', ${owner.id})`);
      const queues = await staffQueues(t.database.db);
      expect(queues.requests).toBeGreaterThan(0);
      for (let i = 0; i < 2; i++) await sendStaffDigest(t.app, AT);
      await expectToldOnce(staffer.id, 'staff.digest', 'staff:day:2031-03-10', queues);
      expect((await told(supporter.id, 'staff.digest')).inApp).toEqual([]);
    });
  });
}
