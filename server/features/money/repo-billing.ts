import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../platform/db/client.ts';
import { addMonths, monthCutoff } from './calendar.ts';

const iso = (v: unknown): string => new Date(v as string).toISOString();

/*
 * A support request's bill (ADR 0103: its units and reward, the fee of 30 % of the rewards rounded down,
 * none for the first-advertising package, in the month of the approval, Japan time) is written by the
 * database when the request is approved: the trigger `advertisements_bill` of migration 0022 (issue 17).
 */

/** The company the user belongs to (the first membership), or null. */
export async function companyOfUser(db: Db, userId: number) {
  const [row] = rowsOf(
    await db.execute(sql`
      select c.id, c.name, c.address, c.postal_code from company_members m join companies c on c.id = m.company_id
      where m.user_id = ${userId} order by m.company_id limit 1`),
  );
  return row
    ? {
        id: Number(row.id),
        name: String(row.name),
        address: row.address === null ? null : String(row.address),
        postalCode: row.postal_code === null ? null : String(row.postal_code),
      }
    : null;
}

/** The months a list covers: one month, or `from`..`to` (YYYY-MM, both included). */
export type MonthRange = { from: string; to: string };
const rangeOf = (months: string | MonthRange): MonthRange =>
  typeof months === 'string' ? { from: months, to: months } : months;

export async function billsOfCompany(db: Db, companyId: number, months: string | MonthRange) {
  const { from, to } = rangeOf(months);
  return rowsOf(
    await db.execute(sql`
      select b.*, s.name as shop_name from bills b
      join shops s on s.id = b.shop_id and s.company_id = ${companyId}
      where b.company_id = ${companyId} and b.month between ${from} and ${to}
      order by b.month desc, b.id desc`),
  ).map((r) => ({
    id: Number(r.id),
    advertisement_id: Number(r.advertisement_id),
    shop_name: String(r.shop_name),
    month: String(r.month),
    units: Number(r.units),
    reward: Number(r.reward),
    rewards: Number(r.rewards),
    fee: Number(r.fee),
    subtotal: Number(r.subtotal),
    created_at: iso(r.created_at),
  }));
}

/** Whether the company has a bill of a month before `month` (YYYY-MM). */
export async function hasBillsBefore(db: Db, companyId: number, month: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`select 1 from bills where company_id = ${companyId} and month < ${month} limit 1`),
  );
  return rows.length > 0;
}

/**
 * The latest month at or before `month` (YYYY-MM) that has an invoice line of the company: a bill, or the
 * refund of a request that ended with units unused; null when there is none. Both are read newest first
 * through an index (bills by company and month; ended requests by shop and end), a few rows each.
 */
export async function latestInvoiceMonth(db: Db, companyId: number, month: string): Promise<string | null> {
  const [row] = rowsOf(
    await db.execute(sql`
      select greatest(
        (select max(b.month) from bills b where b.company_id = ${companyId} and b.month <= ${month}),
        (select to_char(max(x.ended_at) at time zone 'Asia/Tokyo', 'YYYY-MM')
           from shops s cross join lateral (
             select a.ended_at from advertisements a
             join bills b on b.advertisement_id = a.id and b.company_id = ${companyId} and b.units > b.approved_units
             where a.shop_id = s.id and a.status = '終了'
               and a.ended_at < ${monthCutoff(month).toISOString()}::timestamptz
             order by a.ended_at desc limit 1) x
           where s.company_id = ${companyId})
      ) as month`),
  );
  return row?.month == null ? null : String(row.month);
}

/**
 * Unused units of the company's requests that ended in the months (Japan time): what the shop paid for and
 * no supporter earned, refunded on that month's invoice. Read from the company's shops' ended requests by
 * their end (index advertisements_shop_ended_idx), not from every bill the company ever had; the approved
 * units are the bill's count, kept by the database (migration 0023), not counted here (issue 17).
 */
