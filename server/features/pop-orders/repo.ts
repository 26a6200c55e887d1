import { sql } from 'drizzle-orm';
import {
  type AdminPopOrder,
  POP_ORDERS_PAGE_SIZE,
  type PopOrder,
  type PopOrderStatus,
} from '../../../contracts/pop-orders.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
import { popOrders } from './schema.ts';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toOrder(r: Row): PopOrder {
  return {
    id: Number(r.id),
    shop_id: Number(r.shop_id),
    shop_name: String(r.shop_name),
    quantity: Number(r.quantity),
    recipient_name: String(r.recipient_name),
    postal_code: String(r.postal_code),
    prefecture: String(r.prefecture),
    address: String(r.address),
    building: String(r.building ?? ''),
    phone: String(r.phone),
    note: String(r.note ?? ''),
    status: r.status as PopOrderStatus,
    created_at: iso(r.created_at)!,
    shipped_at: iso(r.shipped_at),
  };
}

function toAdminOrder(r: Row): AdminPopOrder {
  return {
    ...toOrder(r),
    ordered_by:
      r.user_id === null || r.user_id === undefined
        ? null
        : {
            id: Number(r.user_id),
            name: String(r.user_name),
            email: r.user_email === null ? null : String(r.user_email),
          },
  };
}

const SELECT = sql`
  select o.*, s.name as shop_name, u.id as user_id, u.name as user_name, u.email as user_email
  from pop_orders o join shops s on s.id = o.shop_id left join users u on u.id = o.ordered_by`;

/**
 * The shop a caller may order for, locked for the order's transaction (so two orders at once respect
 * the open-orders limit): a member of its company, or staff. Decided in the WHERE, so another company's
 * shop looks like no shop at all.
 */
export async function shopFor(db: Db, shopId: number, userId: number, isStaff: boolean, lock: boolean) {
  const [row] = rowsOf(
    await db.execute(sql`
      select s.id, s.name, s.status from shops s
      where s.id = ${shopId}
        and (${isStaff} or exists (select 1 from company_members cm
               where cm.company_id = s.company_id and cm.user_id = ${userId}))
      ${lock ? sql`for update of s` : sql``}`),
  );
  return row ? { id: Number(row.id), name: String(row.name), status: String(row.status) } : null;
}

export async function openOrders(db: Db, shopId: number): Promise<number> {
  const [row] = rowsOf(
    await db.execute(
      sql`select count(*)::int as n from pop_orders where shop_id = ${shopId} and status = '受付'`,
    ),
  );
  return Number(row?.n ?? 0);
}

export async function insert(db: Db, values: typeof popOrders.$inferInsert): Promise<number> {
  const [row] = await db.insert(popOrders).values(values).returning({ id: popOrders.id });
  return row!.id;
}

export async function findAdmin(db: Db, id: number): Promise<AdminPopOrder | null> {
  const [row] = rowsOf(await db.execute(sql`${SELECT} where o.id = ${id}`));
  return row ? toAdminOrder(row) : null;
}

/** A shop's orders, newest first, for a member of its company (or staff): the check is in the WHERE. */
export async function listForShop(db: Db, shopId: number, userId: number, isStaff: boolean) {
  const rows = rowsOf(
    await db.execute(sql`${SELECT}
      where o.shop_id = ${shopId}
        and (${isStaff} or exists (select 1 from company_members cm
               where cm.company_id = s.company_id and cm.user_id = ${userId}))
      order by o.id desc limit 100`),
  );
  return rows.map(toOrder);
}

/** Staff: every order, oldest waiting first would hide new ones behind old; newest first, 50 a page. */
export async function listAll(
  db: Db,
  query: { status?: PopOrderStatus | undefined; cursor?: number | undefined },
) {
  const rows = rowsOf(
    await db.execute(sql`${SELECT}
      where true
        ${query.status ? sql`and o.status = ${query.status}` : sql``}
        ${query.cursor ? sql`and o.id < ${query.cursor}` : sql``}
      order by o.id desc limit ${POP_ORDERS_PAGE_SIZE + 1}`),
  );
  const page = rows.slice(0, POP_ORDERS_PAGE_SIZE).map(toAdminOrder);
  return { items: page, next_cursor: rows.length > POP_ORDERS_PAGE_SIZE ? page.at(-1)!.id : null };
}

/** Moves the status; answers the previous status, or null when there is no such order. */
export async function setStatus(
  db: Db,
  id: number,
  status: PopOrderStatus,
  staffId: number,
  at: Date,
): Promise<{ previous: PopOrderStatus } | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      with old as (select id, status from pop_orders where id = ${id} for update)
      update pop_orders o set
        status = ${status},
        shipped_at = case when ${status} = '発送済' then coalesce(o.shipped_at, ${at}) else null end,
        handled_by = ${staffId},
        updated_at = ${at}
      from old where o.id = old.id
      returning old.status as previous`),
  );
  return row ? { previous: row.previous as PopOrderStatus } : null;
}
