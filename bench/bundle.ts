import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROUTES } from '../src/app/routes/table.ts';
import { metaDirOf } from '../server/platform/version.ts';
import { START_UP_MODULES } from '../scripts/vite-route-preloads.ts';

/**
 * Bundle sizes of the production build (issues 4 and 11). The budget is what the server sends for a
 * guest's first screen of `/`: index.html, the entry and its modulepreloads, the CSS, and the chunks
 * start-up fetches before the first paint (the page router and the top page, with their static
 * imports): at most 110 KB brotli (ADR 0038). Printed in brotli (quality 11, as the build's `.br` files
 * the server sends) and gzip (-9); per route, the screen's own chunk and what it adds to the shell.
 * Exits non-zero above the budget.
 *
 * Reads dist/client (or `--dir <path>`) after `vite build`: the Vite manifest (`.vite/manifest.json`)
 * for the static imports of each chunk. `--by-package` attributes the first screen's bytes to packages
 * (from the source maps).
 */
const ROOT = join(import.meta.dirname, '..');
const dirArg = process.argv.indexOf('--dir');
const DIST = dirArg > 0 && process.argv[dirArg + 1] ? process.argv[dirArg + 1]! : join(ROOT, 'dist/client');
export const FIRST_SCREEN_BUDGET_KB = 110;

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

/** Source maps and the manifest are kept out of the served folder (issue 10 item 10; vite.config.ts). */
const META = metaDirOf(DIST);
const manifestPath = join(META, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} がありません。先に \`npx vite build\` を実行してください。`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

type Size = { br: number; gz: number };
const sizeCache = new Map<string, Size>();
function sizeOf(file: string): Size {
  const cached = sizeCache.get(file);
  if (cached) return cached;
  const data = readFileSync(join(DIST, file));
  const size = {
    br: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    gz: gzipSync(data, { level: 9 }).length,
  };
  sizeCache.set(file, size);
  return size;
}
const sum = (files: Iterable<string>): Size =>
  [...files].reduce((t, f) => ({ br: t.br + sizeOf(f).br, gz: t.gz + sizeOf(f).gz }), { br: 0, gz: 0 });
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** The files (JS and CSS) a manifest entry loads with its static imports. */
function closure(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop()!;
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) continue;
    seen.add(key);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}

/** The manifest key of a route's screen module: its loader's target, in the feature that declares the path. */
function screenKey(route: (typeof ROUTES)[number]): string | null {
  const target = /import\(["']([^"']+)["']\)/.exec(route.load.toString())?.[1];
  if (!target) return null;
  const candidates = Object.keys(manifest).filter((k) => k.endsWith(`/${basename(target)}`));
  if (candidates.length <= 1) return candidates[0] ?? null;
  return (
    candidates.find((k) => {
      const routes = join(ROOT, dirname(k), target.startsWith('../') ? '..' : '.', 'routes.ts');
      return existsSync(routes) && readFileSync(routes, 'utf8').includes(`path: '${route.path}'`);
    }) ?? null
  );
}