export async function refundsOfCompany(db: Db, companyId: number, months: string | MonthRange) {
  const { from, to } = rangeOf(months);
  return rowsOf(
    await db.execute(sql`
      select b.advertisement_id, s.name as shop_name, b.units, b.reward, b.fee,
        to_char(a.ended_at at time zone 'Asia/Tokyo', 'YYYY-MM') as month,
        (b.units - b.approved_units) as unused
      from shops s
      join advertisements a on a.shop_id = s.id and a.status = '終了'
        and a.ended_at >= ${monthCutoff(addMonths(from, -1)).toISOString()}::timestamptz
        and a.ended_at < ${monthCutoff(to).toISOString()}::timestamptz
      join bills b on b.advertisement_id = a.id and b.company_id = ${companyId}
      where s.company_id = ${companyId}`),
  )
    .map((r) => ({
      advertisementId: Number(r.advertisement_id),
      shopName: String(r.shop_name),
      month: String(r.month),
      unused: Math.max(0, Number(r.unused)),
      reward: Number(r.reward),
      feeWaived: Number(r.fee) === 0,
    }))
    .filter((r) => r.unused > 0);
}

/* ------------------------------------------------------------------ payment method (ADR 0112) */

export interface BillingMethodRow {
  method: 'invoice' | 'card';
  provider: string | null;
  customerId: string | null;
  paymentMethodId: string | null;
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
}

export async function billingMethodOf(db: Db, companyId: number): Promise<BillingMethodRow> {
  const [r] = rowsOf(await db.execute(sql`select * from billing_methods where company_id = ${companyId}`));
  if (!r) return { method: 'invoice', provider: null, customerId: null, paymentMethodId: null, card: null };
  return {
    method: r.method === 'card' ? 'card' : 'invoice',
    provider: r.provider === null ? null : String(r.provider),
    customerId: r.customer_id === null ? null : String(r.customer_id),
    paymentMethodId: r.payment_method_id === null ? null : String(r.payment_method_id),
    card:
      r.card_last4 === null
        ? null
        : {
            brand: String(r.card_brand),
            last4: String(r.card_last4),
            exp_month: Number(r.card_exp_month),
            exp_year: Number(r.card_exp_year),
          },
  };
}

/** Keeps the company's provider customer (made once; a second maker finds the first one's). */
export async function saveCustomer(
  db: Db,
  companyId: number,
  provider: string,
  customerId: string,
  by: number,
) {
  await db.execute(sql`
    insert into billing_methods (company_id, provider, customer_id, updated_by)
    values (${companyId}, ${provider}, ${customerId}, ${by})
    on conflict (company_id) do update set provider = excluded.provider, customer_id = excluded.customer_id,
      payment_method_id = null, card_brand = null, card_last4 = null, card_exp_month = null,
      card_exp_year = null, method = 'invoice', updated_by = excluded.updated_by, updated_at = now()
    where billing_methods.customer_id is null or billing_methods.provider is distinct from excluded.provider`);
}

export async function saveCard(
  db: Db,
  companyId: number,
  card: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number },
  /** The member who saved it; null when Stripe's webhook reported it (the browser never came back). */
  by: number | null,
): Promise<void> {
  await db.execute(sql`
    update billing_methods set method = 'card', payment_method_id = ${card.paymentMethodId},
      card_brand = ${card.brand}, card_last4 = ${card.last4}, card_exp_month = ${card.expMonth},
      card_exp_year = ${card.expYear}, updated_by = ${by}, updated_at = now()
    where company_id = ${companyId}`);
}

export async function setMethod(db: Db, companyId: number, method: 'invoice' | 'card', by: number) {
  await db.execute(sql`
    insert into billing_methods (company_id, method, updated_by) values (${companyId}, ${method}, ${by})
    on conflict (company_id) do update set method = excluded.method, updated_by = excluded.updated_by,
      updated_at = now()`);
}

/* ------------------------------------------------------------------ invoice payments (ADR 0113) */

export interface PaymentRow {
  paid_on: string;
  amount: number;
  method: string;
  recorded_at: string;
}

export async function paymentsOfCompany(db: Db, companyId: number): Promise<Map<string, PaymentRow>> {
  const rows = rowsOf(
    await db.execute(sql`
      select month, paid_on::text as paid_on, amount, method, created_at from invoice_payments
      where company_id = ${companyId}`),
  );
  return new Map(
    rows.map((r) => [
      String(r.month),
      {
        paid_on: String(r.paid_on),
        amount: Number(r.amount),
        method: String(r.method),
        recorded_at: iso(r.created_at),
      },
    ]),
  );
}

