import {
  type Company,
  type CompanyListQuery,
  type FavoriteState,
  type PublicShop,
  PAGE_SIZE_MAX,
  PUBLISHED_SHOP_STATUS,
  REJECTED_SHOP_STATUS,
  SHOP_MESSAGES,
  SHOP_UNDER_REVIEW_STATUS,
  type Shop,
  type ShopCardPage,
  type ShopDetail,
  type ShopSupporterPage,
  type StaffCompany,
} from '../../../contracts/shops.ts';
import { audit } from '../../platform/audit.ts';
import { isUniqueViolation, type Db } from '../../platform/db/client.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { type AuthContext, STAFF_PRIORITY } from '../../platform/plugins/access.ts';
import type { StoredImage } from '../../platform/storage.ts';
import * as mails from './mails.ts';
import * as repo from './repo.ts';

const isStaff = (auth: AuthContext | null) => !!auth && auth.priority <= STAFF_PRIORITY;
const actorOf = (auth: AuthContext): repo.Actor => ({ userId: auth.userId, staff: isStaff(auth) });
/** The fields of a company as the staff audit log compares them (issue 24). */
const companyFields = (c: repo.CompanyValues | Company) => ({
  name: c.name,
  name_kana: c.name_kana,
  representative: c.representative,
  postal_code: c.postal_code,
  address: c.address,
  phone: c.phone,
  invoice_number: c.invoice_number,
});

export interface ShopServiceDeps {
  db: Db;
  /** The outbox (issue 26): the review decisions' mail to the company's people. */
  outbox: Outbox;
  /** Deletes a stored image (a replaced cover). */
  deleteImage: (key: string) => Promise<void>;
  appUrl: string;
  /** Issue 25 (ADR 0167): the accounts feature remembers the shop a person entered, for the next login. */
  rememberShop?: (userId: number, shopId: number) => Promise<void>;
}

/** Supporter-list cursor: the follow time as PostgreSQL wrote it and the user id, base64url. */
function encodeCursor(at: string, userId: number): string {
  return Buffer.from(`${at}|${userId}`, 'utf8').toString('base64url');
}
function decodeCursor(cursor: string): { at: string; userId: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const userId = Number(id);
  if (
    !at ||
    !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(at) ||
    !Number.isSafeInteger(userId) ||
    userId < 1
  ) {
    throw validationError({ cursor: [SHOP_MESSAGES.badCursor] });
  }
  return { at, userId };
}

/**
 * Companies, shops, the staff review and favourites (issue 12; product design sections 1, 2 and 6).
 * Who may see and act for a shop: its company's members and staff (ADR 0014).
 */
export class ShopService {
  private readonly db: Db;
  constructor(private readonly deps: ShopServiceDeps) {
    this.db = deps.db;
  }

  /**
   * A published shop is seen by everyone; a shop under review or hidden only by its own people and staff,
   * and for anyone else it does not exist (404). Only its own people and staff see `company_id` and
   * `flag_status` (issue 10 item 8: a guest's answer does not carry them).
   */
  async visibleShop(id: number, auth: AuthContext | null): Promise<Shop | PublicShop> {
    if (auth) {
      const own = await repo.findShopFor(this.db, id, actorOf(auth));
      if (own) return own;
    }
    const shop = await repo.findPublishedShop(this.db, id);
    if (!shop) throw new HttpError(404, SHOP_MESSAGES.shopNotFound);
    const { company_id: _company, flag_status: _flags, ...rest } = shop;
    return rest;
  }

  /**
   * Members of the shop's company and staff act for the shop. For anyone else it is the same 404 as a
   * missing shop, decided in the query's WHERE (issue 10 item 8: a stranger does not learn that an
   * unpublished shop exists).
   */
  async shopToActFor(id: number, auth: AuthContext): Promise<Shop> {
    const shop = await repo.findShopFor(this.db, id, actorOf(auth));
    if (!shop) throw new HttpError(404, SHOP_MESSAGES.shopNotFound);
    return shop;
  }

  /**
   * POST /api/shops/{id}/login: the user acts as the shop from now on. A staff member entering a shop (the
   * shop picker on the staff home) is audited (issue 24 "entering a shop"); the shop's own people are not.
   */
  async enterShop(id: number, auth: AuthContext): Promise<Shop> {
    const shop = await this.shopToActFor(id, auth);
    if (isStaff(auth)) {
      await audit(this.db, { actor: auth, action: 'shop.enter', table: 'shops', id: shop.id });
    } else {
      // Staff keep their own home after login (ADR 0167); the shop's own people come back to the shop.
      await this.deps.rememberShop?.(auth.userId, shop.id);
    }
    return shop;
  }

