import { and, desc, eq, lt } from 'drizzle-orm';
import { SHRINKERS_PAGE_SIZE, type ShrinkerItem } from '../../../contracts/shortener.ts';
import type { Db } from '../../platform/db/client.ts';
import { clickTotals, type ShortLink, shortLinks } from '../../platform/short-links.ts';

/** The shortener's links are the platform engine's links with this purpose (unit links stay apart). */
export const SHRINKER_PURPOSE = 'shrinker';

export function toItem(link: ShortLink, clicks: number, shortUrl: (code: string) => string): ShrinkerItem {
  return {
    id: link.id,
    code: link.code,
    short_url: shortUrl(link.code),
    url: link.targetUrl,
    clicks,
    active: link.disabledAt === null,
    created_at: link.createdAt.toISOString(),
    disabled_at: link.disabledAt?.toISOString() ?? null,
  };
}

/** Newest first, 50 a page, keyset on the id. */
export async function listPage(db: Db, cursor: number | undefined) {
  const rows = await db
    .select()
    .from(shortLinks)
    .where(
      and(
        eq(shortLinks.purpose, SHRINKER_PURPOSE),
        cursor === undefined ? undefined : lt(shortLinks.id, cursor),
      ),
    )
    .orderBy(desc(shortLinks.id))
    .limit(SHRINKERS_PAGE_SIZE + 1);
  const page = rows.slice(0, SHRINKERS_PAGE_SIZE);
  const totals = await clickTotals(
    db,
    page.map((r) => r.id),
  );
  return {
    rows: page.map((link) => ({ link, clicks: totals.get(link.id) ?? 0 })),
    nextCursor: rows.length > SHRINKERS_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}

/** One shortener link (never a unit's link: the purpose is part of the WHERE). */
export async function findOne(db: Db, id: number) {
  const [link] = await db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.id, id), eq(shortLinks.purpose, SHRINKER_PURPOSE)))
    .limit(1);
  return link ?? null;
}

/** One shrinker, its row locked (the staff audit log's "before"; issue 24). */
export async function lockOne(db: Db, id: number) {
  const [link] = await db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.id, id), eq(shortLinks.purpose, SHRINKER_PURPOSE)))
    .for('update');
  return link ?? null;
}
