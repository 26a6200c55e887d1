import type { RouteDef } from '../../platform/routing.ts';
import { FEATURES } from '../features.ts';

export { pageTitle, SITE_NAME } from '../../platform/routing.ts';
export type { RouteDef, ScreenProps } from '../../platform/routing.ts';

/** A path whose first segment is a parameter (`/:screen_name`) matches anything: it goes last. */
const isCatchAll = (route: RouteDef) => route.path.startsWith('/:');

/** Seed spec section 2: every feature's routes, in the order of the feature list, catch-alls last. */
export const ROUTES: readonly RouteDef[] = [
  ...FEATURES.flatMap((f) => f.routes).filter((r) => !isCatchAll(r)),
  ...FEATURES.flatMap((f) => f.routes).filter(isCatchAll),
];
const signedInAccess = new Set<RouteDef['access']>(['member', 'staff']);
/** The signed-in table of section 2 (member and staff screens) and the guest-accessible one. */
export const SIGNED_IN_PATHS = ROUTES.filter((r) => signedInAccess.has(r.access)).map((r) => r.path);
export const GUEST_PATHS = ROUTES.filter((r) => !signedInAccess.has(r.access)).map((r) => r.path);

/** Shown for a path no route matches (e.g. /a/b/c). */
export const NOT_FOUND_ROUTE: RouteDef = {
  path: '*',
  title: 'ページが見つかりません',
  description: 'お探しのページは見つかりませんでした。',
  access: 'public',
  load: () => import('../../features/errors/NotFoundPage.tsx'),
};

type Compiled = { route: RouteDef; regex: RegExp; keys: string[] };
const compiled: Compiled[] = ROUTES.map((route) => {
  const keys: string[] = [];
  const source = route.path
    .split('/')
    .map((seg) => {
      if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(seg.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { route, regex: new RegExp(`^${source}$`), keys };
});

export type RouteMatch = { route: RouteDef; params: Record<string, string> };

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The first route whose pattern matches the path, in table order (so `/:screen_name` comes last). */
export function matchRoute(pathname: string): RouteMatch {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    const params: Record<string, string> = {};
    c.keys.forEach((k, i) => {
      params[k] = safeDecode(m[i + 1] ?? '');
    });
    return { route: c.route, params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/** Only same-site paths are followed after login (never `//host` or `/\host`). */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  if (target.startsWith('/login')) return null;
  return target;
}
