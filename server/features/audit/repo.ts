import { type SQL, sql } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditEntry } from '../../../contracts/audit.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';

/** The audit log's rows newest first, filtered, a page before the row `before` (keyset on id). */
export async function auditPage(
  db: Db,
  filter: { actorId?: number; table?: string; id?: string; action?: string; before?: number },
): Promise<{ items: AuditEntry[]; next_before: number | null }> {
  const where: SQL[] = [sql`true`];
  if (filter.actorId) where.push(sql`l.actor_id = ${filter.actorId}`);
  if (filter.table && filter.id)
    where.push(sql`l.target_table = ${filter.table} and l.target_id = ${filter.id}`);
  if (filter.action) where.push(sql`l.action = ${filter.action}`);
  if (filter.before) where.push(sql`l.id < ${filter.before}`);
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      select l.*, u.name as actor_name from audit_log l join users u on u.id = l.actor_id
      where ${sql.join(where, sql` and `)} order by l.id desc limit ${AUDIT_PAGE_SIZE + 1}`),
  );
  const items = rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
    id: Number(r.id),
    actor: { id: Number(r.actor_id), name: String(r.actor_name) },
    actor_role: String(r.actor_role),
    action: String(r.action),
    target_table: String(r.target_table),
    target_id: String(r.target_id),
    changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as AuditEntry['changes'],
    note: r.note == null ? null : String(r.note),
    request_id: r.request_id == null ? null : String(r.request_id),
    ip_hash: r.ip_hash == null ? null : String(r.ip_hash),
    created_at: new Date(r.created_at as string).toISOString(),
  }));
  return { items, next_before: rows.length > AUDIT_PAGE_SIZE ? items.at(-1)!.id : null };
}
