import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { isbot } from 'isbot';
import { rowsOf, type Db } from './db/client.ts';
import { hmac } from './keys.ts';

/**
 * Tracking short links (issue 13; product design sections 3 and 6): `/s/{code}` redirects to a target
 * and counts clicks per link and per Japan day. The same engine serves a unit's link and, later, the
 * staff URL shortener, which is why it is platform (a feature may not call another's service, ADR 0005).
 *
 * Not counted: HEAD requests, bots and link-preview crawlers, and a repeat from the same IP + user agent
 * within an hour. The visitor is stored only as a keyed hash (HMAC with a key derived from APP_SECRET),
 * never the raw IP.
 */

export const shortLinks = pgTable(
  'short_links',
  {
    id: serial('id').primaryKey(),
    /** Random, base62, unguessable (CODE_LENGTH characters, about 6 bits each). */
    code: text('code').notNull(),
    targetUrl: text('target_url').notNull(),
    /** What the link is for: `unit` (a supporter's post) or `shrinker` (staff tool). */
    purpose: text('purpose').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when staff switch a shortener link off: `/s/{code}` then leads to 「掲載は終了しました」 and counts nothing. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('short_links_code_unique').on(t.code),
    index('short_links_purpose_id_idx').on(t.purpose, t.id),
  ],
);

/** Counted clicks per link and Japan calendar day. */
export const shortLinkClicks = pgTable(
  'short_link_clicks',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day] })],
);

/** When a visitor (keyed hash of IP + user agent) was last counted on a link: the one-hour rule. */
export const shortLinkVisitors = pgTable(
  'short_link_visitors',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    visitor: text('visitor').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.visitor] }),
    index('short_link_visitors_counted_idx').on(t.countedAt),
  ],
);

export const CODE_LENGTH = 10;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const CODE_PATTERN = /^[A-Za-z0-9]{8,32}$/;
/** A repeat of one visitor within this time is not counted again. */
export const REPEAT_WINDOW_MS = 60 * 60 * 1000;

/** 10 base62 characters from a CSPRNG (rejection sampling keeps every character equally likely). */
export function newCode(length = CODE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

function assertTarget(url: string): void {
  if (url.startsWith('/') && !url.startsWith('//')) return;
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new RangeError(`not a web URL: ${url}`);
}

export type ShortLink = typeof shortLinks.$inferSelect;

/** A new link to `targetUrl` (http(s) or a path of this site). */
export async function createShortLink(
  db: Db,
  link: { targetUrl: string; purpose: string; createdBy?: number | null },
): Promise<ShortLink> {
  assertTarget(link.targetUrl);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [row] = await db
      .insert(shortLinks)
      .values({
        code: newCode(),
        targetUrl: link.targetUrl,
        purpose: link.purpose,
        createdBy: link.createdBy ?? null,
      })
      .onConflictDoNothing({ target: shortLinks.code })
      .returning();
    if (row) return row;
  }
  throw new Error('could not draw a free short-link code');
}

export async function resolveShortLink(db: Db, code: string): Promise<ShortLink | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const rows = await db
    .select()
    .from(shortLinks)
    .where(sql`${shortLinks.code} = ${code}`)
    .limit(1);
  return rows[0] ?? null;
}

/** Points links elsewhere (e.g. a request that ended now leads to /period). */
export async function retargetShortLinks(db: Db, linkIds: number[], targetUrl: string): Promise<void> {
  if (!linkIds.length) return;
  assertTarget(targetUrl);
  await db.update(shortLinks).set({ targetUrl }).where(inArray(shortLinks.id, linkIds));
}

/**
 * Link-preview crawlers that `isbot` may miss: X (Twitterbot), LINE (line-poker, facebookexternalhit),
 * Facebook, Slack, Discord, and a few other messengers. A request without a user agent is no person.
 */
const PREVIEWERS =
  /Twitterbot|facebookexternalhit|facebookcatalog|Facebot|meta-externalagent|line-poker|LINE-Preview|Slackbot|Slack-ImgProxy|Discordbot|TelegramBot|WhatsApp|SkypeUriPreview|Iframely|Embedly|redditbot|Pinterestbot|vkShare|Mastodon|Bluesky|Cardyb|Google-PageRenderer|Applebot/i;

