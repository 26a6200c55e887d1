import twitterText from 'twitter-text';
import {
  AD_MESSAGES,
  AD_STATUS,
  type AdListQuery,
  type Advertisement,
  AUTO_APPROVE_DAYS,
  draftErrors,
  EDITABLE_AD_STATUSES,
  FIELD_MESSAGES,
  MAX_IMAGES,
  MAX_PROOF_SUBMISSIONS,
  OFFER_RESPONSE_DAYS,
  REVERSAL_REASONS,
  REWARD_HOLD_DAYS,
  type Platform,
  type Rewards,
  type Unit,
  type UnitListQuery,
  canonicalPostLocation,
  checkPostUrl,
  tokyoDate,
  withDisclosure,
  draftOf,
  type AdPeriod,
  createAdSchema,
  rejectUnitSchema,
  updateAdSchema,
} from '../../../contracts/advertisements.ts';
import { PUBLISHED_SHOP_STATUS, PAID_STATUS } from '../../../contracts/shops.ts';
import { FIRST_AD_UNITS, PLATFORM_FEE_PERCENT, STANDARD_REWARD } from '../../../contracts/pricing.ts';
import type { z } from 'zod';
import { now } from '../../platform/clock.ts';
import { type Db, isUniqueViolation } from '../../platform/db/client.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import { type Jobs, SUPPORTER_CHANGED_QUEUE } from '../../platform/jobs.ts';
import { audit } from '../../platform/audit.ts';
import { raiseFraudFlag } from '../../platform/fraud-signals.ts';
import { deriveKey, hmac } from '../../platform/keys.ts';
import { credit, debit } from '../../platform/ledger.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { postsToJudgeMode } from '../../platform/notify/preferences.ts';
import { type AuthContext, STAFF_PRIORITY } from '../../platform/plugins/access.ts';
import { createShortLink, retargetShortLinks } from '../../platform/short-links.ts';
import type { StoredImage } from '../../platform/storage.ts';
import * as mails from './mails.ts';
import { checkProof, type PostChecker } from './post-checker.ts';
import * as repo from './repo.ts';
import * as units from './repo-units.ts';

/** X's weighted count (twitter-text v3: CJK 2, URL 23): the one counter of the server. */
export const weightedLength = (post: string) => twitterText.parseTweet(post).weightedLength;

/** Queue names (declared in setup.ts). */
export const JOBS = {
  autoApprove: 'ad-auto-approve',
  autoApproveDue: 'ad-auto-approve-due',
  expireOffers: 'ad-expire-offers',
  endRequests: 'ad-end-requests',
  /**
   * Issue 23: a held reward's check after REWARD_HOLD_DAYS. ADR 0205: no longer sent (the sweep `confirmDue`
   * confirms every due reward); still worked, so jobs enqueued before it run out.
   */
  confirmReward: 'ad-confirm-reward',
  confirmDue: 'ad-confirm-due',
  /** Issue 23: open offers of supporters who may no longer have them (sent by the supporters feature). */
  withdrawOffers: SUPPORTER_CHANGED_QUEUE,
  /** Issue 26 (ADR 0177): offers whose deadline is within 24 hours, and the shops' daily digest of posts. */
  offersExpiring: 'ad-offers-expiring',
  judgeDigest: 'ad-judge-digest',
} as const;

/** Issue 26: a supporter is reminded of an open offer this long before its answer deadline. */
export const EXPIRING_NOTICE_MS = 24 * 3_600_000;

const DAY_MS = 86_400_000;

const actorOf = (auth: AuthContext): repo.Actor => ({
  userId: auth.userId,
  staff: auth.priority <= STAFF_PRIORITY,
});

/** The public page of an ended request (seed spec: /period "ad posting has ended"). */
export const periodPath = (adId: number) => `/period?ad=${adId}`;

/** The end of a request's last day in Japan (offers expire then at the latest). */
export const endOfTokyoDay = (day: string) => new Date(`${day}T23:59:59.999+09:00`);

/**
 * What the advertisements service works with (issue 28: a plain deps object, built by ./setup.ts). Other
 * features' rows change through their services (ADR 0182), read from the instance at each call.
 */
export interface AdvertisementDeps {
  db: Db;
  appUrl: string;
  /** Derives the key of the hashes of handles kept as fraud evidence (issue 24). */
  appSecret: string;
  jobs: Pick<Jobs, 'send'>;
  /** The one outbox (issue 26): `notify` bound to the app. */
  outbox: Outbox;
  /** Deletes a stored image (uploads a request refuses). */
  deleteImage: (key: string) => Promise<void>;
  /** Asks the platform about a reported post (setup.ts chooses it; tests replace it on the service). */
  postChecker: PostChecker;
  /** The accounts feature: the person took the first-advertising package (their flag, in `tx`). */
  accounts: { raiseFlagOnce(tx: Db, userId: number, flag: 'acceptedFirstAdvertising'): Promise<void> };
  /** The shops feature: the shop's first post was approved (its completedFirstAd flag, in `tx`). */
  shops: { completeFirstAd(tx: Db, shopId: number): Promise<void> };
}

type CreateBody = z.output<typeof createAdSchema>;
type UpdateBody = z.output<typeof updateAdSchema>;
type RejectUnitBody = z.output<typeof rejectUnitSchema>;

/**
 * Issue 13: the rules of support requests and units. Every change and the mails and jobs it causes are
 * written in one transaction (a mail for a change that rolled back is never sent).
 */
export class AdvertisementService {
  private readonly db: Db;
  private readonly appUrl: string;
  /** Keys the hashes of handles kept as fraud evidence (issue 24): never the handle itself. */
  private readonly flagKey: Buffer;

