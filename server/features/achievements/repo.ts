import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PublicVoice, Voice, VoiceKind } from '../../../contracts/achievements.ts';
import { PUBLISHED_SHOP_STATUS } from '../../../contracts/shops.ts';
import { type Db, rowsOf } from '../../platform/db/client.ts';
import { customerVoices } from './schema.ts';

type Row = typeof customerVoices.$inferSelect;

const toPublic = (r: Row): PublicVoice => ({
  id: r.id,
  name: r.name,
  kind: r.kind as VoiceKind,
  body: r.body,
});
const toVoice = (r: Row): Voice => ({
  ...toPublic(r),
  published: r.published,
  position: r.position,
  created_at: r.createdAt.toISOString(),
});

/**
 * The four figures in one round trip. Supporters: registered, not left, with the focustar role (shop
 * members are users too, and many of them also support). Clicks: those of posts (unit links), not of the
 * staff shortener's links.
 */
export async function figures(db: Db) {
  const [row] = rowsOf(
    await db.execute(sql`
      select
        (select count(*)::int from shops where status = ${PUBLISHED_SHOP_STATUS}) as shops,
        (select count(*)::int from users u join roles r on r.id = u.role_id
           where r.name = 'focustar' and u.deleted_at is null) as supporters,
        (select count(*)::int from units where status = 'approved') as approved_posts,
        (select coalesce(sum(c.clicks), 0)::int from short_link_clicks c
           join short_links l on l.id = c.link_id where l.purpose = 'unit') as clicks`),
  );
  return {
    shops: Number(row?.shops ?? 0),
    supporters: Number(row?.supporters ?? 0),
    approved_posts: Number(row?.approved_posts ?? 0),
    clicks: Number(row?.clicks ?? 0),
  };
}

export async function publishedVoices(db: Db, limit: number): Promise<PublicVoice[]> {
  const rows = await db
    .select()
    .from(customerVoices)
    .where(eq(customerVoices.published, true))
    .orderBy(asc(customerVoices.position), desc(customerVoices.id))
    .limit(limit);
  return rows.map(toPublic);
}

export async function listAll(db: Db): Promise<Voice[]> {
  const rows = await db
    .select()
    .from(customerVoices)
    .orderBy(asc(customerVoices.position), desc(customerVoices.id));
  return rows.map(toVoice);
}

export async function count(db: Db): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select count(*)::int as n from customer_voices`));
  return Number(row?.n ?? 0);
}

export async function insert(db: Db, values: typeof customerVoices.$inferInsert): Promise<Voice> {
  const [row] = await db.insert(customerVoices).values(values).returning();
  return toVoice(row!);
}

/** One voice, its row locked (the staff audit log's "before"; issue 24). */
export async function lock(db: Db, id: number): Promise<Voice | null> {
  const [row] = await db.select().from(customerVoices).where(eq(customerVoices.id, id)).for('update');
  return row ? toVoice(row) : null;
}

export async function update(
  db: Db,
  id: number,
  values: Partial<Pick<Row, 'name' | 'kind' | 'body' | 'published' | 'position'>>,
): Promise<Voice | null> {
  const [row] = await db
    .update(customerVoices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customerVoices.id, id)))
    .returning();
  return row ? toVoice(row) : null;
}

export async function remove(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .delete(customerVoices)
    .where(eq(customerVoices.id, id))
    .returning({ id: customerVoices.id });
  return rows.length > 0;
}
