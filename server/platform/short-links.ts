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
import type { ClickPlatform, DeviceClass } from '../../contracts/results.ts';
import { addLinkMonthClicks } from './click-rollups.ts';
import { clickBursts, type ClickSignals, ownClicks, raiseSelfClicks } from './click-signals.ts';
import { LookupBatcher } from './db/batch.ts';
import { hotQuery, rowsOf, type Db } from './db/client.ts';
import { isPersonalAddress } from './fraud-signals.ts';
import { LINK_CHANGE_CHANNEL, type LinkChangeFeed } from './link-changes.ts';
import { hmac } from './keys.ts';
import { clicksDroppedTotal, clicksWrittenTotal } from './metrics.ts';

/**
 * Tracking short links (issue 13; product design sections 3 and 6): `/s/{code}` redirects to a target
 * and counts clicks per link and per Japan day. The same engine serves a unit's link and, later, the
 * staff URL shortener, which is why it is platform (a feature may not call another's service, ADR 0005).
 *
 * Not counted: HEAD requests, bots and link-preview crawlers, and a repeat from the same IP + user agent
 * within an hour. The visitor is stored only as a keyed hash (HMAC with a key derived from APP_SECRET),
 * never the raw IP.
 *
 * Counting is off the redirect's path (issue 17, ADR 0151): the redirect hands the visit to a
 * `ClickRecorder`, which writes the buffered visits in one transaction a second (or at once when 1,000 are
 * waiting), and on close. The one-hour rule is decided by the database when the batch is written, exactly
 * as for a single visit. The reads of this module (`clickTotals`, `clicksByDay…`) write the process's
 * buffer first, so a process reads every click it has answered.
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

/**
 * Counted clicks per link, Japan day, platform of the referrer and device class (issue 27, ADR 0165): the
 * roll-up the results read. Written in the transaction that adds to `short_link_clicks`, so per link and day
 * both hold the same clicks; those counted before migration 0029 are under `unknown`.
 */
export const shortLinkClickSources = pgTable(
  'short_link_click_sources',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shortLinks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').$type<ClickPlatform>().notNull(),
    device: text('device').$type<DeviceClass>().notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.day, t.platform, t.device] })],
);

/**
 * Counted clicks per shop, Japan day, platform and device class (issue 27, ADR 0168): the sum of
 * `short_link_click_sources` over the shop's unit links, added in the same transaction (`addShopClicks`).
 * A shop's results over a period read this, a row per day, platform and device.
 */
export const shopClickSources = pgTable(
  'shop_click_sources',
  {
    shopId: integer('shop_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    platform: text('platform').$type<ClickPlatform>().notNull(),
    device: text('device').$type<DeviceClass>().notNull(),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.platform, t.device] })],
);

/**
 * When a visitor (keyed hash of IP + user agent) was last counted on a link: the one-hour rule. Kept without
 * write-ahead log, its key compared byte by byte, its time in a block range index (ADR 0212, migration 0042).
 */
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
    index('short_link_visitors_counted_idx').using('brin', t.countedAt),
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

/** What the redirect needs of a link. */
export interface ResolvedLink {
  id: number;
  targetUrl: string;
  disabled: boolean;
}

/** The links of `codes`, in their order (null: no such link): one indexed query, prepared on PostgreSQL. */
export async function resolveShortLinks(db: Db, codes: readonly string[]): Promise<(ResolvedLink | null)[]> {
  const out: (ResolvedLink | null)[] = codes.map(() => null);
  const asked = codes.flatMap((code, i) => (CODE_PATTERN.test(code) ? [{ i, code }] : []));
  if (!asked.length) return out;
  if (asked.length === 1) {
    // Issue 29: a turn that asks one link (the usual case below saturation) reads it by its code, without
    // the JSON of a batch: about a quarter less of PostgreSQL's time per read.
    const [row] = await hotQuery(
      db,
      'short_link_by_code',
      `select id, target_url, disabled_at is not null as disabled from short_links where code = $1`,
      [asked[0]!.code],
    );
    if (row) out[asked[0]!.i] = resolvedLink(row);
    return out;
  }
  const rows = await hotQuery(
    db,
    'short_links_by_code',
    `select k.i, l.id, l.target_url, l.disabled_at is not null as disabled
       from json_to_recordset($1::json) as k(i int, code text) join short_links l on l.code = k.code`,
    [JSON.stringify(asked)],
  );
  for (const row of rows) out[Number(row.i)] = resolvedLink(row);
  return out;
}

function resolvedLink(row: Record<string, unknown>): ResolvedLink {
  return { id: Number(row.id), targetUrl: String(row.target_url), disabled: row.disabled === true };
}

