import { and, asc, eq, sql } from 'drizzle-orm';
import type { IndexPicture, PublicIndexPicture } from '../../../contracts/index-pictures.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
import { indexPictures } from './schema.ts';

/** Queries of the top page's pictures (issue 16). */

type Row = typeof indexPictures.$inferSelect;

export function present(row: Row): IndexPicture {
  return {
    id: row.id,
    url: row.url,
    alt: row.alt,
    width: row.width,
    height: row.height,
    active: row.active,
    position: row.position,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAll(db: Db): Promise<IndexPicture[]> {
  const rows = await db
    .select()
    .from(indexPictures)
    .orderBy(asc(indexPictures.position), asc(indexPictures.id));
  return rows.map(present);
}

export async function count(db: Db): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select count(*)::int as n from index_pictures`));
  return Number(row?.n ?? 0);
}

/** Appends a picture at the end of the order. */
export async function insert(
  db: Db,
  values: { imageKey: string; url: string; width: number; height: number; alt: string; createdBy: number },
): Promise<IndexPicture> {
  const [row] = await db
    .insert(indexPictures)
    .values({
      ...values,
      position: sql`(select coalesce(max(position), 0) + 1 from index_pictures)`,
    })
    .returning();
  return present(row!);
}

/** One picture, its row locked (the staff audit log's "before"; issue 24). */
export async function lock(db: Db, id: number): Promise<IndexPicture | null> {
  const [row] = await db.select().from(indexPictures).where(eq(indexPictures.id, id)).for('update');
  return row ? present(row) : null;
}

export async function update(db: Db, id: number, values: { alt?: string; active?: boolean }) {
  const [row] = await db
    .update(indexPictures)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(indexPictures.id, id))
    .returning();
  return row ? present(row) : null;
}

export async function remove(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .delete(indexPictures)
    .where(eq(indexPictures.id, id))
    .returning({ key: indexPictures.imageKey });
  return row?.key ?? null;
}

/** Every id, locked: a new order must name exactly these. */
export async function lockIds(db: Db): Promise<number[]> {
  const rows = rowsOf(await db.execute(sql`select id from index_pictures order by id for update`));
  return rows.map((r) => Number(r.id));
}

export async function setOrder(db: Db, ids: number[]): Promise<void> {
  // One statement: position = the id's place in the list.
  await db.execute(sql`
    update index_pictures p set position = o.ord, updated_at = now()
    from unnest(${sql.raw(`ARRAY[${ids.map((id) => Number(id)).join(',')}]::int[]`)}) with ordinality as o(id, ord)
    where p.id = o.id`);
}

/** The active pictures in random order, for the top page. */
export async function randomActive(db: Db, limit: number): Promise<PublicIndexPicture[]> {
  const rows = await db
    .select({
      id: indexPictures.id,
      url: indexPictures.url,
      alt: indexPictures.alt,
      width: indexPictures.width,
      height: indexPictures.height,
    })
    .from(indexPictures)
    .where(and(eq(indexPictures.active, true)))
    .orderBy(sql`random()`)
    .limit(limit);
  return rows;
}
