import { type SQL, sql } from 'drizzle-orm';
import { FOREIGN_PROOF_REPEAT, type FraudFlag, type FraudKind } from '../../../contracts/fraud.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';

const PAGE = 50;
type Row = Record<string, unknown>;

const FLAG_SELECT = sql`
  select f.*, u.name, u.screen_name, u.status as user_status,
    exists (select 1 from payout_holds h where h.user_id = f.user_id) as on_hold
  from fraud_flags f join users u on u.id = f.user_id`;

const present = (r: Row): FraudFlag => ({
  id: Number(r.id),
  kind: String(r.kind) as FraudKind,
  user_id: Number(r.user_id),
  user: { name: String(r.name), screen_name: String(r.screen_name), status: String(r.user_status) },
  evidence: (typeof r.evidence === 'string' ? JSON.parse(r.evidence) : r.evidence) as Record<string, unknown>,
  status: r.status === 'closed' ? 'closed' : 'open',
  action: (r.action as FraudFlag['action']) ?? null,
  on_hold: r.on_hold === true,
  created_at: new Date(r.created_at as string).toISOString(),
  closed_by: r.closed_by == null ? null : Number(r.closed_by),
  note: r.note == null ? null : String(r.note),
});

/**
 * Flags newest first, a page before `before`. A proof from another's handle counts from the second one
 * (FOREIGN_PROOF_REPEAT): a single one can be a slip, and the proof was refused anyway.
 */
export async function flagPage(
  db: Db,
  filter: { status: 'open' | 'closed'; kind?: FraudKind; before?: number },
) {
  const where: SQL[] = [sql`f.status = ${filter.status}`];
  if (filter.kind) where.push(sql`f.kind = ${filter.kind}`);
  if (filter.before) where.push(sql`f.id < ${filter.before}`);
  where.push(
    sql`(f.kind <> 'foreign_proof' or coalesce((f.evidence ->> 'count')::int, 1) >= ${FOREIGN_PROOF_REPEAT})`,
  );
  const rows = rowsOf<Row>(
    await db.execute(
      sql`${FLAG_SELECT} where ${sql.join(where, sql` and `)} order by f.id desc limit ${PAGE + 1}`,
    ),
  );
  const items = rows.slice(0, PAGE).map(present);
  return { items, next_before: rows.length > PAGE ? items.at(-1)!.id : null };
}

export async function lockFlag(db: Db, id: number): Promise<FraudFlag | null> {
  const [row] = rowsOf<Row>(await db.execute(sql`${FLAG_SELECT} where f.id = ${id} for update of f`));
  return row ? present(row) : null;
}

export async function findFlag(db: Db, id: number): Promise<FraudFlag | null> {
  const [row] = rowsOf<Row>(await db.execute(sql`${FLAG_SELECT} where f.id = ${id}`));
  return row ? present(row) : null;
}

export async function recordAction(
  db: Db,
  id: number,
  values: { action: string; note: string; closedBy: number; close: boolean },
): Promise<void> {
  await db.execute(sql`
    update fraud_flags set action = ${values.action}, note = ${values.note}, updated_at = now(),
      status = ${values.close ? 'closed' : 'open'},
      closed_by = ${values.close ? values.closedBy : null}, closed_at = ${values.close ? sql`now()` : null}
    where id = ${id}`);
}

export async function hold(
  db: Db,
  userId: number,
  flagId: number,
  heldBy: number,
  note: string,
): Promise<void> {
  await db.execute(sql`
    insert into payout_holds (user_id, flag_id, held_by, note) values (${userId}, ${flagId}, ${heldBy}, ${note})
    on conflict (user_id) do nothing`);
}

export async function release(db: Db, userId: number): Promise<boolean> {
  return (
    rowsOf(await db.execute(sql`delete from payout_holds where user_id = ${userId} returning user_id`))
      .length > 0
  );
}
