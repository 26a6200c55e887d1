import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Db } from './db/client.ts';
import { deriveKey, hmac } from './keys.ts';
import { currentLogContext } from './logging.ts';
import { ADMIN_PRIORITY, type AuthContext, STAFF_PRIORITY } from './plugins/access.ts';

/**
 * The staff audit log (issue 24, product design section 8 "Audit", ADR 0164): every change a staff member or
 * admin makes is one row, written with `audit(tx, …)` in the transaction of the change, so a change whose
 * row cannot be written does not commit, and a row is never written for a change that rolled back. The table
 * is append-only (migration 0028's triggers). It is platform, as the ledger is: every feature's staff actions
 * write it, and only the audit log's own routes read it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    targetTable: text('target_table').notNull(),
    targetId: text('target_id').notNull(),
    /** `{ field: { before, after } }`, secrets and bank numbers left out. */
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull()
      .default({}),
    note: text('note'),
    requestId: text('request_id'),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_actor_idx').on(t.actorId, t.id.desc()),
    index('audit_log_target_idx').on(t.targetTable, t.targetId, t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.id.desc()),
  ],
);

/** The role a priority belongs to (product design section 1). */
export const roleOfPriority = (priority: number) =>
  priority <= ADMIN_PRIORITY ? 'admin' : priority <= STAFF_PRIORITY ? 'staff' : 'focustar';

/** Field names whose values never reach the log: secrets, tokens, hashes, bank numbers. */
const SECRET_FIELD = /pass|secret|token|hash|account_number|number_encrypted|sealed|key/i;

let ipKey: Buffer | null = null;
/** Sets the key of the IP hashes (derived from APP_SECRET): the same address hashes the same way per install. */
export function installAudit(appSecret: string): void {
  ipKey = deriveKey(appSecret, 'audit-ip');
}

export interface AuditEntry {
  /** Who: the signed-in staff member or admin (without a priority, the role is read from the user's row). */
  actor: Pick<AuthContext, 'userId'> & { priority?: number };
  /** What, as `feature.verb`: `advertisement.approve`, `unit.approve`, `payout.build`, … */
  action: string;
  table: string;
  id: string | number;
  /** The changed fields, before and after (only those that changed are written). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  note?: string | null;
}

/** The changed fields of `before` and `after`, without secrets. */
export function changesOf(before: Record<string, unknown> = {}, after: Record<string, unknown> = {}) {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (SECRET_FIELD.test(field)) continue;
    const b = before[field] ?? null;
    const a = after[field] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[field] = { before: b, after: a };
  }
  return out;
}

/**
 * Writes one audit row in `tx` when the actor is staff or admin (a shop's own members are not audited here:
 * their changes are theirs). The request id and a keyed hash of the client's address come from the request
 * the code runs for.
 */
export async function audit(tx: Db, entry: AuditEntry): Promise<void> {
  const { priority } = entry.actor;
  if (priority !== undefined && priority > STAFF_PRIORITY) return;
  const context = currentLogContext();
  const ip = context?.ip && ipKey ? hmac(ipKey, context.ip).slice(0, 22) : null;
  const role =
    priority === undefined
      ? sql`(select case when r.priority <= ${ADMIN_PRIORITY} then 'admin' else 'staff' end
          from users u join roles r on r.id = u.role_id where u.id = ${entry.actor.userId})`
      : sql`${roleOfPriority(priority)}`;
  await tx.execute(sql`
    insert into audit_log (actor_id, actor_role, action, target_table, target_id, changes, note, request_id, ip_hash)
    select ${entry.actor.userId}, ${role}, ${entry.action}, ${entry.table},
      ${String(entry.id)}, ${JSON.stringify(changesOf(entry.before, entry.after))}::jsonb, ${entry.note ?? null},
      ${context?.requestId ?? null}, ${ip}
    where ${
      priority === undefined
        ? sql`exists (select 1 from users u join roles r on r.id = u.role_id
      where u.id = ${entry.actor.userId} and r.priority <= ${STAFF_PRIORITY})`
        : sql`true`
    }`);
}