/** How long a process answers a link from memory (ADR 0152), and how many links it keeps. */
export const LINK_CACHE_MS = 5_000;
export const LINK_CACHE_MAX = 10_000;
/**
 * How long a link is remembered while the process hears every change of a link (issue 29, ADR 0152
 * amended): a change reaches it by LISTEN/NOTIFY within milliseconds; this is only the bound for a
 * connection that died without the process noticing (TCP keep-alive finds that in about this time).
 */
export const LINK_CACHE_LISTENING_MS = 60_000;

/** The resolvers of this process, so that a change of a link made here forgets what they remember at once. */
const resolvers = new Set<ShortLinkResolver>();

/**
 * A link was changed (retargeted, switched off or on) by this process: every resolver of the process forgets
 * its links at once. The change's notification (`notifyLinkChange`) makes them forget again after the
 * commit, so a read that ran between the change and its commit is not remembered either.
 */
export function forgetCachedLinks(): void {
  for (const resolver of resolvers) resolver.forget();
}

/**
 * Tells every process that links changed (ADR 0152 amended): in the changing transaction, so the
 * notification goes out at its commit, and not at all when it rolls back.
 */
export async function notifyLinkChange(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${LINK_CHANGE_CHANNEL}, '')`);
  forgetCachedLinks();
}

/**
 * The redirect's read of a link (issue 17, ADR 0152): a link found is remembered, so a link shared on social
 * media costs one read per process every so often instead of one per click. With a change feed that listens
 * (issue 29, ADR 0152 amended) a link is remembered LINK_CACHE_LISTENING_MS and a change made by any process
 * applies when its notification arrives; without one, or while its connection is down, LINK_CACHE_MS. A
 * change made by this process applies at once (`forgetCachedLinks`). Unknown codes are not remembered (a new
 * link works at once everywhere).
 *
 * The memory is two generations of at most max/2 links each: a link is added to the young one; when it is
 * full it becomes the old one and the oldest generation is dropped whole; a link found in the old one moves
 * to the young one. Each step is O(1); evicting one entry at a time from the front of a Map is not (V8
 * keeps deleted entries until the table is rebuilt, and the next eviction walks over them: 10 µs a click
 * when more links are clicked than are remembered, in `npm run bench:api`).
 */
export class ShortLinkResolver {
  private young = new Map<string, { link: ResolvedLink; until: number }>();
  private old = new Map<string, { link: ResolvedLink; until: number }>();
  /** Bumped by every change heard: a read that ran across one is not remembered. */
  private generation = 0;
  private readonly unsubscribe: (() => void) | null = null;
  /** The links not in memory that the redirects of one turn ask for: one query (ADR 0153). */
  private readonly reads = new LookupBatcher<string, ResolvedLink>(
    (codes) => resolveShortLinks(this.db, codes),
    (code) => code,
  );

  /** Links per generation: half of the most remembered. */
  private readonly generationSize: number;

  constructor(
    private readonly db: Db,
    private readonly options: {
      ttlMs?: number;
      listeningTtlMs?: number;
      max?: number;
      changes?: LinkChangeFeed;
    } = {},
  ) {
    this.generationSize = Math.max(1, Math.floor((options.max ?? LINK_CACHE_MAX) / 2));
    if (options.changes) this.unsubscribe = options.changes.subscribe(this);
    resolvers.add(this);
  }

  /** How many links are remembered now (at most `max`). */
  get size(): number {
    return this.young.size + this.old.size;
  }

  private remember(code: string, entry: { link: ResolvedLink; until: number }): void {
    if (this.young.size >= this.generationSize) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(code, entry);
  }

  /** How long a link read now is remembered. */
  private ttl(): number {
    if (this.options.changes?.listening)
      return this.options.listeningTtlMs ?? this.options.ttlMs ?? LINK_CACHE_LISTENING_MS;
    return this.options.ttlMs ?? LINK_CACHE_MS;
  }

  async resolve(code: string): Promise<ResolvedLink | null> {
    const now = performance.now();
    const young = this.young.get(code);
    if (young && young.until > now) return young.link;
    const old = this.old.get(code);
    if (old && old.until > now) {
      this.old.delete(code);
      this.remember(code, old);
      return old.link;
    }
    const seen = this.generation;
    const ttl = this.ttl();
    const link = await this.reads.get(code);
    // A change while the read ran may have been read before it: not remembered then.
    if (link && ttl > 0 && seen === this.generation) this.remember(code, { link, until: now + ttl });
    return link;
  }

  /**
   * The link of `code` when this resolver remembers it now (issue 29, ADR 0209: the front door answers such
   * a click without the framework); undefined when it would have to be read, or moved back from the old
   * generation (`resolve` does both).
   */
  remembered(code: string): ResolvedLink | undefined {
    const young = this.young.get(code);
    return young && young.until > performance.now() ? young.link : undefined;
  }

  /** A link changed (or a change may have been missed): every link is read again. */
  forget(): void {
    this.generation += 1;
    this.clear();
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }

  close(): void {
    this.clear();
    resolvers.delete(this);
    this.unsubscribe?.();
  }
}

/** Points links elsewhere (e.g. a request that ended now leads to /period). */
export async function retargetShortLinks(db: Db, linkIds: number[], targetUrl: string): Promise<void> {
  if (!linkIds.length) return;
  assertTarget(targetUrl);
  await db.update(shortLinks).set({ targetUrl }).where(inArray(shortLinks.id, linkIds));
  await notifyLinkChange(db);
}

/**
 * Link-preview crawlers that `isbot` may miss: X (Twitterbot), LINE (line-poker, facebookexternalhit),
 * Facebook, Slack, Discord, and a few other messengers. A request without a user agent is no person.
 */
const PREVIEWERS =
  /Twitterbot|facebookexternalhit|facebookcatalog|Facebot|meta-externalagent|line-poker|LINE-Preview|Slackbot|Slack-ImgProxy|Discordbot|TelegramBot|WhatsApp|SkypeUriPreview|Iframely|Embedly|redditbot|Pinterestbot|vkShare|Mastodon|Bluesky|Cardyb|Google-PageRenderer|Applebot/i;

export function isCrawler(userAgent: string | undefined): boolean {
  return factsOf(userAgent).crawler;
}

export interface Visit {
  method: string;
  ip: string;
  userAgent: string | undefined;
  /** The Referer header: only its platform is kept (issue 27), never the URL. */
  referrer?: string | undefined;
  /** The browser's device cookie (server/platform/device.ts), when it sent one. */
  deviceId?: string | null | undefined;
  at: Date;
}

/**
 * Issue 24 pentest 5: the network of an address, coarse enough that one person cannot change it at will:
 * the /24 of an IPv4 address (also written `::ffff:a.b.c.d`), the /48 of an IPv6 address.
 */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.[0-9]{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const lower = ip.toLowerCase();
  const [head = '', tail = ''] = lower.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = lower.includes('::') && tail ? tail.split(':') : [];
  const groups = lower.includes('::')
    ? [
        ...headGroups,
        ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'),
        ...tailGroups,
      ]
    : headGroups;
  return `${groups
    .slice(0, 3)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/48`;
}

/** Browser families, the first that matches (in-app browsers before the engines they embed). */
const FAMILIES: [RegExp, string][] = [
  [/ Line\//, 'line'],
  [/Instagram/, 'instagram'],
  [/FBAN|FBAV|FB_IAB/, 'facebook'],
  [/musical_ly|BytedanceWebview|TikTok/i, 'tiktok'],
  [/Twitter/, 'x'],
  [/SamsungBrowser/, 'samsung'],
  [/Edg(?:e|A|iOS)?\//, 'edge'],
  [/OPR\/|Opera/, 'opera'],
  [/YaBrowser/, 'yandex'],
  [/Firefox\/|FxiOS/, 'firefox'],
  [/Chrome\/|CriOS|Chromium/, 'chrome'],
  [/Safari\//, 'safari'],
];

/** The browser family of a user agent: its version and any suffix do not matter (issue 24 pentest 5). */
export function browserFamily(userAgent: string | undefined): string {
  return factsOf(userAgent).family;
}

/** Hosts of the platforms' sites and link wrappers (t.co, l.instagram.com, vt.tiktok.com, …). */
const REFERRER_HOSTS: [RegExp, ClickPlatform][] = [
  [/(^|\.)(x\.com|twitter\.com|t\.co)$/, 'x'],
  [/(^|\.)(instagram\.com|threads\.net)$/, 'instagram'],
  [/(^|\.)(tiktok\.com|tiktokv\.com)$/, 'tiktok'],
  [/(^|\.)(line\.me|line-apps\.com|naver\.jp)$/, 'line'],
];
/** In-app browsers often send no referrer; their user agents name the app. */
const IN_APP: [RegExp, ClickPlatform][] = [
  [/Instagram/, 'instagram'],
  [/musical_ly|BytedanceWebview|TikTok/i, 'tiktok'],
  [/ Line\//, 'line'],
  [/Twitter(?!bot)/, 'x'],
];
const MOBILE = /Mobi|Android|iPhone|iPad|iPod|Windows Phone/i;

/** What the click path reads of a user agent: the same answer for the same string, so it is remembered. */
interface AgentFacts {
  crawler: boolean;
  family: string;
  device: DeviceClass;
  app: ClickPlatform | undefined;
}

/** User agents remembered (issue 29): a viral link's visitors send a few hundred distinct strings. */
export const AGENT_CACHE_MAX = 2_000;
/** Longer strings are read each time, never remembered (no one fills the memory with huge headers). */
const AGENT_CACHE_MAX_LENGTH = 512;
const agentFacts = new Map<string, AgentFacts>();

/**
 * Issue 29: isbot's pattern and the family, device and in-app tests cost about 7 µs a click; a viral
 * link's visitors share a few hundred user agents, so each string is read once and its answer kept (at
 * most AGENT_CACHE_MAX strings, the whole memory dropped when full: no order to keep per click).
 */
function factsOf(userAgent: string | undefined): AgentFacts {
  const ua = userAgent ?? '';
  const known = agentFacts.get(ua);
  if (known) return known;
  const facts: AgentFacts = {
    crawler: !ua.trim() || PREVIEWERS.test(ua) || isbot(ua),
    family: FAMILIES.find(([re]) => re.test(ua))?.[1] ?? 'other',
    device: MOBILE.test(ua) ? 'mobile' : 'pc',
    app: IN_APP.find(([re]) => re.test(ua))?.[1],
  };
  if (ua.length <= AGENT_CACHE_MAX_LENGTH) {
    if (agentFacts.size >= AGENT_CACHE_MAX) agentFacts.clear();
    agentFacts.set(ua, facts);
  }
  return facts;
}

/** The platform of a referrer's host, when it is one of the platforms'. */
function platformOfReferrer(referrer: string | undefined): { host: string; platform?: ClickPlatform } {
  let host = '';
  try {
    if (referrer) host = new URL(referrer).hostname.toLowerCase();
  } catch {
    host = '';
  }
  return host ? { host, platform: REFERRER_HOSTS.find(([re]) => re.test(host))?.[1] } : { host };
}

/**
 * The coarse source of a visit (issue 27): the platform of its referrer (or of the app whose in-app browser
 * opened the link) and mobile or PC. Nothing else of the referrer or the user agent is kept.
 */
export function clickSource(
  referrer: string | undefined,
  userAgent: string | undefined,
): { platform: ClickPlatform; device: DeviceClass } {
  const facts = factsOf(userAgent);
  return { platform: sourcePlatform(referrer, facts), device: facts.device };
}

function sourcePlatform(referrer: string | undefined, facts: AgentFacts): ClickPlatform {
  const { host, platform } = platformOfReferrer(referrer);
  return platform ?? facts.app ?? (host ? 'other' : 'none');
}

const TOKYO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Japan has kept UTC+9 all year since 1952: from 2000 on, a Japan day is [15:00 UTC, 15:00 UTC the next day). */
const FIXED_OFFSET_SINCE = Date.UTC(2000, 0, 1);
let lastDay = { start: 0, end: 0, day: '' };

/**
 * Japan's calendar day of a moment (YYYY-MM-DD). Issue 29: the click writer asks it twice a click, and
 * Intl's format costs about a microsecond; the last day found is remembered with its bounds.
 */
export function tokyoDay(at: Date): string {
  const t = at.getTime();
  if (t >= lastDay.start && t < lastDay.end) return lastDay.day;
  const day = TOKYO_DAY.format(at);
  if (t >= FIXED_OFFSET_SINCE) {
    const start = Math.floor((t + 9 * HOUR_MS) / DAY_MS) * DAY_MS - 9 * HOUR_MS;
    lastDay = { start, end: start + DAY_MS, day };
  }
  return day;
}

/** A visit as buffered and written: the link, the visitor's keyed hash, when. */
export interface CountableVisit {
  linkId: number;
  /** The keyed hash of the visitor's network and browser family (issue 24 pentest 5). */
  visitor: string;
  /** The keyed hash of the device cookie, when the browser sent one: one device is one visitor too. */
  deviceVisitor?: string | undefined;
  at: Date;
  /** Where it came from, coarse (issue 27); a visit without it is rolled up as unknown. */
  platform?: ClickPlatform;
  device?: DeviceClass;
  /**
   * Issue 24 click_burst: the visit's network (/24, /48) when its address is a person's (`isPersonalAddress`).
   * Held in memory only: the writer keeps its keyed hash.
   */
  network?: string | undefined;
  /** Issue 24 self_click: the device cookie's keyed hash as `user_devices` keeps it (recorders with signals). */
  signInDevice?: string | undefined;
  /** Issue 24 self_click: the address's keyed hash as `user_ips` keeps it, when it is a person's. */
  signInIp?: string | undefined;
}

/**
 * The visit to count, or null when it never counts (not a GET, a bot or a previewer). The visitor is hashed
 * here, so the raw IP is never kept, not even in the buffer. `visitorKey` is derived from APP_SECRET for
 * this purpose only.
 */
export function countableVisit(
  linkId: number,
  visit: Visit,
  visitorKey: Buffer,
  signals?: ClickSignals,
): CountableVisit | null {
  if (visit.method !== 'GET' && visit.method.toUpperCase() !== 'GET') return null;
  const agent = factsOf(visit.userAgent);
  if (agent.crawler) return null;
  const network = networkOf(visit.ip);
  const personal = isPersonalAddress(visit.ip);
  // Issue 29: one object of one shape, its optional fields set only when present (as the spreads did).
  const out: CountableVisit = {
    linkId,
    visitor: hmac(visitorKey, `net\n${network}\n${agent.family}`),
    at: visit.at,
    platform: sourcePlatform(visit.referrer, agent),
    device: agent.device,
  };
  if (visit.deviceId) {
    out.deviceVisitor = hmac(visitorKey, `device\n${visit.deviceId}`);
    // Issue 24 signals: what the writer compares, hashed here as the rest (the network is no address).
    if (signals) out.signInDevice = signals.deviceHash(visit.deviceId);
  }
  if (personal) {
    out.network = network;
    if (signals) out.signInIp = signals.ipHash(visit.ip);
  }
  return out;
}

/** One key of a visit for the one-hour rule: a network and browser family, or a device. */
interface VisitorKey {
  linkId: number;
  visitor: string;
  at: Date;
}

/**
 * The one-hour rule for one kind of key, inside the caller's transaction: answers, for each key, whether it
 * was new (not counted in the hour before). Per (link, visitor), the earliest key of the batch goes through
 * one upsert that inserts, or moves `counted_at` only if the last count is an hour old; it locks the row, so
 * racing batches of two processes count a visitor once. The batch's later keys of the same visitor (a double
 * click within the flush interval) are judged from the row's `counted_at`, read under that lock. Rows are
 * taken in (link, visitor) order, so two batches never wait on each other crosswise.
 */
async function newVisitors(tx: Pick<Db, 'execute'>, keys: readonly VisitorKey[]): Promise<boolean[]> {
  const counted = keys.map(() => false);
  if (!keys.length) return counted;
  const byVisitor = new Map<string, number[]>();
  keys.forEach((v, i) => {
    const key = `${v.linkId}\n${v.visitor}`;
    const list = byVisitor.get(key);
    if (list) list.push(i);
    else byVisitor.set(key, [i]);
  });
  for (const list of byVisitor.values()) list.sort((a, b) => keys[a]!.at.getTime() - keys[b]!.at.getTime());
  const firsts = [...byVisitor.values()]
    .map((list) => keys[list[0]!]!)
    .sort((a, b) => a.linkId - b.linkId || (a.visitor < b.visitor ? -1 : a.visitor > b.visitor ? 1 : 0));
  const json = (rows: VisitorKey[]) =>
    JSON.stringify(rows.map((v) => ({ link_id: v.linkId, visitor: v.visitor, at: v.at.toISOString() })));
  const upserted = rowsOf<{ link_id: number; visitor: string }>(
    await tx.execute(sql`
      insert into short_link_visitors (link_id, visitor, counted_at)
      select link_id, visitor, at from json_to_recordset(${json(firsts)}::json) as v(link_id int, visitor text, at timestamptz)
      on conflict (link_id, visitor) do update set counted_at = excluded.counted_at
        where short_link_visitors.counted_at <= excluded.counted_at - make_interval(secs => ${REPEAT_WINDOW_MS / 1000})
      returning link_id, visitor`),
  );
  for (const row of upserted) counted[byVisitor.get(`${row.link_id}\n${row.visitor}`)![0]!] = true;

  const repeated = [...byVisitor.values()].filter((list) => list.length > 1);
  if (!repeated.length) return counted;
  const asked = repeated.map((list) => keys[list[0]!]!);
  const last = new Map(
    rowsOf<{ link_id: number; visitor: string; counted_at: Date | string }>(
      await tx.execute(sql`
        select s.link_id, s.visitor, s.counted_at from short_link_visitors s
        join json_to_recordset(${json(asked)}::json) as v(link_id int, visitor text, at timestamptz)
          on v.link_id = s.link_id and v.visitor = s.visitor`),
    ).map((r) => [`${r.link_id}\n${r.visitor}`, new Date(r.counted_at).getTime()]),
  );
  const moved: VisitorKey[] = [];
  for (const list of repeated) {
    const first = keys[list[0]!]!;
    let lastCount = last.get(`${first.linkId}\n${first.visitor}`) ?? first.at.getTime();
    let latest: VisitorKey | null = null;
    for (const i of list.slice(1)) {
      if (keys[i]!.at.getTime() - lastCount < REPEAT_WINDOW_MS) continue;
      counted[i] = true;
      lastCount = keys[i]!.at.getTime();
      latest = keys[i]!;
    }
    if (latest) moved.push(latest);
  }
  if (moved.length) {
    await tx.execute(sql`
      update short_link_visitors s set counted_at = v.at
      from json_to_recordset(${json(moved)}::json) as v(link_id int, visitor text, at timestamptz)
      where s.link_id = v.link_id and s.visitor = v.visitor`);
  }
  return counted;
}

/**
 * Writes visits in one transaction and answers, for each, whether it was counted: the one-hour rule of a
 * single visit, for any batch (`newVisitors`). Issue 24 pentest 5: a visitor is one network (/24, /48) and
 * browser family within the hour, or one device cookie; a visit counts only when neither was counted in the
 * hour before, so neither rotating user agents nor rotating cookies adds clicks. Then the counted visits
 * are added to the per-day counts.
 */
/**
 * Adds counted clicks per link, day, platform and device to `shop_click_sources` under the shop of each unit
 * link (issue 27, ADR 0168); a link that is no unit's (the staff shortener) belongs to no shop. Called by the
 * click writer in its transaction, and by the seeds that write `short_link_click_sources` themselves.
 */
export async function addShopClicks(
  tx: Db,
  sources: readonly { link_id: number; day: string; platform: string; device: string; clicks: number }[],
): Promise<void> {
  if (!sources.length) return;
  await tx.execute(sql`
    insert into shop_click_sources (shop_id, day, platform, device, clicks)
    select u.shop_id, c.day, c.platform, c.device, sum(c.clicks)::int
    from json_to_recordset(${JSON.stringify(sources)}::json) as c(link_id int, day date, platform text, device text, clicks int)
      join units u on u.short_link_id = c.link_id
    where u.shop_id is not null
    group by u.shop_id, c.day, c.platform, c.device
    order by u.shop_id, c.day, c.platform, c.device
    on conflict (shop_id, day, platform, device) do update set clicks = shop_click_sources.clicks + excluded.clicks`); // The same clicks per link and month (ADR 0186): a shop's whole month reads its most clicked posts in order.
  await addLinkMonthClicks(tx, sources);
}

export async function recordVisits(
  db: Db,
  visits: readonly CountableVisit[],
  networkKey?: Buffer,
): Promise<boolean[]> {
  let counted = visits.map(() => false);
  if (!visits.length) return counted;
  await db.transaction(async (tx) => {
    // Issue 24 self_click: a supporter's own clicks are never counted (and leave no visitor row).
    const own = await ownClicks(tx, visits);
    const others = visits.flatMap((_, i) => (own.own[i] ? [] : [i]));
    const othersNew = await newVisitors(
      tx,
      others.map((i) => visits[i]!),
    );
    counted = visits.map(() => false);
    others.forEach((i, j) => {
      counted[i] = othersNew[j] === true;
    });
    // The device keys of the visits new by network: a device already counted (from another network) is not.
    const withDevice = visits.flatMap((v, i) =>
      counted[i] && v.deviceVisitor
        ? [{ i, key: { linkId: v.linkId, visitor: v.deviceVisitor, at: v.at } }]
        : [],
    );
    const newDevices = await newVisitors(
      tx,
      withDevice.map((d) => d.key),
    );
    withDevice.forEach((d, j) => {
      if (!newDevices[j]) counted[d.i] = false;
    });
    await raiseSelfClicks(tx, own);
    // Issue 24 click_burst: the clicks per unit link, network and minute (the key hashes the network).
    if (networkKey) await clickBursts(tx, visits, own, networkKey);

    const perDay = new Map<string, { link_id: number; day: string; clicks: number }>();
    visits.forEach((v, i) => {
      if (!counted[i]) return;
      const day = tokyoDay(v.at);
      const key = `${v.linkId} ${day}`;
      const entry = perDay.get(key);
      if (entry) entry.clicks += 1;
      else perDay.set(key, { link_id: v.linkId, day, clicks: 1 });
    });
    if (!perDay.size) return;
    const days = [...perDay.values()].sort((a, b) => a.link_id - b.link_id || (a.day < b.day ? -1 : 1));
    await tx.execute(sql`
      insert into short_link_clicks (link_id, day, clicks)
      select link_id, day, clicks from json_to_recordset(${JSON.stringify(days)}::json) as c(link_id int, day date, clicks int)
      on conflict (link_id, day) do update set clicks = short_link_clicks.clicks + excluded.clicks`);

    // Issue 27: the same clicks by platform and device, in the same order of keys (no crosswise waits).
    const perSource = new Map<
      string,
      { link_id: number; day: string; platform: string; device: string; clicks: number }
    >();
    visits.forEach((v, i) => {
      if (!counted[i]) return;
      const day = tokyoDay(v.at);
      const platform = v.platform ?? 'unknown';
      const device = v.device ?? 'unknown';
      const key = `${v.linkId} ${day} ${platform} ${device}`;
      const entry = perSource.get(key);
      if (entry) entry.clicks += 1;
      else perSource.set(key, { link_id: v.linkId, day, platform, device, clicks: 1 });
    });
    const sources = [...perSource.values()].sort(
      (a, b) =>
        a.link_id - b.link_id ||
        (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) ||
        (a.platform < b.platform ? -1 : a.platform > b.platform ? 1 : 0) ||
        (a.device < b.device ? -1 : a.device > b.device ? 1 : 0),
    );
    await tx.execute(sql`
      insert into short_link_click_sources (link_id, day, platform, device, clicks)
      select link_id, day, platform, device, clicks
      from json_to_recordset(${JSON.stringify(sources)}::json) as c(link_id int, day date, platform text, device text, clicks int)
      on conflict (link_id, day, platform, device) do update set clicks = short_link_click_sources.clicks + excluded.clicks`);

    // Issue 27 (ADR 0168): the same clicks per shop of the unit links, so a shop's period reads a row per day,
    // platform and device however many posts and users there are. Same transaction: the two roll-ups can
    // never disagree. Keys in order, after the link rows of every batch: no crosswise waits.
    await addShopClicks(tx, sources);
  });
  return counted;
}

/** Records one visit at once (no buffer); answers whether it was counted. */
export async function recordClick(
  db: Db,
  linkId: number,
  visit: Visit,
  visitorKey: Buffer,
): Promise<boolean> {
  const countable = countableVisit(linkId, visit, visitorKey);
  if (!countable) return false;
  const [counted] = await recordVisits(db, [countable], visitorKey);
  return counted === true;
}

/** How the buffer of a process behaves (the defaults are the product's; tests shorten or stop the clock). */
export interface ClickRecorderOptions {
  /** How often buffered visits are written (ms); 0 writes only on `flush()` and at the size limit. */
  flushMs?: number;
  /** A write starts at once when this many visits wait, and writes at most this many per transaction. */
  batchSize?: number;
  /** Batches written at once (ADR 0197; default CLICK_WRITERS). */
  writers?: number;
  /** While the database refuses the writes, at most this many visits wait; the oldest beyond are dropped. */
  maxPending?: number;
  /** A failed write (it is retried with the next one) or dropped visits: for the log. */
  onError?: (err: unknown, info: { pending: number; dropped: number }) => void;
  /** Issue 24 self_click: how to hash a visit's device and address as the sign-ins keep them. */
  signals?: ClickSignals;
  /**
   * Issue 29 (ADR 0209): where the batches are written, when not on the recorder's `db`: connections of their
   * own, so that a spike's writes never hold the connections the requests wait for. The reads of this module
   * still find the recorder by the `db` it was made with.
   */
  writeDb?: Db;
}

export const CLICK_FLUSH_MS = 1_000;
export const CLICK_BATCH_SIZE = 1_000;
/** ADR 0197: batches written at once by one process. */
export const CLICK_WRITERS = 2;
export const CLICK_MAX_PENDING = 100_000;

/** The recorder of each database handle, so that this module's reads can write its buffer first. */
const recorders = new WeakMap<Db, ClickRecorder>();

/**
 * The visits a process has answered and not yet written (issue 17, ADR 0151). `record` is synchronous: the
 * redirect never waits for the database. A write takes what is buffered (at most `batchSize` a transaction)
 * and, when it fails, puts it back to be retried by the next write. `close` stops the clock and writes
 * everything, so a graceful stop loses nothing; a crash loses at most what was buffered: about one second of
 * visits, never more than `batchSize` in normal operation (`maxPending` while the database is down).
 */
export class ClickRecorder {
  private buffer: CountableVisit[] = [];
  /** The write running now: the batches of what was buffered when it started, `writers` at a time. */
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly batchSize: number;
  private readonly maxPending: number;
  private readonly writers: number;

  constructor(
    private readonly db: Db,
    private readonly visitorKey: Buffer,
    private readonly options: ClickRecorderOptions = {},
  ) {
    this.batchSize = options.batchSize ?? CLICK_BATCH_SIZE;
    this.maxPending = options.maxPending ?? CLICK_MAX_PENDING;
    this.writers = Math.max(1, options.writers ?? CLICK_WRITERS);
    const every = options.flushMs ?? CLICK_FLUSH_MS;
    if (every > 0) {
      this.timer = setInterval(() => void this.flush().catch(() => {}), every);
      this.timer.unref();
    }
    recorders.set(db, this);
  }

  /** Where the batches are written (ADR 0209: `writeDb`, else the recorder's `db`). */
  get writesTo(): Db {
    return this.options.writeDb ?? this.db;
  }

  /** Visits waiting to be written. */
  get pending(): number {
    return this.buffer.length;
  }

  /** Buffers a visit of `linkId`; false when it never counts (HEAD, a bot, a previewer). */
  record(linkId: number, visit: Visit): boolean {
    const countable = countableVisit(linkId, visit, this.visitorKey, this.options.signals);
    if (!countable) return false;
    this.buffer.push(countable);
    // After close (a request that outlived the stop), nothing else would write it.
    if ((this.closed || this.buffer.length >= this.batchSize) && !this.writing)
      void this.flush().catch(() => {});
    return true;
  }

  /**
   * Writes every visit buffered before the call (after a write in progress). Rejects when the database
   * refused; the visits stay buffered for the next write.
   */
  async flush(): Promise<void> {
    while (this.writing) await this.writing.catch(() => {});
    if (!this.buffer.length) return;
    this.writing = this.writeBatches(this.buffer.length);
    try {
      await this.writing;
    } finally {
      this.writing = null;
    }
    // Visits that came in while this write ran, beyond the size limit (or after close), are written at once.
    if (this.buffer.length >= (this.closed ? 1 : this.batchSize)) void this.flush().catch(() => {});
  }

  /**
   * The first `target` visits of the buffer in batches of `batchSize`. ADR 0197: `writers` batches at once,
   * so that one batch's statements run in PostgreSQL while the next is prepared here (one at a time, a
   * spike's backlog of 280,000 clicks took 11 s). Two batches never wait on each other crosswise
   * (`newVisitors` and the roll-ups take their keys in one order), as the writes of two processes do not.
   * After a refused batch no other starts; the call rejects once the running ones have ended.
   */
  private async writeBatches(target: number): Promise<void> {
    let remaining = target;
    let failure: { err: unknown } | null = null;
    const running = new Set<Promise<void>>();
    while (remaining > 0 && this.buffer.length && !failure) {
      if (running.size >= this.writers) {
        await Promise.race(running);
        continue;
      }
      const batch = this.buffer.splice(0, Math.min(this.batchSize, remaining));
      remaining -= batch.length;
      const write = this.write(batch).then(
        () => {
          running.delete(write);
        },
        (err: unknown) => {
          failure ??= { err };
          running.delete(write);
        },
      );
      running.add(write);
    }
    await Promise.all(running);
    if (failure) throw (failure as { err: unknown }).err;
  }

  /** One batch in one transaction; refused, it goes back to the front of the buffer (the oldest beyond the limit dropped). */
  private async write(batch: CountableVisit[]): Promise<void> {
    try {
      await recordVisits(this.writesTo, batch, this.visitorKey);
      clicksWrittenTotal.inc(batch.length);
    } catch (err) {
      this.buffer.unshift(...batch);
      const dropped = Math.max(0, this.buffer.length - this.maxPending);
      if (dropped) {
        this.buffer.splice(0, dropped);
        clicksDroppedTotal.inc(dropped);
      }
      this.options.onError?.(err, { pending: this.buffer.length, dropped });
      throw err;
    }
  }

  /** Stops the clock and writes everything buffered (graceful stop). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
    if (recorders.get(this.db) === this) recorders.delete(this.db);
  }
}

/** Writes the buffered visits of the process's recorder on `db`, if any, before a read of the counts. */
export async function settleClicks(db: Db): Promise<void> {
  await recorders.get(db)?.flush();
}

/** Total counted clicks of each link. */
export async function clickTotals(db: Db, linkIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!linkIds.length) return out;
  await settleClicks(db);
  const rows = await db
    .select({ linkId: shortLinkClicks.linkId, n: sql<number>`sum(${shortLinkClicks.clicks})::int` })
    .from(shortLinkClicks)
    .where(inArray(shortLinkClicks.linkId, linkIds))
    .groupBy(shortLinkClicks.linkId);
  for (const r of rows) out.set(r.linkId, Number(r.n));
  return out;
}

/** Counted clicks of one link per Japan day, oldest first. */
export async function clicksByDay(db: Db, linkId: number) {
  await settleClicks(db);
  return db
    .select({ day: shortLinkClicks.day, clicks: shortLinkClicks.clicks })
    .from(shortLinkClicks)
    .where(sql`${shortLinkClicks.linkId} = ${linkId}`)
    .orderBy(shortLinkClicks.day);
}

/** Counted clicks of one link per Japan day from `fromDay` (YYYY-MM-DD) on, oldest first. */
export async function clicksByDaySince(db: Db, linkId: number, fromDay: string) {
  await settleClicks(db);
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
  await notifyLinkChange(db);
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
