import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Written by the build (scripts/vite-route-preloads.ts) into `<clientDir>-meta/`, beside the manifest. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A route of the client's table and the files its screen needs beyond what index.html loads. */
export interface RoutePreload {
  path: string;
  files: string[];
}

/** One HTML answer, ready in every encoding the browser may ask for. */
export interface HtmlPage {
  body: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function page(html: string): HtmlPage {
  const body = Buffer.from(html);
  return {
    body,
    br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Issue 11 (ADR 0154): the SPA's index.html with `<link rel="modulepreload">` for the screen of the
 * requested path, so its files load with the entry instead of after it. Paths match like the client's
 * table: fixed paths first, then patterns, then the catch-alls (`/:screen_name`); a path that matches
 * none gets index.html as built. Each page is built and compressed once.
 */
export function routePages(clientDir: string): ((pathname: string) => HtmlPage) | null {
  const manifest = join(`${clientDir.replace(/\/+$/, '')}-meta`, ROUTE_PRELOADS_FILE);
  if (!existsSync(manifest)) return null;
  const index = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const routes = JSON.parse(readFileSync(manifest, 'utf8')) as RoutePreload[];
  const rank = (path: string) => (path.startsWith('/:') ? 2 : path.includes(':') ? 1 : 0);
  const compiled = routes
    .map((route, order) => ({
      route,
      order,
      regex: new RegExp(
        `^${route.path
          .split('/')
          .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegex(seg)))
          .join('/')}$`,
      ),
    }))
    .sort((a, b) => rank(a.route.path) - rank(b.route.path) || a.order - b.order);
  const plain = page(index);
  const cache = new Map<RoutePreload, HtmlPage>();
  const pageOf = (route: RoutePreload) => {
    let built = cache.get(route);
    if (!built) {
      const links = route.files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
      built = route.files.length > 0 ? page(index.replace('</head>', `${links}</head>`)) : plain;
      cache.set(route, built);
    }
    return built;
  };
  return (pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const match = compiled.find((c) => c.regex.test(path));
    return match ? pageOf(match.route) : plain;
  };
}