  async reviewStatus(id: number, auth: AuthContext): Promise<{ status: string }> {
    const shop = await this.shopToActFor(id, auth);
    return { status: (await repo.latestReviewStatus(this.db, shop.id)) ?? shop.status };
  }

  myShops(userId: number): Promise<Shop[]> {
    return repo.shopsOfMember(this.db, userId);
  }

  /* ---------------------------------------------------------------- companies */

  /** An advertiser's application: the company starts 審査中 and the applicant is its owner. */
  async createCompany(auth: AuthContext, values: repo.CompanyValues): Promise<Company> {
    const id = await this.db.transaction((tx) => repo.insertCompany(tx, auth.userId, values));
    return (await repo.findCompany(this.db, id, actorOf(auth)))!;
  }

  /** A company that is not the caller's is the same 404 as a missing one (nothing disclosed). */
  async company(id: number, auth: AuthContext): Promise<Company> {
    const company = await repo.findCompany(this.db, id, actorOf(auth));
    if (!company) throw new HttpError(404, SHOP_MESSAGES.companyNotFound);
    return company;
  }

  /** The company's people or staff edit it; a staff edit writes its audit row in the same transaction (issue 24). */
  async updateCompany(id: number, auth: AuthContext, values: repo.CompanyValues): Promise<Company> {
    const saved = await this.db.transaction(async (tx) => {
      const before = isStaff(auth) ? await repo.lockCompany(tx, id) : null;
      if (!(await repo.updateCompany(tx, id, actorOf(auth), values))) return false;
      if (before) {
        await audit(tx, {
          actor: auth,
          action: 'company.update',
          table: 'companies',
          id,
          before: companyFields(before),
          after: companyFields(values),
        });
      }
      return true;
    });
    if (!saved) throw new HttpError(404, SHOP_MESSAGES.companyNotFound);
    return this.company(id, auth);
  }

  async companies(query: CompanyListQuery): Promise<{ data: StaffCompany[]; next_cursor: number | null }> {
    const rows = await repo.listCompanies(
      this.db,
      { paidStatus: query.paid_status, cursor: query.cursor },
      PAGE_SIZE_MAX + 1,
    );
    const data = rows.slice(0, PAGE_SIZE_MAX);
    return { data, next_cursor: rows.length > PAGE_SIZE_MAX ? data.at(-1)!.id : null };
  }

  /** Staff move a company between the four paid_status strings; its people get a mail. */
  async reviewCompany(
    id: number,
    reviewer: AuthContext,
    paidStatus: string,
    reason: string | null,
  ): Promise<Company> {
    const company = await this.db.transaction(async (tx) => {
      const before = await repo.lockCompany(tx, id);
      if (!before) return null;
      const after = (await repo.setCompanyStatus(tx, id, paidStatus, reason))!;
      await audit(tx, {
        actor: reviewer,
        action: 'company.review',
        table: 'companies',
        id,
        before: { paid_status: before.paid_status, review_reason: before.review_reason },
        after: { paid_status: after.paid_status, review_reason: after.review_reason },
        note: reason,
      });
      // Issue 26: the decision's mail to each member, in this transaction (the outbox).
      const mail = mails.companyDecision(after.name, paidStatus, reason, this.deps.appUrl);
      for (const to of await repo.companyMailTargets(tx, id))
        await this.deps.outbox(tx, {
          to: to.id,
          kind: 'mail.company_review',
          record: `company:${id}:${paidStatus}:${Date.now()}`,
          path: '/company-profile',
          mail,
        });
      return after;
    });
    if (!company) throw new HttpError(404, SHOP_MESSAGES.companyNotFound);
    return company;
  }

  /* -------------------------------------------------------------------- shops */

  private async assertFreeName(name: string, exceptShopId: number | null): Promise<void> {
    if (await repo.screenNameTaken(this.db, name, exceptShopId)) {
      throw validationError({ screen_name: [SHOP_MESSAGES.screenNameTaken] });
    }
  }

  private async detail(id: number, auth: AuthContext): Promise<ShopDetail> {
    const shop = await repo.findShopDetail(this.db, id, actorOf(auth));
    if (!shop) throw new HttpError(404, SHOP_MESSAGES.shopNotFound);
    return shop;
  }