  /** Asks the platform about a reported post (from the deps; tests replace it). */
  public postChecker: PostChecker;

  constructor(private readonly deps: AdvertisementDeps) {
    this.db = deps.db;
    this.appUrl = deps.appUrl;
    this.flagKey = deriveKey(deps.appSecret, 'fraud-evidence');
    this.postChecker = deps.postChecker;
  }

  private link(path: string) {
    return new URL(path, this.appUrl).toString();
  }

  /* ---------------------------------------------------------------------------------- requests */

  private async shopToActFor(shopId: number, auth: AuthContext) {
    const shop = await repo.findShopForActor(this.db, shopId, actorOf(auth));
    if (!shop) throw validationError({ shop_id: [AD_MESSAGES.shopRequired] });
    if (!shop.allowed) throw new HttpError(403, AD_MESSAGES.notMember);
    return shop;
  }

  private async adOf(id: number, auth: AuthContext, db: Db = this.db, lock = false): Promise<repo.AdRecord> {
    const found = await repo.findAd(db, id, actorOf(auth), this.appUrl, lock);
    if (!found) throw new HttpError(404, AD_MESSAGES.notFound);
    return found;
  }

  private async mustFind(id: number, auth: AuthContext): Promise<Advertisement> {
    return (await this.adOf(id, auth)).ad;
  }

  /** Field values as stored: the disclosure is put back when missing (the user cannot remove it). */
  private columns(body: UpdateBody) {
    const out: Record<string, unknown> = {};
    if (body.text !== undefined) out.text = withDisclosure(body.text);
    if (body.hashtags !== undefined) out.hashtags = JSON.stringify(body.hashtags);
    if (body.landing_url !== undefined) out.landing_url = body.landing_url;
    if (body.platforms !== undefined) out.platforms = JSON.stringify(body.platforms);
    if (body.units !== undefined) out.units = body.units;
    if (body.reward !== undefined) out.reward = body.reward;
    if (body.starts_on !== undefined) out.starts_on = body.starts_on;
    if (body.ends_on !== undefined) out.ends_on = body.ends_on;
    return out;
  }

  async create(body: CreateBody, auth: AuthContext): Promise<Advertisement> {
    const shop = await this.shopToActFor(body.shop_id, auth);
    if (body.image_urls?.length) throw validationError({ image_urls: [FIELD_MESSAGES.imageUnknown] });
    const cols: Record<string, unknown> = { text: withDisclosure(''), ...this.columns(body) };
    const id = await repo.insertAd(this.db, shop.id, auth.userId, cols);
    return this.mustFind(id, auth);
  }

