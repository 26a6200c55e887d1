import type { HandlingListQuery, HandlingUpdate } from '../../../contracts/common.ts';
import {
  SHOP_REQUEST_MESSAGES,
  type ShopRequestItem,
  type ShopRequestRequest,
} from '../../../contracts/shop-requests.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { HttpError, tooMany } from '../../platform/http-errors.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import { type CounterStore, Throttle } from '../../platform/throttle.ts';
import { shopRequestMails } from './mails.ts';
import * as repo from './repo.ts';

/** Per IP: a person recommends a few shops; a script hundreds. */
export const SHOP_REQUEST_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 };

/** What the service needs (ADR 0182: a plain deps object, which the routes build from the app). */
export interface ShopRequestDeps {
  db: Db;
  /** The outbox (issue 26): `notify` bound to the app. */
  outbox: Outbox;
  /** Where the operators' copy goes (CONTACT_MAIL_TO). */
  operatorsEmail: string;
  /** The throttle's counters: the shared store (Redis with REDIS_URL), so every process spends one budget. */
  counters: CounterStore;
}

export class ShopRequestService {
  private readonly throttle: Throttle;
  private readonly db: Db;

  constructor(private readonly deps: ShopRequestDeps) {
    this.db = deps.db;
    this.throttle = new Throttle(
      deps.counters,
      'shop-request',
      SHOP_REQUEST_LIMIT.count,
      SHOP_REQUEST_LIMIT.windowMs,
    );
  }

  /** Stores the request and, in the same transaction, its mails (the outbox, issue 26): both or neither. */
  async send(userId: number, ip: string, body: Required<ShopRequestRequest>) {
    const wait = await this.throttle.take(ip);
    if (wait) throw tooMany(SHOP_REQUEST_MESSAGES.throttled(wait), wait);
    const id = await this.db.transaction(async (tx) => {
      const id = await repo.insertRequest(tx, { userId, ...body });
      await this.mail(tx, id);
      return id;
    });
    return { id, message: SHOP_REQUEST_MESSAGES.received };
  }

  /** The operators' copy (CONTACT_MAIL_TO) and the sender's receipt, in the outbox (issue 26). */
  private async mail(tx: Db, id: number): Promise<void> {
    const r = await repo.requestForMail(tx, id);
    if (!r) return;
    await this.deps.outbox(tx, {
      to: { email: this.deps.operatorsEmail },
      kind: 'mail.shop_request_operators',
      record: `shop-request:${id}`,
      mail: shopRequestMails.toOperators(r),
    });
    await this.deps.outbox(tx, {
      to: r.userId,
      kind: 'mail.shop_request_receipt',
      record: `shop-request:${id}`,
      mail: shopRequestMails.receipt(r),
    });
  }

  list(query: HandlingListQuery) {
    return repo.listRequests(this.db, query);
  }

  async update(id: number, update: Required<HandlingUpdate>, staff: AuthContext): Promise<ShopRequestItem> {
    // The handling and its audit row (issue 24) in one transaction.
    const item = await this.db.transaction(async (tx) => {
      const before = await repo.lockHandling(tx, id);
      if (!before) return null;
      const after = await repo.updateRequest(tx, id, update, staff.userId);
      await audit(tx, {
        actor: staff,
        action: 'shop_request.handle',
        table: 'shop_requests',
        id,
        before,
        after: { status: update.status, staff_note: update.staff_note },
      });
      return after;
    });
    if (!item) throw new HttpError(404, SHOP_REQUEST_MESSAGES.notFound);
    return item;
  }
}