/** Records the payment of an invoice once: answers whether this call wrote it. */
export async function insertPayment(
  db: Db,
  p: { companyId: number; month: string; amount: number; paidOn: string; note: string; by: number },
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into invoice_payments (company_id, month, amount, method, paid_on, note, recorded_by)
      values (${p.companyId}, ${p.month}, ${p.amount}, '銀行振込', ${p.paidOn}, ${p.note || null}, ${p.by})
      on conflict (company_id, month) do nothing returning id`),
  );
  return rows.length > 0;
}

/** Companies with something on the month's invoice: a bill of that month or a refund of a request ended in it. */
export async function companiesOfMonth(db: Db, month: string) {
  return rowsOf(
    await db.execute(sql`
      select c.id, c.name from companies c
      where exists (select 1 from bills b where b.company_id = c.id and b.month = ${month})
        or exists (select 1 from bills b join advertisements a on a.id = b.advertisement_id
          where b.company_id = c.id and a.status = '終了' and a.ended_at is not null
            and to_char(a.ended_at at time zone 'Asia/Tokyo', 'YYYY-MM') = ${month})
      order by c.id limit 1000`),
  ).map((r) => ({ id: Number(r.id), name: String(r.name) }));
}

export async function companyById(db: Db, companyId: number) {
  const [r] = rowsOf(await db.execute(sql`select id, name from companies where id = ${companyId}`));
  return r ? { id: Number(r.id), name: String(r.name) } : null;
}

/* ------------------------------------------------------------------ card charges (ADR 0115) */

export type CardChargeStatus = 'pending' | 'succeeded' | 'failed' | 'requires_action';

export interface CardChargeRow {
  id: number;
  status: CardChargeStatus;
  paymentIntentId: string | null;
  failureCode: string | null;
  /** The row is younger than Stripe keeps an idempotency key (24 h, with a margin): a retry is safe. */
  retryable: boolean;
  /** The last attempt ended without an answer (failure_code set) or was left by a run that stopped. */
  abandoned: boolean;
  updatedAt: string;
}

const chargeOf = (r: Record<string, unknown>): CardChargeRow => ({
  id: Number(r.id),
  status: String(r.status) as CardChargeStatus,
  paymentIntentId: r.payment_intent_id === null ? null : String(r.payment_intent_id),
  failureCode: r.failure_code === null ? null : String(r.failure_code),
  retryable: Boolean(r.retryable),
  abandoned: Boolean(r.abandoned),
  updatedAt: String(r.updated_at_text),
});

const chargeColumns = sql`id, status, payment_intent_id, failure_code,
  created_at > now() - interval '23 hours' as retryable,
  (failure_code is not null or updated_at < now() - interval '2 minutes') as abandoned,
  updated_at::text as updated_at_text`;

/** Claims the card charge of an invoice (the unique row): answers the new row, or null when one exists. */
export async function claimCardCharge(
  db: Db,
  c: { companyId: number; month: string; amount: number; provider: string },
): Promise<CardChargeRow | null> {
  const [r] = rowsOf(
    await db.execute(sql`
      insert into card_charges (company_id, month, amount, provider)
      values (${c.companyId}, ${c.month}, ${c.amount}, ${c.provider})
      on conflict (company_id, month) do nothing returning ${chargeColumns}`),
  );
  return r ? chargeOf(r) : null;
}

export async function cardChargeOf(db: Db, companyId: number, month: string): Promise<CardChargeRow | null> {
  const [r] = rowsOf(
    await db.execute(
      sql`select ${chargeColumns} from card_charges where company_id = ${companyId} and month = ${month}`,
    ),
  );
  return r ? chargeOf(r) : null;
}

/**
 * Takes over a pending charge whose attempt ended without an answer (compare-and-set on updated_at, so
 * two runs never both ask the provider): answers whether this caller may try again.
 */
export async function retakeCardCharge(db: Db, row: CardChargeRow): Promise<boolean> {
  const taken = rowsOf(
    await db.execute(sql`
      update card_charges set failure_code = null, updated_at = now()
      where id = ${row.id} and status = 'pending' and updated_at::text = ${row.updatedAt} returning id`),
  );
  return taken.length > 0;
}

/** The outcome of a charge, set once (a pending row only). */
export async function finishCardCharge(
  db: Db,
  id: number,
  o: { status: CardChargeStatus; paymentIntentId: string | null; failureCode: string | null },
): Promise<void> {
  await db.execute(sql`
    update card_charges set status = ${o.status}, payment_intent_id = ${o.paymentIntentId},
      failure_code = ${o.failureCode}, updated_at = now()
    where id = ${id} and status = 'pending'`);
}

/** An attempt that got no answer (provider unreachable, 5xx): the row stays pending, marked for a retry. */
export async function markChargeUnanswered(db: Db, id: number, code: string): Promise<void> {
  await db.execute(sql`
    update card_charges set failure_code = ${code}, updated_at = now() where id = ${id} and status = 'pending'`);
}

/** The status of each card charge of the company, by month. */
export async function cardChargesOfCompany(
  db: Db,
  companyId: number,
): Promise<Map<string, CardChargeStatus>> {
  const rows = rowsOf(
    await db.execute(sql`select month, status from card_charges where company_id = ${companyId}`),
  );
  return new Map(rows.map((r) => [String(r.month), String(r.status) as CardChargeStatus]));
}

/** The card payment of an invoice, once (the unique invoice row): answers whether this call wrote it. */
export async function insertCardPayment(
  db: Db,
  p: { companyId: number; month: string; amount: number; paidOn: string; paymentIntentId: string },
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      insert into invoice_payments (company_id, month, amount, method, paid_on, payment_intent_id)
      values (${p.companyId}, ${p.month}, ${p.amount}, 'クレジットカード', ${p.paidOn}, ${p.paymentIntentId})
      on conflict (company_id, month) do nothing returning id`),
  );
  return rows.length > 0;
}