  /** The shop with its business details, for its own people and staff (404 for others). */
  async shopDetail(id: number, auth: AuthContext): Promise<ShopDetail> {
    await this.shopToActFor(id, auth);
    return this.detail(id, auth);
  }

  /**
   * A new shop of one of the caller's companies; it waits for the review (one shop_reviews row). Another
   * company is the same 422 as a missing one, so its existence is not disclosed (issue 10 item 8).
   */
  async createShop(auth: AuthContext, companyId: number, values: repo.ShopValues): Promise<ShopDetail> {
    if (!(await repo.findCompany(this.db, companyId, actorOf(auth)))) {
      throw validationError({ company_id: [SHOP_MESSAGES.companyNotFound] });
    }
    await this.assertFreeName(values.screen_name, null);
    let id: number;
    try {
      id = await this.db.transaction((tx) =>
        repo.insertShop(tx, companyId, values, SHOP_UNDER_REVIEW_STATUS),
      );
    } catch (err) {
      // Two applications racing for one name: the unique index decides.
      if (isUniqueViolation(err)) throw validationError({ screen_name: [SHOP_MESSAGES.screenNameTaken] });
      throw err;
    }
    return this.detail(id, auth);
  }

  /** Saves the shop's profile and raises savedFirstProfile; a rejected shop goes back to review (ADR 0052). */
  async updateShop(id: number, auth: AuthContext, values: repo.ShopValues): Promise<ShopDetail> {
    await this.shopToActFor(id, auth);
    await this.assertFreeName(values.screen_name, id);
    try {
      await this.db.transaction(async (tx) => {
        // A staff edit of a shop's profile writes its audit row in the same transaction (issue 24).
        const before = isStaff(auth) ? await repo.lockShopProfile(tx, id) : null;
        const saved = await repo.updateShop(tx, id, actorOf(auth), values, {
          rejected: REJECTED_SHOP_STATUS,
          underReview: SHOP_UNDER_REVIEW_STATUS,
        });
        if (saved && before) {
          const { cover_image_url: _cover, ...fields } = before;
          await audit(tx, {
            actor: auth,
            action: 'shop.update',
            table: 'shops',
            id,
            before: fields,
            after: {
              ...values,
              status: saved.resubmitted ? SHOP_UNDER_REVIEW_STATUS : before.status,
            },
          });
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw validationError({ screen_name: [SHOP_MESSAGES.screenNameTaken] });
      throw err;
    }
    return this.detail(id, auth);
  }

  /** A new cover (already checked and stored by the storage service); the old one is deleted. */
  async setCover(id: number, auth: AuthContext, image: StoredImage): Promise<ShopDetail> {
    let replaced: { oldKey: string | null } | undefined;
    try {
      await this.shopToActFor(id, auth);
      replaced = await this.db.transaction(async (tx) => {
        const done = await repo.setShopCover(tx, id, actorOf(auth), image);
        // A staff member's new cover for a shop is audited with the change (issue 24).
        if (done) {
          await audit(tx, {
            actor: auth,
            action: 'shop.cover',
            table: 'shops',
            id,
            before: { cover_image_url: done.oldUrl },
            after: { cover_image_url: image.url },
          });
        }
        return done;
      });
      if (!replaced) throw new HttpError(404, SHOP_MESSAGES.shopNotFound);
    } catch (err) {
      await this.deps.deleteImage(image.key); // a refused upload leaves nothing behind
      throw err;
    }
    if (replaced.oldKey) await this.deps.deleteImage(replaced.oldKey).catch(() => undefined);
    return this.detail(id, auth);
  }

  async staffShops(query: {
    q?: string | undefined;
    status?: string | undefined;
    cursor?: number | undefined;
  }): Promise<{ data: ShopDetail[]; next_cursor: number | null }> {
    const rows = await repo.staffShops(this.db, query, PAGE_SIZE_MAX + 1);
    const data = rows.slice(0, PAGE_SIZE_MAX);
    return { data, next_cursor: rows.length > PAGE_SIZE_MAX ? data.at(-1)!.id : null };
  }

  /** Staff approve (公開中) or reject (審査NG, with the reason); a shop_reviews row and a mail each. */
  async reviewShop(
    id: number,
    reviewer: AuthContext,
    decision: 'approve' | 'reject',
    reason: string | null,
  ): Promise<{ status: string }> {
    const status = decision === 'approve' ? PUBLISHED_SHOP_STATUS : REJECTED_SHOP_STATUS;
    const shop = await this.db.transaction(async (tx) => {
      const decided = await repo.recordShopReview(tx, id, status, reason, reviewer.userId);
      if (decided) {
        await audit(tx, {
          actor: reviewer,
          action: decision === 'approve' ? 'shop.approve' : 'shop.reject',
          table: 'shops',
          id,
          before: { status: decided.before },
          after: { status },
          note: reason,
        });
        // Issue 26: the decision's mail to each member, in this transaction (the outbox).
        const mail = mails.shopDecision(decided.name, status, reason, this.deps.appUrl);
        for (const to of await repo.companyMailTargets(tx, decided.companyId))
          await this.deps.outbox(tx, {
            to: to.id,
            kind: 'mail.shop_review',
            record: `shop:${id}:${status}:${Date.now()}`,
            path: '/shop-profile',
            mail,
          });
      }
      return decided;
    });
    if (!shop) throw new HttpError(404, SHOP_MESSAGES.shopNotFound);
    return { status };
  }

  /* --------------------------------------------------------------- favourites */

  async search(
    query: {
      q?: string | undefined;
      prefecture?: string | undefined;
      category?: string | undefined;
      type?: 'follow' | undefined;
      cursor?: number | undefined;
      limit?: number | undefined;
    },
    auth: AuthContext | null,
  ): Promise<ShopCardPage> {
    if (query.type === 'follow' && !auth) throw new HttpError(401, 'Unauthenticated.');
    const limit = Math.min(query.limit ?? 20, PAGE_SIZE_MAX);
    const rows = await repo.searchShops(
      this.db,
      { ...query, followerId: query.type === 'follow' ? auth!.userId : null },
      auth?.userId ?? null,
      limit + 1,
    );
    const data = rows.slice(0, limit);
    return { data, next_cursor: rows.length > limit ? data.at(-1)!.id : null };
  }

  /**
   * Follow or unfollow; both idempotent. Only a published shop can be followed. An unpublished shop is
   * 404 as everywhere (issue 24 pentest 6: the unfollow answered its count to anyone), except to one who
   * was following it when it was withdrawn: that user may still let go of it.
   */
  async setFavorite(shopId: number, auth: AuthContext, on: boolean): Promise<FavoriteState> {
    let wasFollowing = false;
    if (on) await repo.follow(this.db, auth.userId, shopId);
    else wasFollowing = await repo.unfollow(this.db, auth.userId, shopId);
    const state = await repo.favoriteState(this.db, auth.userId, shopId);
    if (!state || (state.status !== PUBLISHED_SHOP_STATUS && !wasFollowing)) {
      throw new HttpError(404, SHOP_MESSAGES.shopNotFound);
    }
    return {
      shop_id: shopId,
      is_favorite: state.isFavorite,
      favoriters_count: state.count,
      message: on ? SHOP_MESSAGES.followed : SHOP_MESSAGES.unfollowed,
    };
  }

  /** The shop's supporters, for its own people and staff (404 for anyone else). */
  async supporters(
    shopId: number,
    auth: AuthContext,
    cursor: string | undefined,
  ): Promise<ShopSupporterPage> {
    await this.shopToActFor(shopId, auth);
    const after = cursor ? decodeCursor(cursor) : null;
    const rows = await repo.supportersOf(this.db, shopId, after, PAGE_SIZE_MAX + 1);
    const page = rows.slice(0, PAGE_SIZE_MAX);
    const last = page.at(-1);
    return {
      data: page.map(({ cursorAt: _at, userId: _id, ...s }) => s),
      next_cursor: rows.length > PAGE_SIZE_MAX && last ? encodeCursor(last.cursorAt, last.userId) : null,
    };
  }

  /* ---------------------------------------------------------------- a shop's row, for other features */
  // ADR 0182: another feature changes the shops table only through these, in its own transaction (`tx`).

  /** Advertisements: the shop's first post was approved (flag_status completedFirstAd, raised once). */
  completeFirstAd(tx: Db, shopId: number): Promise<void> {
    return repo.raiseCompletedFirstAd(tx, shopId);
  }

  /** Accounts: the referral shop becomes a favourite at the person's verification (product design section 6). */
  addFavourite(tx: Db, userId: number, shopId: number, at: Date): Promise<void> {
    return repo.addFavourite(tx, userId, shopId, at);
  }

  /** Accounts: a person who leaves loses their favourites and company memberships, in the leaving's transaction. */
  forgetPerson(tx: Db, userId: number): Promise<void> {
    return repo.forgetPerson(tx, userId);
  }
}