  /** The first-advertising package (product design section 3): once per shop, fee waived. */
  async startFirst(shopId: number, auth: AuthContext): Promise<Advertisement> {
    const shop = await this.shopToActFor(shopId, auth);
    let id: number;
    try {
      id = await this.db.transaction(async (tx) => {
        const created = await repo.insertFirstAd(tx, {
          shopId: shop.id,
          createdBy: auth.userId,
          text: withDisclosure(''),
          units: FIRST_AD_UNITS,
          reward: STANDARD_REWARD,
        });
        await this.deps.accounts.raiseFlagOnce(tx, auth.userId, 'acceptedFirstAdvertising');
        return created;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new HttpError(409, AD_MESSAGES.firstUsed);
      throw err;
    }
    return this.mustFind(id, auth);
  }

  async update(id: number, body: UpdateBody, auth: AuthContext): Promise<Advertisement> {
    const current = await this.adOf(id, auth);
    if (!EDITABLE_AD_STATUSES.includes(current.ad.status)) throw new HttpError(409, AD_MESSAGES.notEditable);
    if (current.ad.is_first) {
      const fixed: Record<string, string[]> = {};
      if (body.units != null && body.units !== FIRST_AD_UNITS) fixed.units = [AD_MESSAGES.firstFixed];
      if (body.reward != null && body.reward !== STANDARD_REWARD) fixed.reward = [AD_MESSAGES.firstFixed];
      if (Object.keys(fixed).length) throw validationError(fixed);
      delete body.units;
      delete body.reward;
    }
    const cols = this.columns(body);
    if (body.image_urls !== undefined) {
      // Only images this request holds may stay (removing is the one change a PUT makes to them).
      const unknown = body.image_urls.filter((u) => !current.ad.image_urls.includes(u));
      if (unknown.length) throw validationError({ image_urls: [FIELD_MESSAGES.imageUnknown] });
      cols.image_urls = JSON.stringify(body.image_urls);
    }
    if (Object.keys(cols).length && !(await repo.updateEditableAd(this.db, id, cols)))
      throw new HttpError(409, AD_MESSAGES.notEditable);
    return this.mustFind(id, auth);
  }

  async addImages(id: number, images: StoredImage[], auth: AuthContext): Promise<Advertisement> {
    const current = await this.adOf(id, auth);
    const refuse = async (status: number, message: string, errors?: Record<string, string[]>) => {
      await Promise.all(images.map((i) => this.deps.deleteImage(i.key)));
      throw new HttpError(status, message, errors);
    };
    if (!EDITABLE_AD_STATUSES.includes(current.ad.status)) return refuse(409, AD_MESSAGES.notEditable);
    if (current.ad.image_urls.length + images.length > MAX_IMAGES)
      return refuse(422, FIELD_MESSAGES.images, { images: [FIELD_MESSAGES.images] });
    const added = await repo.appendAdImages(
      this.db,
      id,
      images.map((i) => i.url),
      MAX_IMAGES,
    );
    if (!added) return refuse(409, AD_MESSAGES.notEditable);
    return this.mustFind(id, auth);
  }

  /** 下書き or 差し戻し -> 審査中: complete, the shop published, the company available (trading). */
  async submit(id: number, auth: AuthContext): Promise<Advertisement> {
    const current = await this.adOf(id, auth);
    if (current.ad.status === AD_STATUS.review) return current.ad; // a double click
    if (!EDITABLE_AD_STATUSES.includes(current.ad.status))
      throw new HttpError(409, AD_MESSAGES.notSubmittable);
    if (current.shopStatus !== PUBLISHED_SHOP_STATUS) throw new HttpError(403, AD_MESSAGES.shopNotPublished);
    if (current.paidStatus !== PAID_STATUS.availableTrading)
      throw new HttpError(403, AD_MESSAGES.companyUnavailable);
    const errors = draftErrors(draftOf(current.ad), weightedLength, tokyoDate(now()));
    if (Object.keys(errors).length) throw validationError(errors);
    await repo.markAdSubmitted(this.db, id, now());
    return this.mustFind(id, auth);
  }

  async list(query: AdListQuery, auth: AuthContext) {
    const actor = actorOf(auth);
    if (!query.shop_id && !actor.staff) throw validationError({ shop_id: [AD_MESSAGES.shopRequired] });
    if (query.shop_id) await this.shopToActFor(query.shop_id, auth);
    return repo.listAds(
      this.db,
      {
        actor,
        ...(query.shop_id ? { shopId: query.shop_id } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      },
      this.appUrl,
    );
  }

  /** Members and staff see the whole request; a supporter with a unit of it sees it too. */
  async get(id: number, auth: AuthContext): Promise<Advertisement> {
    const own = await repo.findAd(this.db, id, actorOf(auth), this.appUrl);
    if (own) return own.ad;
    const asSupporter = await repo.findAdOfSupporter(this.db, id, auth.userId, this.appUrl);
    if (asSupporter) return asSupporter.ad;
    throw new HttpError(404, AD_MESSAGES.notFound);
  }

  /**
   * Staff approve: 審査中 -> 配信中, and the request is split into units, one offer per supporter (product
   * design section 7), each with its mail, in one transaction.
   */
  async approve(id: number, auth: AuthContext): Promise<Advertisement> {
    await this.db.transaction(async (tx) => {
      const current = await this.adOf(id, auth, tx, true);
      if (current.ad.status === AD_STATUS.live) return; // a double click
      if (current.ad.status !== AD_STATUS.review) throw new HttpError(409, AD_MESSAGES.notInReview);
      const at = now();
      const ad = current.ad;
      if (!ad.ends_on || ad.ends_on < tokyoDate(at)) throw new HttpError(409, AD_MESSAGES.requestEnded);
      await repo.markAdLive(tx, id, at, auth.userId);
      await audit(tx, {
        actor: auth,
        action: 'advertisement.approve',
        table: 'advertisements',
        id,
        before: { status: current.ad.status },
        after: { status: AD_STATUS.live },
      });
      const offers = await this.topUpOffers(tx, id, at);
      const owner = current.createdBy ? await repo.personOf(tx, current.createdBy) : null;
      if (owner && current.createdBy) {
        await this.deps.outbox(tx, {
          to: current.createdBy,
          kind: 'request.approved',
          record: `ad:${id}`,
          params: { shop: ad.shop.name, offers },
          mail: mails.adApprovedMail({
            name: owner.name,
            shop: ad.shop.name,
            offers,
            url: this.link('/advertisements'),
          }),
        });
      }
    });
    return this.mustFind(id, auth);
  }

  /** Staff send back: 審査中 -> 差し戻し with a reason the owner sees. */
  async reject(id: number, reason: string, auth: AuthContext): Promise<Advertisement> {
    await this.db.transaction(async (tx) => {
      const current = await this.adOf(id, auth, tx, true);
      if (current.ad.status === AD_STATUS.sentBack && current.ad.reject_reason === reason) return;
      if (current.ad.status !== AD_STATUS.review) throw new HttpError(409, AD_MESSAGES.notInReview);
      await repo.markAdSentBack(tx, id, reason, auth.userId);
      await audit(tx, {
        actor: auth,
        action: 'advertisement.send_back',
        table: 'advertisements',
        id,
        before: { status: current.ad.status, reject_reason: current.ad.reject_reason },
        after: { status: AD_STATUS.sentBack, reject_reason: reason },
      });
      const owner = current.createdBy ? await repo.personOf(tx, current.createdBy) : null;
      if (owner && current.createdBy) {
        await this.deps.outbox(tx, {
          to: current.createdBy,
          kind: 'request.returned',
          record: `ad:${id}:${current.ad.submitted_at ?? ''}`,
          params: { shop: current.ad.shop.name, reason, advertisementId: id },
          mail: mails.adSentBackMail({
            name: owner.name,
            shop: current.ad.shop.name,
            reason,
            url: this.link(`/ad?step=1&id=${id}`),
          }),
        });
      }
    });
    return this.mustFind(id, auth);
  }

  /* ------------------------------------------------------------------------------------- units */

  private async unitOf(id: number, auth: AuthContext, db: Db = this.db): Promise<repo.UnitRecord> {
    const found = await repo.findUnit(db, id, actorOf(auth), this.appUrl);
    if (!found) throw new HttpError(404, AD_MESSAGES.unitNotFound);
    return found;
  }

  async getUnit(id: number, auth: AuthContext): Promise<Unit> {
    return (await this.unitOf(id, auth)).unit;
  }

  async listUnits(query: UnitListQuery, auth: AuthContext) {
    const actor = actorOf(auth);
    const scope: repo.UnitScope = { userId: auth.userId };
    if (query.shop_id) {
      await this.shopToActFor(query.shop_id, auth);
      scope.shopId = query.shop_id;
    }
    if (query.advertisement_id) {
      const ad = await repo.findAd(this.db, query.advertisement_id, actor, this.appUrl);
      if (!ad) throw new HttpError(404, AD_MESSAGES.notFound);
      scope.advertisementId = ad.ad.id;
    }
    return repo.listUnits(
      this.db,
      {
        scope,
        ...(query.status ? { status: query.status } : {}),
        ...(query.cursor ? { cursor: query.cursor } : {}),
      },
      this.appUrl,
    );
  }

  /** offered -> accepted (the supporter's own unit, before its deadline); the tracking link is made here. */
  async accept(id: number, platform: Platform | undefined, auth: AuthContext): Promise<Unit> {
    const current = await this.unitOf(id, auth);
    if (current.userId !== auth.userId) throw new HttpError(404, AD_MESSAGES.unitNotFound);
    const platforms = current.unit.advertisement.platforms;
    if (platform && !platforms.includes(platform))
      throw validationError({ platform: [FIELD_MESSAGES.acceptPlatform] });
    // The offer is for one of the supporter's approved accounts (product design section 8); choosing another
    // of the request's platforms takes the supporter's approved account there.
    const chosen =
      platform ?? current.unit.sns_account?.platform ?? current.unit.platform ?? platforms[0] ?? 'x';
    const account =
      current.unit.sns_account && current.unit.sns_account.platform === chosen
        ? current.unit.sns_account.id
        : await repo.approvedAccountOn(this.db, auth.userId, chosen);
    if (account === null) throw validationError({ platform: [AD_MESSAGES.noSnsAccount] });
    await this.db.transaction(async (tx) => {
      const at = now();
      const row = await units.acceptOffer(tx, {
        id,
        userId: auth.userId,
        at,
        platform: chosen,
        snsAccountId: account,
      });
      if (!row) {
        const again = await this.unitOf(id, auth, tx);
        if (again.unit.status === 'accepted') return; // a double click
        throw new HttpError(409, AD_MESSAGES.notOffered);
      }
      const target = await units.linkTargetOfAd(tx, row.advertisementId);
      const link = await createShortLink(tx, {
        // No landing URL: the shop's page of this site (a path, so the link works behind any host).
        targetUrl: target.landingUrl ?? `/${encodeURIComponent(target.screenName)}`,
        purpose: 'unit',
        createdBy: auth.userId,
      });
      await units.setUnitShortLink(tx, id, link.id);
    });
    return this.getUnit(id, auth);
  }

  async decline(id: number, auth: AuthContext): Promise<Unit> {
    const current = await this.unitOf(id, auth);
    if (current.userId !== auth.userId) throw new HttpError(404, AD_MESSAGES.unitNotFound);
    await this.db.transaction(async (tx) => {
      const adId = await units.declineOffer(tx, id, auth.userId);
      if (adId === null) {
        // Read again: a racing double click may have declined it after `current` was read.
        const again = await this.unitOf(id, auth, tx);
        if (again.unit.status === 'declined') return; // a double click
        throw new HttpError(409, AD_MESSAGES.notOffered);
      }
      // The place goes to the next candidate (ADR 0063).
      await this.topUpOffers(tx, adId, now());
    });
    return this.getUnit(id, auth);
  }

  /**
   * accepted (or rejected once) -> posted: the URL is a post of the unit's platform, not a profile, not
   * proof of another unit, and the checker does not say it is missing or lacks the disclosure.
   */
  async proof(id: number, postUrl: string, auth: AuthContext): Promise<Unit> {
    // Issue 29: the unit and whether another unit holds the address, in one read. The stored form of an
    // address does not depend on the platform (`canonicalPostLocation`): it is the `checked.url` below when
    // the address is one of the unit's platform.
    const storedForm = storedFormOf(postUrl);
    let taken: boolean | null = null;
    let current: repo.UnitRecord;
    if (storedForm === null) current = await this.unitOf(id, auth);
    else {
      const found = await repo.findUnitForProof(this.db, id, actorOf(auth), this.appUrl, storedForm);
      if (!found) throw new HttpError(404, AD_MESSAGES.unitNotFound);
      current = found.record;
      taken = found.postUrlTaken;
    }
    if (current.userId !== auth.userId) throw new HttpError(404, AD_MESSAGES.unitNotFound);
    const platform = current.unit.platform ?? current.unit.advertisement.platforms[0] ?? 'x';
    // The URL's form first (a double click is told by its canonical form), the post itself below.
    const checked = checkPostUrl(platform, postUrl);
    if (!checked.ok) throw validationError({ post_url: [checked.message] });
    if (current.unit.status === 'posted' && current.unit.post_url === checked.url) return current.unit; // double click
    const resubmit = current.unit.status === 'rejected';
    if (current.unit.status !== 'accepted' && !resubmit) throw new HttpError(409, AD_MESSAGES.notAccepted);
    if (resubmit && current.submissions >= MAX_PROOF_SUBMISSIONS)
      throw new HttpError(409, AD_MESSAGES.resubmitUsed);
    if (storedForm === checked.url ? taken : await units.postUrlTaken(this.db, checked.url, id))
      throw validationError({ post_url: [AD_MESSAGES.duplicatePost] });
    const judged = await checkProof(this.postChecker, {
      platform,
      postUrl: checked.url,
      handle: current.unit.sns_account?.handle ?? null,
      shortUrl: current.unit.short_url,
      hashtags: current.unit.advertisement.hashtags,
      period: {
        startsOn: current.unit.advertisement.starts_on,
        endsOn: current.unit.advertisement.ends_on,
        offeredAt: new Date(current.unit.offered_at),
      },
    });
    if (!judged.ok) {
      // Issue 24 "foreign_proof": a post by someone else's handle (shown from the second one on).
      if (judged.wrongAuthor)
        await raiseFraudFlag(this.db, {
          kind: 'foreign_proof',
          userId: auth.userId,
          subject: 'proofs',
          ids: [id],
          extra: { last_handle_hash: hmac(this.flagKey, judged.wrongAuthor.toLowerCase()).slice(0, 16) },
        });
      throw validationError({ post_url: [judged.message] });
    }
    const at = now();
    let posted: number | null = null;
    try {
      await this.db.transaction(async (tx) => {
        const marked = await units.markPosted(tx, {
          id,
          userId: auth.userId,
          shopId: current.shopId,
          postUrl: checked.url,
          at,
          check: judged.check,
          maxSubmissions: MAX_PROOF_SUBMISSIONS,
        });
        if (marked === null) {
          const again = await this.unitOf(id, auth, tx);
          if (again.unit.status === 'posted' && again.unit.post_url === checked.url) return;
          throw new HttpError(409, AD_MESSAGES.notAccepted);
        }
        const { submissions, tellEach } = marked;
        await this.deps.jobs.send(
          JOBS.autoApprove,
          { unitId: id },
          { startAfter: AUTO_APPROVE_DAYS * 86_400 + 60, retryLimit: 10 },
          tx,
        );
        await this.tellEachPost(tx, id, submissions, tellEach, {
          shopId: current.shopId,
          name: current.unit.shop.name,
        });
        posted = submissions;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw validationError({ post_url: [AD_MESSAGES.duplicatePost] });
      throw err;
    }
    // Issue 29 (ADR 0196): the unit as this proof left it, not read again (a double click's is read above).
    if (posted === null) return this.getUnit(id, auth);
    return repo.unitWith(
      current,
      {
        status: 'posted',
        post_url: checked.url,
        posted_at: at,
        post_check: judged.check,
        submissions: posted,
        reject_reason: null,
        reject_note: null,
      },
      this.appUrl,
    );
  }

  /**
   * posted -> approved and the reward credited, atomically: the status change is one conditional update
   * (`where status = 'posted'`) in the transaction that credits with the key `unit:{id}:reward`, so 50
   * racing approvals, or an approval racing the 7-day auto-approval, credit once. `judge` null = automatic.
   */
  private async approveUnit(
    db: Db,
    id: number,
    judge: (repo.Actor & { auth?: AuthContext }) | null,
    at: Date,
    knownShop?: { id: number; name: string; firstAdDone: boolean },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const due = new Date(at.getTime() - AUTO_APPROVE_DAYS * DAY_MS);
      const row = await units.approvePostedUnit(
        tx,
        id,
        judge ? { userId: judge.userId, staff: judge.staff } : null,
        at,
        due,
      );
      if (!row) return false;
      if (judge?.auth)
        await audit(tx, {
          actor: judge.auth,
          action: 'unit.approve',
          table: 'units',
          id,
          before: { status: 'posted' },
          after: { status: 'approved' },
        });
      await credit(tx, {
        userId: row.userId,
        amount: row.reward,
        kind: 'reward',
        reference: `unit:${id}`,
        idempotencyKey: `unit:${id}:reward`,
        at,
      });
      // 確定待ち for REWARD_HOLD_DAYS, then the post is checked again (product design section 8) by the
      // confirmation sweep (`confirmDue`, every CONFIRM_DUE_CRON), not by a job of its own (ADR 0205).
      // Product design section 3: the shop's first approved post raises completedFirstAd (the shops feature's row).
      // The judge's caller read the unit's shop already (issue 29: not read again); the automatic approval reads it.
      const shop = knownShop ?? (await repo.shopOfAd(tx, row.advertisementId));
      // Issue 29: the judge's read says whether the flag is up already (it never comes down); then no statement.
      if (shop && !(knownShop?.firstAdDone ?? false)) await this.deps.shops.completeFirstAd(tx, shop.id);
      const shopName = shop?.name ?? '';
      const who = row.person;
      if (who) {
        await this.deps.outbox(tx, {
          to: row.userId,
          kind: 'post.approved',
          record: `unit:${id}`,
          params: {
            shop: shopName,
            reward: row.reward,
            confirmDay: tokyoDate(new Date(at.getTime() + REWARD_HOLD_DAYS * DAY_MS)),
          },
          // Issue 29 (ADR 0205): the update read the person's channels and settings; nothing is read again.
          ...(who.facts ? { facts: who.facts } : {}),
          mail: mails.unitApprovedMail({
            name: who.name,
            shop: shopName,
            reward: row.reward,
            auto: judge === null,
            url: this.link('/advertisements'),
          }),
        });
      }
      return true;
    });
  }

  async approveUnitBy(id: number, auth: AuthContext): Promise<Unit> {
    const actor = actorOf(auth);
    // Issue 29: the unit and whether its supporter belongs to the shop's company, in one read.
    const found = await repo.findUnitForJudge(this.db, id, actor, this.appUrl);
    if (!found) throw new HttpError(404, AD_MESSAGES.unitNotFound);
    const current = found.record;
    if (current.userId === auth.userId) throw new HttpError(403, AD_MESSAGES.ownUnit);
    // Issue 24 "own_company": an owner approving a post of a member of the shop's own company.
    if (!actor.staff && found.ownCompany)
      await raiseFraudFlag(this.db, {
        kind: 'own_company',
        userId: auth.userId,
        subject: `shop:${current.shopId}`,
        ids: [id, current.userId],
      });
    // A unit someone else posted is visible to a member of its request's shop only (`unitVisibleTo`), and the
    // update judges only where the judge may (`unitJudgeableBy`): no statement of its own (issue 29, ADR 0196).
    const at = now();
    const changed = await this.approveUnit(this.db, id, { ...actor, auth }, at, {
      id: current.shopId,
      name: current.unit.shop.name,
      firstAdDone: found.firstAdDone,
    });
    if (!changed) {
      const again = await this.unitOf(id, auth);
      if (again.unit.status !== 'approved') throw new HttpError(409, AD_MESSAGES.notPosted);
      return again.unit; // a double click, or the automatic approval came first
    }
    // Issue 29 (ADR 0196): the unit as this approval left it, not read again.
    return repo.unitWith(current, { status: 'approved', judged_at: at }, this.appUrl);
  }

  async rejectUnit(id: number, body: RejectUnitBody, auth: AuthContext): Promise<Unit> {
    const actor = actorOf(auth);
    const current = await this.unitOf(id, auth);
    if (current.userId === auth.userId) throw new HttpError(403, AD_MESSAGES.ownUnit);
    // Visible and not their own: a member of the shop (as in `approveUnitBy`); the update checks it again.
    await this.db.transaction(async (tx) => {
      const row = await units.rejectPostedUnit(tx, {
        id,
        judge: actor,
        reason: body.reason,
        note: body.note || null,
        at: now(),
      });
      if (!row) {
        // Read again: a racing double click may have judged it after `current` was read.
        const again = await this.unitOf(id, auth, tx);
        if (again.unit.status === 'rejected' && again.unit.reject_reason === body.reason) return;
        throw new HttpError(409, AD_MESSAGES.notPosted);
      }
      await audit(tx, {
        actor: auth,
        action: 'unit.reject',
        table: 'units',
        id,
        before: { status: 'posted' },
        after: { status: 'rejected', reject_reason: body.reason, reject_note: body.note || null },
      });
      const who = await repo.personOf(tx, row.userId);
      if (who) {
        await this.deps.outbox(tx, {
          to: row.userId,
          kind: 'post.returned',
          record: `unit:${id}:${row.submissions}`,
          params: {
            shop: current.unit.shop.name,
            reason: body.reason,
            canResubmit: row.submissions < MAX_PROOF_SUBMISSIONS,
          },
          mail: mails.unitRejectedMail({
            name: who.name,
            shop: current.unit.shop.name,
            reason: body.reason,
            note: body.note,
            canResubmit: row.submissions < MAX_PROOF_SUBMISSIONS,
            url: this.link('/advertisements'),
          }),
        });
      }
    });
    return this.getUnit(id, auth);
  }

  /** The public facts of an ended request for its /period page (shop and period; nothing else). */
  async period(id: number): Promise<AdPeriod> {
    const found = await repo.findEndedAd(this.db, id);
    if (!found) throw new HttpError(404, AD_MESSAGES.periodNotFound);
    return found;
  }

  async rewards(auth: AuthContext, cursor?: number): Promise<Rewards> {
    return repo.rewardsOf(this.db, auth.userId, cursor ?? null);
  }

  /* -------------------------------------------------------------------------------------- jobs */

  /**
   * The 7-day automatic approval of one unit (a no-op when judged already or not yet due). A post the
   * platform could not be asked about is asked again first; still unknown (or failing now), it stays with
   * the shop (product design section 8: never approved automatically unchecked).
   */
  async autoApprove(unitId: number, at: Date = now()): Promise<boolean> {
    const row = await units.postCheckOf(this.db, unitId);
    if (row?.status === 'posted' && row.postCheck === 'unknown') {
      const unit = (await repo.findUnit(this.db, unitId, { userId: 0, staff: true }, this.appUrl))!;
      const again = await checkProof(this.postChecker, {
        platform: unit.unit.platform ?? 'x',
        postUrl: unit.unit.post_url ?? '',
        handle: unit.unit.sns_account?.handle ?? null,
        shortUrl: unit.unit.short_url,
        hashtags: unit.unit.advertisement.hashtags,
        period: { startsOn: null, endsOn: null, offeredAt: new Date(unit.unit.offered_at) },
      });
      if (!again.ok || again.check !== 'ok') return false;
      await units.markPostSeen(this.db, unitId);
    }
    return this.approveUnit(this.db, unitId, null, at);
  }

  /** Every post not judged within 7 days (the sweep behind the per-unit jobs). */
  async autoApproveDue(at: Date = now()): Promise<number> {
    const due = new Date(at.getTime() - AUTO_APPROVE_DAYS * DAY_MS);
    let n = 0;
    for (const id of await units.postsDueForAutoApproval(this.db, due))
      if (await this.autoApprove(id, at)) n += 1;
    return n;
  }

  /**
   * Open offers past their deadline expire, and each place goes to the next candidate of its request while
   * the request is live (ADR 0063). One transaction per request, so a failure leaves the others done.
   */
  async expireOffers(at: Date = now()): Promise<number> {
    await this.withdrawIneligibleOffers(null, at);
    let expired = 0;
    for (const adId of await units.adsWithOverdueOffers(this.db, at)) {
      expired += await this.db.transaction(async (tx) => {
        const n = await units.expireOverdueOffers(tx, adId, at);
        if (n) await this.topUpOffers(tx, adId, at);
        return n;
      });
    }
    return expired;
  }

  /**
   * Offers of a live request up to the units ordered (product design section 3, ADR 0063): places held by
   * an offer, an accepted, posted, judged unit count; declined and expired ones are free again and go to
   * the next candidates (followers by oldest follow, then approved supporters of the prefecture), never to
   * anyone offered before. The request's row is locked, so racing declines and expiries never offer more
   * than ordered. Each offer waits OFFER_RESPONSE_DAYS, never past the request's last day; its mail is
   * written in the same transaction. Answers how many offers were made.
   */
  private async topUpOffers(tx: Db, adId: number, at: Date): Promise<number> {
    const ad = await repo.lockLiveAdForOffers(tx, adId);
    if (!ad?.ends_on || ad.ends_on < tokyoDate(at)) return 0;
    const missing = Number(ad.units ?? 0) - (await units.heldUnitCount(tx, adId));
    if (missing <= 0) return 0;
    const candidates = await repo.offerCandidates(tx, adId, Number(ad.shop_id), missing);
    const lastMoment = endOfTokyoDay(ad.ends_on);
    // The answer window runs from the request's first day when it is approved ahead of it.
    const firstMoment = ad.starts_on ? new Date(`${ad.starts_on}T00:00:00+09:00`) : at;
    const from = firstMoment > at ? firstMoment : at;
    const window = new Date(from.getTime() + OFFER_RESPONSE_DAYS * DAY_MS);
    const expiresAt = window < lastMoment ? window : lastMoment;
    const reward = ad.reward ?? STANDARD_REWARD;
    for (const { userId, snsAccountId, platform } of candidates) {
      const unitId = await units.insertOffer(tx, {
        adId,
        userId,
        reward,
        at,
        expiresAt,
        platform,
        snsAccountId,
      });
      const who = await repo.personOf(tx, userId);
      if (who) {
        await this.deps.outbox(tx, {
          to: userId,
          kind: 'offer.arrived',
          record: `unit:${unitId}`,
          params: { shop: ad.shop_name, reward, deadline: expiresAt.toISOString() },
          mail: mails.offerMail({
            name: who.name,
            shop: ad.shop_name,
            text: ad.text,
            reward,
            deadline: expiresAt.toISOString(),
            url: this.link('/advertisements'),
          }),
        });
      }
    }
    return candidates.length;
  }

  /* --------------------------------------------------------------------- rewards that stay earned */

  /**
   * A held reward's hold is over (product design section 8): the post is asked about again, outside any
   * transaction. Gone, or the disclosure no longer first: the reward is taken back (a ledger debit with the
   * reason, key `unit:{id}:reversal`; the unit leaves 'approved', so the bill drops it) and the supporter
   * and the shop are told. Otherwise, and when the platform cannot be asked (the shop looked and approved),
   * it becomes 確定. Answers what happened; a unit not due, or decided already, is left alone.
   */
  async confirmReward(unitId: number, at: Date = now()): Promise<'confirmed' | 'reversed' | null> {
    const found = await repo.findUnit(this.db, unitId, { userId: 0, staff: true }, this.appUrl);
    const unit = found?.unit;
    if (
      !unit ||
      unit.reward_state !== 'holding' ||
      !unit.confirms_at ||
      Date.parse(unit.confirms_at) > at.getTime()
    )
      return null;
    const seen = await this.postChecker.check(unit.platform ?? 'x', unit.post_url ?? '');
    const reason =
      seen.status === 'gone'
        ? REVERSAL_REASONS.gone
        : seen.status === 'found' && seen.hasDisclosure === false
          ? REVERSAL_REASONS.disclosure
          : null;
    return this.db.transaction(async (tx) => {
      if (!reason) return (await units.confirmHeldReward(tx, unitId, at)) ? 'confirmed' : null;
      const row = await units.reverseHeldReward(tx, unitId, at, reason);
      if (!row) return null;
      await debit(tx, {
        userId: row.userId,
        amount: row.reward,
        kind: 'reward_reversal',
        reference: `unit:${unitId}`,
        idempotencyKey: `unit:${unitId}:reversal`,
        at,
      });
      const who = await repo.personOf(tx, row.userId);
      if (who) {
        await this.deps.outbox(tx, {
          to: row.userId,
          kind: 'reward.reversed',
          record: `unit:${unitId}`,
          params: { shop: unit.shop.name, reward: row.reward, reason },
          mail: mails.rewardReversedMail({
            name: who.name,
            shop: unit.shop.name,
            reward: row.reward,
            reason,
            url: this.link('/history'),
          }),
        });
      }
      for (const owner of await repo.shopOwnersOf(tx, unit.shop.id)) {
        await this.deps.outbox(tx, {
          to: owner.id,
          kind: 'mail.reward_reversed_shop',
          record: `unit:${unitId}`,
          path: '/advertisements',
          mail: mails.rewardReversedShopMail({
            name: owner.name,
            shop: unit.shop.name,
            supporter: unit.supporter.name,
            reward: row.reward,
            reason,
            url: this.link('/advertisements'),
          }),
        });
      }
      return 'reversed';
    });
  }

  /** Every held reward whose hold is over (the sweep behind the per-unit jobs). */
  async confirmDue(at: Date = now()): Promise<number> {
    const due = new Date(at.getTime() - REWARD_HOLD_DAYS * DAY_MS);
    let n = 0;
    for (const id of await units.rewardsDueForConfirmation(this.db, due))
      if (await this.confirmReward(id, at)) n += 1;
    return n;
  }

  /**
   * Staff override a reversal with a note (product design section 8): the reward is credited again (key
   * `unit:{id}:reinstated`) and confirmed; the bill counts the post again.
   */
  async reinstate(id: number, note: string, auth: AuthContext): Promise<Unit> {
    await this.unitOf(id, auth);
    await this.db.transaction(async (tx) => {
      const at = now();
      const row = await units.reinstateReversedUnit(tx, { id, at, note, by: auth.userId });
      if (!row) throw new HttpError(409, AD_MESSAGES.notReversed);
      await audit(tx, {
        actor: auth,
        action: 'unit.reinstate',
        table: 'units',
        id,
        before: { status: 'reversed' },
        after: { status: 'approved', confirmed: true },
        note,
      });
      await credit(tx, {
        userId: row.userId,
        amount: row.reward,
        kind: 'reward',
        reference: `unit:${id}`,
        idempotencyKey: `unit:${id}:reinstated`,
        at,
      });
    });
    return this.getUnit(id, auth);
  }

  /**
   * Open offers of supporters who may no longer have them (product design section 8: rejected or stopped,
   * no approved account left on the request's platforms, an operator, a member of the shop's company)
   * expire, and each place goes to the next candidate. One supporter's (after a change of theirs), or all.
   */
  async withdrawIneligibleOffers(userId: number | null, at: Date = now()): Promise<number> {
    const offers = await repo.ineligibleOffers(this.db, userId);
    const byAd = new Map<number, number[]>();
    for (const o of offers) byAd.set(o.advertisement_id, [...(byAd.get(o.advertisement_id) ?? []), o.id]);
    let withdrawn = 0;
    for (const [adId, ids] of byAd) {
      withdrawn += await this.db.transaction(async (tx) => {
        const n = await units.expireOpenOffers(tx, ids);
        if (n) await this.topUpOffers(tx, adId, at);
        return n;
      });
    }
    return withdrawn;
  }

  /* ------------------------------------------------------------------ notifications (issue 26, ADR 0177) */

  /**
   * A proof posted: the shop's people who chose to hear of posts one by one (`each` in 通知設定; `people`,
   * read by the proof's update) are told now, in the proof's transaction (the others get the morning digest).
   * Once per proof submission.
   */
  private async tellEachPost(
    tx: Db,
    unitId: number,
    submission: number,
    people: readonly number[],
    unit: { shopId: number; name: string },
  ): Promise<void> {
    const shopId = unit.shopId;
    let posts: number | null = null;
    // Issue 29: the people who want each post, read by the proof's update (`markPosted`).
    for (const userId of people) {
      posts ??= await repo.postsWaiting(tx, shopId);
      await this.deps.outbox(tx, {
        to: userId,
        kind: 'posts.to_judge',
        record: `unit:${unitId}:proof:${submission}`,
        params: { shop: unit.name, posts },
      });
    }
  }

  /**
   * The shops' daily digest (09:00 Japan time): for each shop with posts waiting for its judgement, each of
   * its people who keep the default (`digest`) is told how many, once a day (record `shop:{id}:day:{day}`).
   * Answers how many were told.
   */
  async judgeDigest(at: Date = now()): Promise<number> {
    const day = tokyoDate(at);
    let told = 0;
    for (const { shopId, shop, posts } of await repo.shopsWithPostsWaiting(this.db)) {
      told += await this.db.transaction(async (tx) => {
        let n = 0;
        for (const userId of await repo.shopPeople(tx, shopId)) {
          if ((await postsToJudgeMode(tx, userId)) !== 'digest') continue;
          await this.deps.outbox(tx, {
            to: userId,
            kind: 'posts.to_judge',
            record: `shop:${shopId}:day:${day}`,
            params: { shop, posts },
          });
          n += 1;
        }
        return n;
      });
    }
    return told;
  }

  /**
   * Every 15 minutes: each open offer whose answer deadline is within 24 hours, not yet reminded, gets its
   * supporter one reminder (record `unit:{id}`; the outbox's unique key keeps it once). Answers how many.
   */
  async remindExpiringOffers(at: Date = now()): Promise<number> {
    const due = await repo.offersExpiring(this.db, at, new Date(at.getTime() + EXPIRING_NOTICE_MS));
    if (!due.length) return 0;
    await this.db.transaction(async (tx) => {
      for (const offer of due)
        await this.deps.outbox(tx, {
          to: offer.userId,
          kind: 'offer.expiring',
          record: `unit:${offer.unitId}`,
          params: { shop: offer.shop, deadline: offer.expiresAt },
        });
    });
    return due.length;
  }

  /**
   * At the end date (Japan) a live request becomes 終了: its open offers expire and its tracking links lead
   * to /period.
   */
  async endRequests(at: Date = now()): Promise<number> {
    const today = tokyoDate(at);
    return this.db.transaction(async (tx) => {
      const ids = await repo.endLiveAds(tx, at, today);
      if (!ids.length) return 0;
      await units.expireOffersOfAds(tx, ids);
      // Each request's links lead to its own /period page (which names the shop and the period).
      for (const adId of ids) {
        await retargetShortLinks(tx, await units.shortLinksOfAd(tx, adId), periodPath(adId));
        // Issue 26: the shop that made it hears of its end, with its figures, in the same transaction.
        const figures = await repo.endFigures(tx, adId, PLATFORM_FEE_PERCENT);
        if (figures.createdBy !== null && (await repo.personOf(tx, figures.createdBy)))
          await this.deps.outbox(tx, {
            to: figures.createdBy,
            kind: 'request.ended',
            record: `ad:${adId}`,
            params: {
              shop: figures.shop,
              posts: figures.posts,
              clicks: figures.clicks,
              billed: figures.billed,
            },
          });
      }
      return ids.length;
    });
  }
}

/** The stored form of a reported post's address (`canonicalPostLocation`), or null when it is no address. */
function storedFormOf(raw: string): string | null {
  try {
    return canonicalPostLocation(new URL(raw.trim()));
  } catch {
    return null;
  }
}
