import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '../src/routes/table.ts';

/**
 * Bundle sizes of the production build (issue 4): gzip KB of JavaScript per route chunk, and the total
 * JavaScript a guest loads for the first screen of `/` (the entry, its static imports, the page
 * router and the top page's chunk with their static imports). Budget: <= 110 KB gzip for `/`.
 * Reads dist/client after `vite build`: index.html for the entry, the chunks' own `import` statements
 * for their static imports, and the source maps to know which chunk holds which screen. With
 * `--by-package` it also attributes the first screen's gzip bytes to packages (from the source maps).
 */
const ROOT = join(import.meta.dirname, '..');
// `--dir <path>` measures another build (e.g. one made with `vite build --outDir`).
const dirArg = process.argv.indexOf('--dir');
const DIST = dirArg > 0 && process.argv[dirArg + 1] ? process.argv[dirArg + 1]! : join(ROOT, 'dist/client');
const ASSETS = join(DIST, 'assets');
export const FIRST_SCREEN_BUDGET_KB = 110;

const gz = (code: string) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function read(file: string): string {
  return readFileSync(join(ASSETS, file), 'utf8');
}

/** Static imports of a chunk (`import … from "./x.js"` and `import "./x.js"`), not dynamic ones. */
function staticImports(file: string): string[] {
  const code = read(file);
  const found = new Set<string>();
  for (const m of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    if (m[1]) found.add(m[1]);
  }
  for (const m of code.matchAll(/\bfrom\s*["']\.\/([^"']+\.js)["']/g)) if (m[1]) found.add(m[1]);
  return [...found];
}

function closure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f) || !existsSync(join(ASSETS, f))) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

type SourceMap = { sources: string[]; mappings: string };
const chunks = readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
const maps = new Map<string, SourceMap>();
for (const f of chunks) {
  if (existsSync(join(ASSETS, `${f}.map`))) maps.set(f, JSON.parse(read(`${f}.map`)) as SourceMap);
}

/** The chunk whose source map lists the module as a source. */
function chunkOf(modulePath: string): string | null {
  const rel = relative(ROOT, join(ROOT, 'src/routes', modulePath)).replaceAll('\\', '/');
  for (const [f, map] of maps) {
    if (map.sources.some((s) => s.replaceAll('\\', '/').endsWith(rel))) return f;
  }
  return null;
}

function loaderTarget(load: () => unknown): string | null {
  const m = /import\(["']([^"']+)["']\)/.exec(load.toString());
  return m?.[1] ?? null;
}

function entryChunks(): string[] {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)) if (m[1]) files.add(m[1]);
  return [...files];
}

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

/** Raw bytes of a chunk attributed to the package (or src folder) of the source they came from. */
function attribute(file: string, into: Map<string, number>) {
  const map = maps.get(file);
  const code = read(file);
  if (!map) return;
  const lines = code.split('\n');
  const mappings = map.mappings.split(';');
  let source = 0;
  lines.forEach((line, li) => {
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

if (!existsSync(join(DIST, 'index.html'))) {
  console.error('dist/client がありません。先に `npx vite build` を実行してください。');
  process.exit(1);
}

const entry = entryChunks();
const shell = closure(entry);
const routerChunk = chunkOf('./AppRoutes.tsx');

console.log(
  'route                                           chunk gzip KB   (+ its static imports not in the shell)',
);
const rows: { path: string; own: number; extra: number }[] = [];
for (const route of ROUTES) {
  const target = loaderTarget(route.load);
  const file = target ? chunkOf(target) : null;
  if (!file) {
    console.log(`${route.path.padEnd(48)}  (chunk not found)`);
    continue;
  }
  const own = gz(read(file));
  const extra = [...closure([file])]
    .filter((f) => f !== file && !shell.has(f))
    .reduce((n, f) => n + gz(read(f)), 0);
  rows.push({ path: route.path, own, extra });
  console.log(`${route.path.padEnd(48)}  ${kb(own).padStart(6)}   (+${kb(extra)})`);
}

const top = ROUTES.find((r) => r.path === '/')!;
const topChunk = chunkOf(loaderTarget(top.load) ?? '');
const firstScreen = closure([
  ...entry,
  ...(routerChunk ? [routerChunk] : []),
  ...(topChunk ? [topChunk] : []),
]);
const firstBytes = [...firstScreen].reduce((n, f) => n + gz(read(f)), 0);
const shellBytes = [...shell].reduce((n, f) => n + gz(read(f)), 0);
console.log('');
console.log(`shell (index.html entry + static imports): ${kb(shellBytes)} KB gzip in ${shell.size} files`);
console.log(
  `first screen of / for a guest:             ${kb(firstBytes)} KB gzip in ${firstScreen.size} files`,
);
console.log(
  `budget:                                    ${FIRST_SCREEN_BUDGET_KB} KB gzip -> ${firstBytes / 1024 <= FIRST_SCREEN_BUDGET_KB ? 'within' : 'OVER'}`,
);

if (process.argv.includes('--by-package')) {
  const raw = new Map<string, number>();
  for (const f of firstScreen) attribute(f, raw);
  const total = [...raw.values()].reduce((a, b) => a + b, 0);
  console.log('\nfirst screen by package (share of minified bytes, scaled to the gzip total):');
  for (const [pkg, n] of [...raw].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${pkg.padEnd(40)} ${kb((n / total) * firstBytes).padStart(6)} KB`);
  }
}
