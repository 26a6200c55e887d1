import { EARLY_SESSION_KEY } from '../../../contracts/values.ts';

/**
 * Issue 29 (ADR 0190): the start-up calls every page's first inline script began for a browser with a
 * session (server/platform/first-paint.ts, EARLY_SESSION_SCRIPT), taken over once by the app: the
 * refresher's first refresh takes the refresh, the first `GET /api/me` with the token that refresh gave
 * takes the user. Each is taken only for the token it was started with, so a session changed meanwhile
 * (another tab) calls again itself. ADR 0203: the same holds for the first reads of the page's screen.
 */
interface EarlySession {
  token: string;
  refresh: Promise<unknown> | null;
  me: Promise<unknown> | null;
  /** ADR 0203: the screen's first reads (`EARLY_READS`), by path; each taken once. */
  reads?: Record<string, Promise<unknown> | undefined>;
  /** The token the refresh gave, once the refresher took it. */
  refreshed?: string;
}

function early(): EarlySession | undefined {
  return typeof window === 'undefined'
    ? undefined
    : ((window as unknown as Record<string, unknown>)[EARLY_SESSION_KEY] as EarlySession | undefined);
}

/** The refresh begun with `token`, once; null when there is none (or it was taken). */
export function takeEarlyRefresh(token: string): Promise<unknown> | null {
  const session = early();
  if (!session?.refresh || session.token !== token) return null;
  const { refresh } = session;
  session.refresh = null;
  return refresh;
}

/** Tells which token the early refresh gave, so the early `me` is taken only with it. */
export function noteEarlyRefreshed(token: string): void {
  const session = early();
  if (session) session.refreshed = token;
}

/** The `GET /api/me` begun after the early refresh that gave `token`, once; null otherwise. */
export function takeEarlyMe(token: string | null): Promise<unknown> | null {
  const session = early();
  if (!token || !session?.me || session.refreshed !== token) return null;
  const { me } = session;
  session.me = null;
  return me;
}

/**
 * ADR 0203: the GET of `path` the page's script began after the early refresh that gave `token`, once; null
 * when it began none (another path or mode, a query string) or it was taken.
 */
export function takeEarlyRead(path: string, token: string | null): Promise<unknown> | null {
  const session = early();
  const reads = session?.reads;
  if (!token || !reads || session.refreshed !== token || !Object.hasOwn(reads, path)) return null;
  const read = reads[path] ?? null;
  delete reads[path];
  return read;
}
