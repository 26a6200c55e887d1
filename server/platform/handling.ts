import { type SQL, sql } from 'drizzle-orm';
import { integer, text, timestamp } from 'drizzle-orm/pg-core';
import { HANDLING_PAGE_SIZE, type HandlingStatus } from '../../contracts/common.ts';
import { type Db, rowsOf } from './db/client.ts';

/**
 * Items people send to the operators and staff work through (issue 9: contact messages, shop requests):
 * the columns they share and the queries on them, so each feature's table stays its own while the
 * handling is written once. 未対応 → 対応中 → 完了, with a staff note and who touched it last.
 */

/** The handling columns of such a table (spread into its pgTable definition). */
export function handlingColumns() {
  return {
    status: text('status').notNull().default('未対応'),
    staffNote: text('staff_note').notNull().default(''),
    handledBy: integer('handled_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  };
}

export interface HandlingTable {
  /** The table's name in SQL. */
  name: string;
  /** Its own columns, as `alias.column` SQL selected into the item's JSON (e.g. `t.topic`). */
  fields: Record<string, string>;
}

type Row = { item: unknown };

/** The item as JSON, built by the database: its own fields, the handling fields and the sender. */
function itemJson(table: HandlingTable): SQL {
  const own = Object.entries(table.fields)
    .map(([key, column]) => `'${key}', ${column}`)
    .join(', ');
  return sql.raw(`json_build_object('id', t.id, ${own},
    'status', t.status, 'staff_note', t.staff_note,
    'sender', json_build_object('id', u.id, 'name', u.name, 'screen_name', u.screen_name, 'email', u.email),
    'created_at', to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated_at', to_char(t.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`);
}

/** Newest first, one page, optionally of one status; the cursor is the last id of the page before. */
export async function listHandled<T>(
  db: Db,
  table: HandlingTable,
  query: { status?: HandlingStatus | undefined; cursor?: number | undefined },
): Promise<{ items: T[]; next_cursor: number | null }> {
  const conditions: SQL[] = [sql`true`];
  if (query.status) conditions.push(sql`t.status = ${query.status}`);
  if (query.cursor) conditions.push(sql`t.id < ${query.cursor}`);
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select ${itemJson(table)} as item
      from ${sql.identifier(table.name)} t join users u on u.id = t.user_id
      where ${sql.join(conditions, sql` and `)}
      order by t.id desc
      limit ${HANDLING_PAGE_SIZE + 1}`),
  );
  const items = rows.slice(0, HANDLING_PAGE_SIZE).map((r) => parseJson<T>(r.item));
  const last = items.at(-1) as { id: number } | undefined;
  return { items, next_cursor: rows.length > HANDLING_PAGE_SIZE && last ? last.id : null };
}

/** Sets the status and the note; null when there is no such item. */
export async function updateHandled<T>(
  db: Db,
  table: HandlingTable,
  id: number,
  update: { status: HandlingStatus; staff_note: string },
  staffId: number,
): Promise<T | null> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      with changed as (
        update ${sql.identifier(table.name)}
        set status = ${update.status}, staff_note = ${update.staff_note}, handled_by = ${staffId},
            updated_at = now()
        where id = ${id}
        returning *
      )
      select ${itemJson(table)} as item from changed t join users u on u.id = t.user_id`),
  );
  return rows[0] ? parseJson<T>(rows[0].item) : null;
}

/** The handling of one item, locked (the staff audit log's "before"; issue 24); null when there is none. */
export async function lockHandled(
  db: Db,
  table: HandlingTable,
  id: number,
): Promise<{ status: string; staff_note: string | null } | null> {
  const [row] = rowsOf(
    await db.execute(
      sql`select status, staff_note from ${sql.identifier(table.name)} where id = ${id} for update`,
    ),
  );
  return row ? { status: String(row.status), staff_note: (row.staff_note as string | null) ?? null } : null;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
