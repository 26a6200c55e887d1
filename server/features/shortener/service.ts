import {
  SHRINKER_CHART_DAYS,
  SHRINKER_MESSAGES as M,
  type ShrinkerDetail,
  type ShrinkerItem,
} from '../../../contracts/shortener.ts';
import { audit } from '../../platform/audit.ts';
import { now } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { HttpError, validationError } from '../../platform/http-errors.ts';
import type { AuthContext } from '../../platform/plugins/access.ts';
import {
  clicksByDaySince,
  clickTotals,
  createShortLink,
  setShortLinkDisabled,
  tokyoDay,
} from '../../platform/short-links.ts';
import * as repo from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The last `days` Japan calendar days, oldest first, ending with today in Japan. Japan has no daylight
 * saving, so stepping back 24 hours at a time lands on each previous day.
 */
export function lastTokyoDays(at: Date, days: number): string[] {
  return Array.from({ length: days }, (_, i) => tokyoDay(new Date(at.getTime() - (days - 1 - i) * DAY_MS)));
}

const LOOPBACK = /^(localhost|127(?:\.[0-9]{1,3}){3}|\[::1\])$/;

/**
 * The path as the server will route it: percent-encoding undone (repeatedly: `%2573` is `%73` is `s`),
 * backslashes read as slashes, dot segments resolved, repeated slashes folded.
 */
function routedPath(pathname: string): string {
  let path = pathname;
  for (let i = 0; i < 5; i += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      decoded = path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    }
    if (decoded === path) break;
    path = decoded;
  }
  path = path.replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  return new URL(path.startsWith('/') ? path : `/${path}`, 'http://x').pathname;
}

/**
 * A link to this site's own `/s/...` would redirect to itself (issue 16: no loops; issue 24 pentest 8: also
 * written `/%73/`, `/S/`, `//s/`, `/x/../s/`, on this host under another spelling, or with no host at all).
 */
export function isOwnShortLink(target: string, appUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(target, appUrl);
  } catch {
    return false;
  }
  const own = new URL(appUrl);
  const host = (h: string) => h.toLowerCase().replace(/\.$/, '');
  const a = host(url.hostname);
  const b = host(own.hostname);
  const sameSite = a === b || a.endsWith(`.${b}`) || (LOOPBACK.test(a) && LOOPBACK.test(b));
  return sameSite && /^\/s(\/|$)/i.test(routedPath(url.pathname));
}

/** Issue 16 "Staff tools": the URL shortener over the platform's tracking-link engine (ADR 0091). */
export class ShortenerService {
  constructor(
    private readonly db: Db,
    private readonly appUrl: string,
  ) {}

  readonly shortUrl = (code: string) => new URL(`/s/${code}`, this.appUrl).toString();

  /** A new shrinker, and its audit row in the same transaction (issue 24). */
  async create(url: string, staff: AuthContext) {
    if (isOwnShortLink(url, this.appUrl)) throw validationError({ url: [M.urlLoop] });
    const link = await this.db.transaction(async (tx) => {
      const created = await createShortLink(tx, {
        targetUrl: url,
        purpose: repo.SHRINKER_PURPOSE,
        createdBy: staff.userId,
      });
      await audit(tx, {
        actor: staff,
        action: 'shrinker.create',
        table: 'short_links',
        id: created.id,
        after: { code: created.code, target_url: created.targetUrl, active: true },
      });
      return created;
    });
    return { id: link.id, code: link.code, short_url: this.shortUrl(link.code) };
  }

  async list(cursor: number | undefined) {
    const page = await repo.listPage(this.db, cursor);
    return {
      items: page.rows.map(({ link, clicks }) => repo.toItem(link, clicks, this.shortUrl)),
      next_cursor: page.nextCursor,
    };
  }

  private async item(id: number): Promise<ShrinkerItem> {
    const link = await repo.findOne(this.db, id);
    if (!link) throw new HttpError(404, M.notFound);
    const totals = await clickTotals(this.db, [link.id]);
    return repo.toItem(link, totals.get(link.id) ?? 0, this.shortUrl);
  }

  async detail(id: number): Promise<ShrinkerDetail> {
    const item = await this.item(id);
    const days = lastTokyoDays(now(), SHRINKER_CHART_DAYS);
    const counted = new Map(
      (await clicksByDaySince(this.db, id, days[0]!)).map((r) => [r.day, r.clicks] as const),
    );
    return { ...item, clicks_per_day: days.map((day) => ({ day, clicks: counted.get(day) ?? 0 })) };
  }

  /** Switches the link off or on; a change writes its audit row in the same transaction (issue 24). */
  async setActive(id: number, active: boolean, staff: AuthContext) {
    const link = await this.db.transaction(async (tx) => {
      const before = await repo.lockOne(tx, id);
      if (!before) return null;
      const after = await setShortLinkDisabled(tx, id, repo.SHRINKER_PURPOSE, !active, now());
      // Switching off a link that is already off changes nothing, and writes nothing.
      if ((before.disabledAt === null) === active) return after;
      await audit(tx, {
        actor: staff,
        action: active ? 'shrinker.enable' : 'shrinker.disable',
        table: 'short_links',
        id,
        before: { active: before.disabledAt === null },
        after: { active: after?.disabledAt === null },
      });
      return after;
    });
    if (!link) throw new HttpError(404, M.notFound);
    return { message: active ? M.enabled : M.disabled, item: await this.item(id) };
  }
}
