import {
  type AdminPopOrdersQuery,
  type createPopOrderSchema,
  POP_OPEN_ORDERS_MAX,
  POP_ORDER_MESSAGES as M,
  type PopOrderStatus,
} from '../../../contracts/pop-orders.ts';
import { PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import type { z } from 'zod';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Outbox } from '../../platform/notify/outbox.ts';
import { now } from '../../platform/clock.ts';
import { HttpError } from '../../platform/http-errors.ts';
import { type AuthContext, STAFF_PRIORITY } from '../../platform/plugins/access.ts';
import { popOrderMails } from './mails.ts';
import * as repo from './repo.ts';

type NewOrder = z.output<typeof createPopOrderSchema>;

/** What the service needs (ADR 0182: a plain deps object, which the routes build from the app). */
export interface PopOrderDeps {
  db: Db;
  /** The outbox (issue 26): `notify` bound to the app. */
  outbox: Outbox;
  appUrl: string;
  /** Where the operators' copy goes (CONTACT_MAIL_TO). */
  operatorsEmail: string;
}

/** Issue 16 "Shop materials": printed POP stands (ADR 0092). */
export class PopOrderService {
  private readonly db: Db;

  constructor(private readonly deps: PopOrderDeps) {
    this.db = deps.db;
  }

  private link(path: string) {
    return new URL(path, this.deps.appUrl).toString();
  }

  async create(auth: AuthContext, body: NewOrder) {
    const isStaff = auth.priority <= STAFF_PRIORITY;
    const id = await this.db.transaction(async (tx) => {
      const shop = await repo.shopFor(tx, body.shop_id, auth.userId, isStaff, true);
      if (!shop) throw new HttpError(404, M.notFound);
      if (shop.status !== PUBLISHED_SHOP_STATUS) throw new HttpError(409, M.notPublished);
      if ((await repo.openOrders(tx, shop.id)) >= POP_OPEN_ORDERS_MAX)
        throw new HttpError(409, M.tooManyOpen);
      const id = await repo.insert(tx, {
        shopId: shop.id,
        orderedBy: auth.userId,
        quantity: body.quantity,
        recipientName: body.recipient_name,
        postalCode: body.postal_code,
        prefecture: body.prefecture,
        address: body.address,
        building: body.building,
        phone: body.phone,
        note: body.note,
      });
      // Issue 26: the receipt and the operators' copy in the order's transaction (the outbox).
      const order = (await repo.findAdmin(tx, id))!;
      if (order.ordered_by)
        await this.deps.outbox(tx, {
          to: order.ordered_by.id,
          kind: 'mail.pop_order_receipt',
          record: `pop-order:${id}`,
          path: '/request-pop',
          mail: popOrderMails.receipt(order.ordered_by.name, order, this.link('/request-pop')),
        });
      await this.deps.outbox(tx, {
        to: { email: this.deps.operatorsEmail },
        kind: 'mail.pop_order_operators',
        record: `pop-order:${id}`,
        path: '/admin-pop-orders',
        mail: popOrderMails.toOperators(order, this.link('/admin-pop-orders')),
      });
      return id;
    });
    const order = (await repo.findAdmin(this.db, id))!;
    const { ordered_by: _by, ...mine } = order;
    return { message: M.received, order: mine };
  }

  /** Another company's shop is a 404, as if it did not exist (not an empty list). */
  async mine(auth: AuthContext, shopId: number) {
    const isStaff = auth.priority <= STAFF_PRIORITY;
    if (!(await repo.shopFor(this.db, shopId, auth.userId, isStaff, false)))
      throw new HttpError(404, M.notFound);
    return { items: await repo.listForShop(this.db, shopId, auth.userId, isStaff) };
  }

  list(query: AdminPopOrdersQuery) {
    return repo.listAll(this.db, query);
  }

  /** Staff mark an order shipped or open again; the change and its audit row in one transaction (issue 24). */
  async setStatus(staff: AuthContext, id: number, status: PopOrderStatus) {
    const changed = await this.db.transaction(async (tx) => {
      const done = await repo.setStatus(tx, id, status, staff.userId, now());
      if (done && done.previous !== status) {
        await audit(tx, {
          actor: staff,
          action: 'pop_order.status',
          table: 'pop_orders',
          id,
          before: { status: done.previous },
          after: { status },
        });
      }
      // Mailed once, when the order first becomes 発送済 (saving 発送済 again mails nobody; the outbox
      // writes one per order in any case).
      if (done && status === '発送済' && done.previous !== '発送済') {
        const order = (await repo.findAdmin(tx, id))!;
        if (order.ordered_by)
          await this.deps.outbox(tx, {
            to: order.ordered_by.id,
            kind: 'mail.pop_order_shipped',
            record: `pop-order:${id}`,
            path: '/request-pop',
            mail: popOrderMails.shipped(order.ordered_by.name, order, this.link('/request-pop')),
          });
      }
      return done;
    });
    if (!changed) throw new HttpError(404, M.orderNotFound);
    const order = (await repo.findAdmin(this.db, id))!;
    return { message: status === '発送済' ? M.shipped : M.reopened, order };
  }
}