/* Attribution of a chunk's bytes to the packages of its sources, from the source map. */
type SourceMap = { sources: string[]; mappings: string };
const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decodeLine(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const d = VLQ.indexOf(ch);
    value += (d & 31) << shift;
    if (d & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

function attribute(file: string, into: Map<string, number>) {
  const mapFile = join(META, `${file}.map`);
  if (!existsSync(mapFile)) return;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMap;
  const code = readFileSync(join(DIST, file), 'utf8');
  const mappings = map.mappings.split(';');
  let source = 0;
  code.split('\n').forEach((line, li) => {
    const segs = (mappings[li] ?? '').split(',').filter(Boolean);
    let col = 0;
    const marks: [number, number][] = [];
    for (const s of segs) {
      const v = decodeLine(s);
      col += v[0] ?? 0;
      if (v.length >= 4) source += v[1] ?? 0;
      marks.push([col, source]);
    }
    marks.forEach(([start, src], i) => {
      const end = marks[i + 1]?.[0] ?? line.length;
      const name = map.sources[src] ?? '?';
      const pkg =
        /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name)?.[1] ??
        name
          .replace(/^(\.\.\/)+/, '')
          .split('/')
          .slice(0, 2)
          .join('/');
      into.set(pkg, (into.get(pkg) ?? 0) + (end - start));
    });
  });
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
const shell = closure([entryKey]);
const topKey = screenKey(ROUTES.find((r) => r.path === '/')!);
const startUp = START_UP_MODULES.filter((k) => manifest[k]);
const firstScreen = closure([entryKey, ...startUp, ...(topKey ? [topKey] : [])]);

console.log(`route${' '.repeat(44)}own chunk br / gz KB   (+ static imports outside the shell)`);
for (const route of ROUTES) {
  const key = screenKey(route);
  const chunk = key ? manifest[key] : undefined;
  if (!key || !chunk) {
    console.log(`${route.path.padEnd(48)}  (chunk not found)`);
    continue;
  }
  const own = sizeOf(chunk.file);
  const extra = sum([...closure([key])].filter((f) => f !== chunk.file && !shell.has(f)));
  console.log(
    `${route.path.padEnd(48)}  ${kb(own.br).padStart(6)} / ${kb(own.gz).padStart(6)}   (+${kb(extra.br)} / +${kb(extra.gz)})`,
  );
}

const html = sizeOf('index.html');
const shellSize = sum(shell);
const first = sum(firstScreen);
const total = { br: first.br + html.br, gz: first.gz + html.gz };
const within = total.br / 1024 <= FIRST_SCREEN_BUDGET_KB;
console.log('');
console.log(`index.html:                                  ${kb(html.br)} KB brotli, ${kb(html.gz)} KB gzip`);
console.log(
  `shell (entry + modulepreloads):              ${kb(shellSize.br)} KB brotli, ${kb(shellSize.gz)} KB gzip in ${shell.size} files`,
);
console.log(
  `first screen of / for a guest (+ router, top page, index.html): ${kb(total.br)} KB brotli, ${kb(total.gz)} KB gzip in ${firstScreen.size + 1} files`,
);
for (const f of [...firstScreen].sort((a, b) => sizeOf(b).br - sizeOf(a).br)) {
  console.log(`  ${f.padEnd(50)} ${kb(sizeOf(f).br).padStart(6)} br  ${kb(sizeOf(f).gz).padStart(6)} gz`);
}
console.log(
  `budget: ${FIRST_SCREEN_BUDGET_KB} KB brotli -> ${within ? 'within' : `OVER by ${kb(total.br - FIRST_SCREEN_BUDGET_KB * 1024)} KB`}`,
);

if (process.argv.includes('--by-package')) {
  const raw = new Map<string, number>();
  for (const f of firstScreen) if (f.endsWith('.js')) attribute(f, raw);
  const all = [...raw.values()].reduce((a, b) => a + b, 0);
  const js = sum([...firstScreen].filter((f) => f.endsWith('.js')));
  console.log('\nfirst screen JS by package (share of minified bytes, scaled to the brotli total):');
  for (const [pkg, n] of [...raw].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${pkg.padEnd(40)} ${kb((n / all) * js.br).padStart(6)} KB`);
  }
}

if (!within) process.exitCode = 1;

/** Issue 10 item 10: nothing in the served folder gives the sources or the build away. */
function privateFilesIn(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) return privateFilesIn(join(dir, entry.name), `${path}/`);
    return /\.map$|^\.vite\/|(^|\/)build\.json$/.test(path) ? [path] : [];
  });
}
const leaked = privateFilesIn(DIST);
if (leaked.length > 0) {
  console.log(`served folder holds private build files: ${leaked.join(', ')}`);
  process.exitCode = 1;
} else console.log('served folder: no source maps, manifest or build stamp (issue 10 item 10)');
