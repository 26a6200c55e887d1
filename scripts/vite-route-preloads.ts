import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
  SESSION_PRELOADS_FILE,
  type SessionPreloads,
} from '../server/platform/spa-pages.ts';

/** Where the routes are declared: every feature's routes.ts and the staff menu's screens. */
export function routeFiles(root: string): string[] {
  const features = join(root, 'src/features');
  return [
    ...readdirSync(features, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(features, d.name, 'routes.ts')),
    join(root, 'src/app/admin/index.ts'),
  ].filter((file) => existsSync(file));
}

/** Each `{ path: '…', …, load: () => import('…') }` of a routes file, in order. */
export function routesOf(source: string): { path: string; specifier: string }[] {
  const found = [...source.matchAll(/\bpath:\s*'([^']+)'[\s\S]*?\bload:\s*\(\)\s*=>\s*import\('([^']+)'\)/g)];
  const declared = source.match(/\bpath:\s*'/g)?.length ?? 0;
  if (found.length !== declared)
    throw new Error(`${declared} routes declared but ${found.length} with a load: () => import('…')`);
  return found.map((m) => ({ path: m[1]!, specifier: m[2]! }));
}

type Chunk = {
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  isEntry: boolean;
  moduleIds: string[];
};

/**
 * The modules src/main.tsx starts loading with the current screen's chunk whatever the path, before the
 * first paint: the route list names them, and bench/bundle.ts counts them in the first screen.
 */
export const START_UP_MODULES = ['src/app/routes/AppRoutes.tsx'];

/**
 * Issue 29 (ADR 0202): the modules the start-up of a visitor with a session loads whatever the path, before
 * the first screen: the user's contract (with zod), which parses the answer of `/api/me`. Preloaded only
 * for such a visitor (a guest's first screen does not carry them, ADR 0038).
 */
export const SESSION_START_UP_MODULES = ['contracts/accounts.ts'];

/**
 * Issue 29 (ADR 0203): per route path, the modules the first screen of a visitor with a session loads there
 * beyond the route's own files: `/` draws the signed-in home (a chunk of its own, ADR 0038) and, in
 * advertiser mode, the shop switch's contract. Preloaded for such a visitor only, on that path only.
 */
export const SESSION_ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/features/top/MemberHome.tsx', 'contracts/shops.ts'],
};

/**
 * Issue 11 (ADR 0154): the files of a route's screen are known when the build ends, so the server can
 * name them in the HTML it answers for that path (`<link rel="modulepreload">`) and the browser fetches
 * them together with the entry, instead of one round trip after the entry has run. Writes
 * `.vite/route-preloads.json` (moved to `<outDir>-meta/` with the manifest): per route path, the screen's
 * chunk, its static imports and the start-up chunks, less what index.html already loads.
 */
export function routePreloads(root: string): Plugin {
  return {
    name: 'focustar:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item);
      const byModule = new Map([...chunks.values()].map((c) => [c.facadeModuleId, c]));
      const closure = (start: Chunk, into = new Set<string>()) => {
        if (into.has(start.fileName)) return into;
        into.add(start.fileName);
        for (const file of start.imports) {
          const next = chunks.get(file);
          if (next) closure(next, into);
        }
        return into;
      };
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return this.error('route preloads: no entry chunk');
      const inHtml = closure(entry);
      const chunkOf = (id: string) => {
        const chunk = byModule.get(id);
        if (!chunk) this.error(`route preloads: no chunk for ${id}`);
        return chunk;
      };
      const router = new Set(START_UP_MODULES.flatMap((module) => [...closure(chunkOf(join(root, module)))]));
      const routes: RoutePreload[] = [];
      for (const file of routeFiles(root)) {
        let found;
        try {
          found = routesOf(readFileSync(file, 'utf8'));
        } catch (err) {
          return this.error(`route preloads: ${file}: ${(err as Error).message}`);
        }
        for (const { path, specifier } of found) {
          const screen = closure(chunkOf(resolve(dirname(file), specifier)));
          const files = [...new Set([...screen, ...router])].filter((f) => !inHtml.has(f));
          routes.push({ path, files });
        }
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(routes) });
      // ADR 0202: the chunks holding the session's start-up modules (shared chunks too), with their imports.
      const holding = (id: string) => {
        const chunk = [...chunks.values()].find((c) => c.moduleIds.includes(id));
        if (!chunk) this.error(`route preloads: no chunk holds ${id}`);
        return chunk;
      };
      const filesOf = (modules: string[]) =>
        [...new Set(modules.flatMap((module) => [...closure(holding(join(root, module)))]))].filter(
          (f) => !inHtml.has(f),
        );
      const preloads: SessionPreloads = {
        all: filesOf(SESSION_START_UP_MODULES),
        routes: Object.fromEntries(
          Object.entries(SESSION_ROUTE_MODULES).map(([path, modules]) => [path, filesOf(modules)]),
        ),
      };
      this.emitFile({ type: 'asset', fileName: SESSION_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