export function isCrawler(userAgent: string | undefined): boolean {
  if (!userAgent || !userAgent.trim()) return true;
  return PREVIEWERS.test(userAgent) || isbot(userAgent);
}

export interface Visit {
  method: string;
  ip: string;
  userAgent: string | undefined;
  at: Date;
}

/** Japan's calendar day of a moment (YYYY-MM-DD). */
export const tokyoDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

/**
 * Records a visit; answers whether it was counted. `visitorKey` is a key derived from APP_SECRET for
 * this purpose only. One statement decides the repeat rule (insert, or move `counted_at` only if the last
 * count is an hour old), so two racing requests of one visitor count once.
 */
export async function recordClick(
  db: Db,
  linkId: number,
  visit: Visit,
  visitorKey: Buffer,
): Promise<boolean> {
  if (visit.method.toUpperCase() !== 'GET') return false;
  if (isCrawler(visit.userAgent)) return false;
  const visitor = hmac(visitorKey, `${visit.ip}\n${visit.userAgent ?? ''}`);
  const windowStart = new Date(visit.at.getTime() - REPEAT_WINDOW_MS);
  return db.transaction(async (tx) => {
    const counted = rowsOf(
      await tx.execute(sql`
        insert into short_link_visitors (link_id, visitor, counted_at) values (${linkId}, ${visitor}, ${visit.at})
        on conflict (link_id, visitor) do update set counted_at = excluded.counted_at
          where short_link_visitors.counted_at <= ${windowStart}
        returning 1 as counted`),
    );
    if (!counted.length) return false;
    await tx.execute(sql`
      insert into short_link_clicks (link_id, day, clicks) values (${linkId}, ${tokyoDay(visit.at)}, 1)
      on conflict (link_id, day) do update set clicks = short_link_clicks.clicks + 1`);
    return true;
  });
}

/** Total counted clicks of each link. */
export async function clickTotals(db: Db, linkIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!linkIds.length) return out;
  const rows = await db
    .select({ linkId: shortLinkClicks.linkId, n: sql<number>`sum(${shortLinkClicks.clicks})::int` })
    .from(shortLinkClicks)
    .where(inArray(shortLinkClicks.linkId, linkIds))
    .groupBy(shortLinkClicks.linkId);
  for (const r of rows) out.set(r.linkId, Number(r.n));
  return out;
}

/** Counted clicks of one link per Japan day, oldest first. */
export function clicksByDay(db: Db, linkId: number) {
  return db
    .select({ day: shortLinkClicks.day, clicks: shortLinkClicks.clicks })
    .from(shortLinkClicks)
    .where(sql`${shortLinkClicks.linkId} = ${linkId}`)
    .orderBy(shortLinkClicks.day);
}

/** Counted clicks of one link per Japan day from `fromDay` (YYYY-MM-DD) on, oldest first. */
export function clicksByDaySince(db: Db, linkId: number, fromDay: string) {
  return db
    .select({ day: shortLinkClicks.day, clicks: shortLinkClicks.clicks })
    .from(shortLinkClicks)
    .where(sql`${shortLinkClicks.linkId} = ${linkId} and ${shortLinkClicks.day} >= ${fromDay}`)
    .orderBy(shortLinkClicks.day);
}

/** Switches a link off (`disabled: true`) or on again; answers the link, or null if `where` matched none. */
export async function setShortLinkDisabled(
  db: Db,
  linkId: number,
  purpose: string,
  disabled: boolean,
  at: Date,
): Promise<ShortLink | null> {
  const [row] = await db
    .update(shortLinks)
    .set({ disabledAt: disabled ? sql`coalesce(${shortLinks.disabledAt}, ${at})` : null })
    .where(sql`${shortLinks.id} = ${linkId} and ${shortLinks.purpose} = ${purpose}`)
    .returning();
  return row ?? null;
}

/**
 * Forgets visitors counted before `before` (they no longer affect the one-hour rule); answers how many.
 * The per-day click counts are kept: they are the report, and hold no visitor.
 */
export async function pruneVisitors(db: Db, before: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with gone as (delete from short_link_visitors where counted_at < ${before} returning 1)
      select count(*)::int as n from gone`),
  );
  return Number(row?.n ?? 0);
}
