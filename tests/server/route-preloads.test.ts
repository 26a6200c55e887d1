import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/routes/table.ts';
import { features } from '../../server/features/index.ts';
import { buildApp } from '../../server/platform/app.ts';
import { loadEnv } from '../../server/platform/env.ts';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../../server/platform/route-preloads.ts';
import { ROOT_DIR } from '../../server/platform/version.ts';
import { routesOf } from '../../scripts/vite-route-preloads.ts';
import { TEST_APP_SECRET } from '../support/app.ts';
import { openTestDatabase } from '../support/db.ts';

/** Issue 11 (ADR 0154): the HTML of a path names the files of its screen. */
describe('route preloads: what the build reads from the routes files', () => {
  it('pairs every path with its screen, for every route of the client table (seed spec section 2)', () => {
    const files = [
      ...readdirSync(join(ROOT_DIR, 'src/features')).map((f) =>
        join(ROOT_DIR, 'src/features', f, 'routes.ts'),
      ),
      join(ROOT_DIR, 'src/app/admin/index.ts'),
    ];
    const found = files.flatMap((file) => {
      try {
        return routesOf(readFileSync(file, 'utf8')).map((r) => r.path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw err;
      }
    });
    expect(found.sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });

  it('refuses a routes file where a route has no lazy screen, rather than pairing it with the next one', () => {
    const source = `[{ path: '/a', title: 'A' }, { path: '/b', load: () => import('./B.tsx') }]`;
    expect(() => routesOf(source)).toThrow(/2 routes declared but 1/);
    expect(routesOf(`{ path: '/b', load: () => import('./B.tsx').then((m) => m) }`)).toEqual([
      { path: '/b', specifier: './B.tsx' },
    ]);
  });
});

describe('route preloads: the HTML the server answers', () => {
  let root: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  const routes: RoutePreload[] = [
    { path: '/', files: ['assets/Top.js'] },
    { path: '/recruitments/:id', files: ['assets/Detail.js', 'assets/shared.js'] },
    { path: '/:screen_name', files: ['assets/Profile.js'] },
    { path: '/recruitments/new', files: ['assets/New.js'] },
    { path: '/terms', files: [] },
  ];
  const index =
    '<!doctype html><html><head><title>focustar</title></head><body><div id="root"></div></body></html>';
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'focustar-preloads-'));
    const client = join(root, 'client');
    mkdirSync(client);
    mkdirSync(join(root, 'client-meta/.vite'), { recursive: true });
    writeFileSync(join(client, 'index.html'), index);
    writeFileSync(join(root, 'client-meta', ROUTE_PRELOADS_FILE), JSON.stringify(routes));
    app = await buildApp({
      env: loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET }),
      database: await openTestDatabase('pglite'),
      features,
      version: 'test',
      clientDir: client,
      logger: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('names the files of the matching route, a fixed path before a pattern, a catch-all last', async () => {
    expect(preloads((await get('/')).body)).toEqual(['assets/Top.js']);
    expect(preloads((await get('/recruitments/12')).body)).toEqual(['assets/Detail.js', 'assets/shared.js']);
    expect(preloads((await get('/recruitments/12/')).body)).toEqual(['assets/Detail.js', 'assets/shared.js']);
    expect(preloads((await get('/recruitments/new')).body)).toEqual(['assets/New.js']);
    expect(preloads((await get('/demo-cafe?tab=1')).body)).toEqual(['assets/Profile.js']);
  });

  it('answers index.html as built where no route matches or a route needs nothing more', async () => {
    for (const url of ['/a/b/c', '/terms']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(index);
    }
  });

  it('is compressed when the browser accepts it, revalidated by its ETag, and never cached unchecked', async () => {
    const br = await get('/recruitments/3', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(preloads(brotliDecompressSync(br.rawPayload).toString())).toEqual([
      'assets/Detail.js',
      'assets/shared.js',
    ]);
    const again = await get('/recruitments/4', { 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    const other = await get('/', { 'if-none-match': String(br.headers.etag) });
    expect(other.statusCode).toBe(200);
  });
});
