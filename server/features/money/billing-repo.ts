import { sql } from 'drizzle-orm';
import { FIRST_AD_UNITS, PLATFORM_FEE_PERCENT, STANDARD_REWARD } from '../../../contracts/pricing.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';

const iso = (v: unknown): string => new Date(v as string).toISOString();

/**
 * Writes the bills of approved support requests that have none (ADR 0103): the request's units and
 * reward, the fee (30 % of the rewards, rounded down; none for the first-advertising package), once per
 * request (`on conflict do nothing`), in the month of the approval (Japan time).
 */
export async function writeMissingBills(db: Db): Promise<void> {
  await db.execute(sql`
    insert into bills (advertisement_id, company_id, shop_id, month, units, reward, rewards, fee, subtotal)
    select a.id, s.company_id, a.shop_id,
      to_char(a.approved_at at time zone 'Asia/Tokyo', 'YYYY-MM'),
      x.units, x.reward, x.units * x.reward, x.fee, x.units * x.reward + x.fee
    from advertisements a
    join shops s on s.id = a.shop_id
    cross join lateral (
      select coalesce(a.units, ${FIRST_AD_UNITS}) as units, coalesce(a.reward, ${STANDARD_REWARD}) as reward,
        case when a.fee_waived then 0
          else floor(coalesce(a.units, ${FIRST_AD_UNITS}) * coalesce(a.reward, ${STANDARD_REWARD}) * ${PLATFORM_FEE_PERCENT} / 100.0)::int
        end as fee
    ) x
    where a.approved_at is not null and a.status in ('配信中', '終了')
      and not exists (select 1 from bills b where b.advertisement_id = a.id)
    on conflict (advertisement_id) do nothing`);
}

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

export async function billsOfCompany(db: Db, companyId: number, month?: string) {
  return rowsOf(
    await db.execute(sql`
      select b.*, s.name as shop_name from bills b join shops s on s.id = b.shop_id
      where b.company_id = ${companyId} ${month ? sql`and b.month = ${month}` : sql``}
      order by b.month desc, b.id desc limit 500`),
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

/**
 * Unused units of the company's requests that ended in `month` (or every month): what the shop paid for
 * and no supporter earned, refunded on that month's invoice.
 */
export async function refundsOfCompany(db: Db, companyId: number, month?: string) {
  return rowsOf(
    await db.execute(sql`
      select b.advertisement_id, s.name as shop_name, b.units, b.reward, b.fee,
        to_char(a.ended_at at time zone 'Asia/Tokyo', 'YYYY-MM') as month,
        (b.units - (select count(*) from units u where u.advertisement_id = a.id and u.status = 'approved'))::int as unused
      from bills b
      join advertisements a on a.id = b.advertisement_id
      join shops s on s.id = b.shop_id
      where b.company_id = ${companyId} and a.status = '終了' and a.ended_at is not null
        ${month ? sql`and to_char(a.ended_at at time zone 'Asia/Tokyo', 'YYYY-MM') = ${month}` : sql``}`),
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