/* ------------------------------------------------------------------ Stripe's webhooks (issue 29, ADR 0173) */

/** Records a webhook event's id: true the first time, false when Stripe delivers it again. */
export async function recordStripeEvent(db: Db, id: string, type: string): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(
      sql`insert into stripe_events (id, type) values (${id}, ${type}) on conflict (id) do nothing returning id`,
    ),
  );
  return rows.length > 0;
}

/** The card charge of an invoice, locked for the change an event makes. */
export async function cardChargeForUpdate(
  db: Db,
  companyId: number,
  month: string,
): Promise<(CardChargeRow & { companyId: number; month: string }) | null> {
  const [r] = rowsOf(
    await db.execute(
      sql`select ${chargeColumns} from card_charges where company_id = ${companyId} and month = ${month} for update`,
    ),
  );
  return r ? { ...chargeOf(r), companyId, month } : null;
}

/**
 * The outcome Stripe reports later (a charge that was processing, or confirmed by the shop after 3-D Secure):
 * a charge not yet succeeded takes it. A succeeded charge never goes back.
 */
export async function settleCardCharge(
  db: Db,
  id: number,
  o: { status: CardChargeStatus; paymentIntentId: string; failureCode: string | null },
): Promise<boolean> {
  const rows = rowsOf(
    await db.execute(sql`
      update card_charges set status = ${o.status}, payment_intent_id = ${o.paymentIntentId},
        failure_code = ${o.failureCode}, updated_at = now()
      where id = ${id} and status <> 'succeeded' returning id`),
  );
  return rows.length > 0;
}

/** The company whose billing row names this Stripe customer, with its saved card (if any). */
export async function billingOfCustomer(
  db: Db,
  customerId: string,
): Promise<{ companyId: number; paymentMethodId: string | null } | null> {
  const [r] = rowsOf(
    await db.execute(
      sql`select company_id, payment_method_id from billing_methods where customer_id = ${customerId}`,
    ),
  );
  return r
    ? {
        companyId: Number(r.company_id),
        paymentMethodId: r.payment_method_id === null ? null : String(r.payment_method_id),
      }
    : null;
}

/** The people of a company (its members who have not left): they hear of its invoices and card charges. */
export async function companyPeople(db: Db, companyId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(
    await db.execute(sql`
      select u.id from company_members m join users u on u.id = m.user_id
      where m.company_id = ${companyId} and u.deleted_at is null order by u.id`),
  ).map((r) => Number(r.id));
}
