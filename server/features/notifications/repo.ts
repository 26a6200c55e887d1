import { sql } from 'drizzle-orm';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '../../../contracts/notifications.ts';
import { rowsOf, type Db } from '../../platform/db/client.ts';

/**
 * Issue 26 "In-app": the person's rows of `notifications` (written by the outbox, migration 0035). Every
 * query names the person (object-level: nobody reads or marks another's rows). The page and the unread
 * count use the indexes of 0035: (user_id, id desc) and the partial one on the unread rows.
 */

interface Row {
  id: string | number;
  kind: string;
  title: string;
  body: string;
  path: string;
  created_at: string | Date;
  read_at: string | Date | null;
}

/** Newest first; `before` is the last id of the page before (keyset). */
export async function page(
  db: Db,
  userId: number,
  before: number | undefined,
): Promise<{ data: Notification[]; next_before: number | null }> {
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select id, kind, title, body, path, created_at, read_at from notifications
       where user_id = ${userId} ${before ? sql`and id < ${before}` : sql``}
       order by id desc limit ${NOTIFICATIONS_PAGE_SIZE + 1}`),
  );
  const more = rows.length > NOTIFICATIONS_PAGE_SIZE;
  const data = rows.slice(0, NOTIFICATIONS_PAGE_SIZE).map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    path: r.path,
    created_at: new Date(r.created_at).toISOString(),
    read: r.read_at !== null,
  }));
  return { data, next_before: more ? data.at(-1)!.id : null };
}

/**
 * The unread rows' count and newest id: together they change whenever the unread set does (a new row has
 * a larger id than every row before it; marking read only lowers the count), so they make the ETag.
 */
export async function unread(db: Db, userId: number): Promise<{ count: number; newest: number }> {
  const [row] = rowsOf<{ count: string | number; newest: string | number | null }>(
    await db.execute(sql`
      select count(*) as count, max(id) as newest from notifications
       where user_id = ${userId} and read_at is null`),
  );
  return { count: Number(row?.count ?? 0), newest: Number(row?.newest ?? 0) };
}

/** Marks the person's own unread rows read: those of `ids`, or all. Answers how many changed. */
export async function markRead(db: Db, userId: number, ids: number[] | 'all'): Promise<number> {
  const only =
    ids === 'all'
      ? sql``
      : sql`and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const rows = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      update notifications set read_at = now()
       where user_id = ${userId} and read_at is null ${only}
       returning id`),
  );
  return rows.length;
}
