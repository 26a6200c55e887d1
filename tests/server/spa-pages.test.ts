import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/routes/table.ts';
import { features } from '../../server/features/index.ts';
import { buildApp } from '../../server/platform/app.ts';
import { loadEnv } from '../../server/platform/env.ts';
import {
  EARLY_SESSION_SCRIPT,
  FIRST_PAINT_SCRIPT,
  SESSION_FRAME_SCRIPT,
} from '../../server/platform/first-paint.ts';
import { securityHeaders } from '../../server/platform/plugins/security.ts';
import type { PrerenderedPage } from '../../contracts/values.ts';
import {
  ROUTE_PRELOADS_FILE,
  type RoutePreload,
  SESSION_PRELOADS_FILE,
  SpaPages,
} from '../../server/platform/spa-pages.ts';
import { ROOT_DIR } from '../../server/platform/version.ts';
import { routeFiles, routesOf } from '../../scripts/vite-route-preloads.ts';
import { TEST_APP_SECRET } from '../support/app.ts';
import { openTestDatabase } from '../support/db.ts';

/** Issue 11 (ADR 0154): the HTML of a path names the files of its screen. */
describe('route preloads: what the build reads from the routes files', () => {
  it('pairs every path with its screen, for every route of the client table (seed spec section 2)', () => {
    const found = routeFiles(ROOT_DIR).flatMap((file) =>
      routesOf(readFileSync(file, 'utf8')).map((r) => r.path),
    );
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

  it('answers index.html as built (with the early-session script, ADR 0190) where no route matches or a route needs nothing more', async () => {
    for (const url of ['/a/b/c', '/terms']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(index.replace('<head>', `<head><script>${EARLY_SESSION_SCRIPT}</script>`));
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

/** ADR 0155: the guest pages rendered by the worker, served with what the app needs to take them over. */
describe('prerendered guest pages: the HTML the server answers', () => {
  let root: string;
  let pages: SpaPages;
  const index =
    '<!doctype html><html lang="ja"><head><title>Focustar</title><meta name="description" content="既定" />' +
    '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react-1.js"></head>' +
    '<body><div id="root"></div></body></html>';
  const login: PrerenderedPage = {
    path: '/login',
    // A `$&` in the markup is text, not a replacement pattern.
    html: '<main><h1>ログイン</h1><p>$& 100円</p></main>',
    css: '.c-abc{color:red}',
    title: 'ログイン | Focustar',
    description: 'メールアドレスで "ログイン" します',
  };
  const config = JSON.stringify({ version: 'x', legal: { seller: '</script><script>alert(1)</script>' } });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'focustar-pages-'));
    mkdirSync(join(root, 'client'));
    mkdirSync(join(root, 'client-meta/.vite'), { recursive: true });
    writeFileSync(join(root, 'client/index.html'), index);
    writeFileSync(
      join(root, 'client-meta', ROUTE_PRELOADS_FILE),
      JSON.stringify([{ path: '/login', files: ['assets/LoginPage-1.js'] }]),
    );
    pages = SpaPages.load(join(root, 'client'))!;
    pages.setConfig(config);
    pages.setPrerendered([login]);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const html = (path: string, query = false) => pages.page(path, query).body.toString();

  it('holds the rendered screen (not inert: issue 25 (13)), with its styles, title and description', () => {
    const page = html('/login');
    expect(page).toContain(
      '<div id="root" data-prerendered><main><h1>ログイン</h1><p>$& 100円</p></main></div>',
    );
    expect(page).toContain('<style id="stitches">.c-abc{color:red}</style>');
    expect(page).toContain('<title>ログイン | Focustar</title>');
    expect(page).toContain('content="メールアドレスで &quot;ログイン&quot; します"');
    expect(page).not.toContain('既定');
  });

  it('keeps the scripts in an inert template until the first paint, the screen files with them', () => {
    const page = html('/login');
    const template = /<template id="app-scripts">(.*?)<\/template>/.exec(page)?.[1] ?? '';
    expect(template).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(template).toContain('href="/assets/react-1.js"');
    expect(template).toContain('href="/assets/LoginPage-1.js"');
    // Outside the template, no script is fetched before the first paint: the only script is the inline one.
    const outside = page.replace(/<template id="app-scripts">.*?<\/template>/, '');
    expect(outside).not.toMatch(/modulepreload|<script type="module"/);
    expect(outside).toContain(`<script>${FIRST_PAINT_SCRIPT}</script>`);
  });

  it('carries the public configuration as JSON that cannot close its script element', () => {
    for (const page of [html('/login'), html('/login', true), html('/a/b/c')]) {
      const json = /<script id="public-config" type="application\/json">(.*?)<\/script>/.exec(page)?.[1];
      expect(JSON.parse(json!)).toEqual(JSON.parse(config));
      expect(page).not.toContain('<script>alert(1)');
    }
  });

  it('is the plain SPA (with the screen files) for a query string, which may change what the screen shows', () => {
    const page = html('/login', true);
    expect(page).toContain('<div id="root"></div>');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">');
    expect(page).not.toContain('<template');
  });

  it('allows the first-paint, early-session and session-frame scripts by their hashes in the Content-Security-Policy, and no other inline script', () => {
    const csp = securityHeaders(loadEnv({ NODE_ENV: 'test', APP_SECRET: TEST_APP_SECRET }))[
      'Content-Security-Policy'
    ] as string;
    const [first, early, frame] = [FIRST_PAINT_SCRIPT, EARLY_SESSION_SCRIPT, SESSION_FRAME_SCRIPT].map((s) =>
      createHash('sha256').update(s).digest('base64').replace(/[+/]/g, '\\$&'),
    );
    expect(csp).toMatch(
      new RegExp(`script-src 'self' 'sha256-${first}' 'sha256-${early}' 'sha256-${frame}'(;|$)`),
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  function runFirstPaint(token: string | null, paints: string = 'guest') {
    // The script run against stand-ins of the browser objects it uses.
    const attributes = new Map<string, string>([['data-paints', paints]]);
    const appended: unknown[] = [];
    let observer: ((list: { getEntriesByName(n: string): unknown[] }) => void) | null = null;
    const timers: (() => void)[] = [];
    const listeners: string[] = [];
    const browser = {
      window: {} as Record<string, unknown>,
      localStorage: { getItem: (key: string) => (key === 'accessToken' ? token : null) },
      document: {
        documentElement: {
          setAttribute: (name: string, value: string) => attributes.set(name, value),
          hasAttribute: (name: string) => attributes.has(name),
          getAttribute: (name: string) => attributes.get(name) ?? null,
        },
        getElementById: (id: string) => ({ content: `content of ${id}` }),
        importNode: (node: unknown) => node,
        head: { appendChild: (node: unknown) => appended.push(node) },
        addEventListener: (type: string, _fn: unknown, capture: boolean) =>
          listeners.push(`${type}:${capture}`),
      },
      PerformanceObserver: class {
        constructor(cb: typeof observer) {
          observer = cb;
        }
        observe() {}
      },
      requestAnimationFrame: () => {},
      setTimeout: (fn: () => void) => timers.push(fn),
    };
    new Function(...Object.keys(browser), FIRST_PAINT_SCRIPT)(...Object.values(browser));
    const paint = () => {
      observer!({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) });
      for (const run of timers.splice(0)) run();
    };
    return { attributes, appended, listeners, window: browser.window, paint };
  }

  it("starts a guest's app once the page has painted, and holds presses meanwhile", () => {
    const page = runFirstPaint(null);
    expect(page.attributes.has('data-session')).toBe(false);
    expect(page.appended).toEqual([]);
    page.paint();
    expect(page.appended).toEqual(['content of app-scripts']);
    // Issue 25 (6): presses and sends before the app are held for it to replay.
    expect(page.listeners).toEqual(['click:true', 'submit:true', 'input:true']);
    expect(page.window.__earlyInput).toEqual([]);
  });

  it('marks a visitor with a session before the page paints, and starts their app at once where nothing paints for them (issue 29)', () => {
    // A guest page without a session frame stays hidden for them: waiting for a paint would wait a second.
    const page = runFirstPaint('token', 'guest');
    expect(page.attributes.get('data-session')).toBe('');
    // ADR 0202: with what only a visitor with a session loads at start-up, first.
    expect(page.appended).toEqual(['content of session-scripts', 'content of app-scripts']);
    page.paint();
    expect(page.appended).toEqual(['content of session-scripts', 'content of app-scripts']);
    // ADR 0200: a page with only the session frame, for a guest (the frame is hidden from them): at once too.
    expect(runFirstPaint(null, 'session').appended).toEqual(['content of app-scripts']);
  });

  it('ADR 0200: starts the app after the first paint wherever the visitor sees something: the frame, the page, or either', () => {
    for (const [token, paints] of [
      ['token', 'session'],
      ['token', 'all'],
      [null, 'all'],
      [null, 'guest'],
    ] as const) {
      const page = runFirstPaint(token, paints);
      expect(page.appended, `${token ?? 'guest'} on ${paints}`).toEqual([]);
      page.paint();
      expect(page.appended).toEqual(
        token ? ['content of session-scripts', 'content of app-scripts'] : ['content of app-scripts'],
      );
    }
  });

  /** EARLY_SESSION_SCRIPT run against stand-ins: the calls it makes, and what it leaves for the app. */
  async function runEarlySession(token: string | null, cookie: string) {
    const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
    const marks: string[] = [];
    const browser = {
      window: {} as Record<string, unknown>,
      localStorage: { getItem: (key: string) => (key === 'accessToken' ? token : null) },
      document: { cookie, documentElement: { setAttribute: (name: string) => void marks.push(name) } },
      fetch: (url: string, init: { method?: string; headers: Record<string, string> }) => {
        calls.push({ url, method: init.method ?? 'GET', headers: init.headers });
        const body = url === '/api/refresh' ? { access_token: 'new-token' } : { id: 7 };
        return Promise.resolve({ ok: true, json: () => Promise.resolve(body) });
      },
    };
    new Function(...Object.keys(browser), EARLY_SESSION_SCRIPT)(...Object.values(browser));
    const early = browser.window.__earlySession as {
      token: string;
      refresh: Promise<unknown>;
      me: Promise<unknown>;
    };
    if (early) await early.me;
    return { calls, early, marks };
  }

  it('starts the start-up refresh and GET /api/me of a browser with a session before the app arrives (ADR 0190)', async () => {
    // Seed spec sections 4 and 7: the stored token as bearer, the XSRF cookie echoed in its header.
    const { calls, early } = await runEarlySession('old-token', 'a=1; XSRF-TOKEN=x%3Dy; b=2');
    expect(calls).toEqual([
      {
        url: '/api/refresh',
        method: 'POST',
        headers: expect.objectContaining({ Authorization: 'Bearer old-token', 'X-XSRF-TOKEN': 'x=y' }),
      },
      {
        url: '/api/me',
        method: 'GET',
        headers: expect.objectContaining({ Authorization: 'Bearer new-token' }),
      },
    ]);
    expect(early.token).toBe('old-token');
    await expect(early.refresh).resolves.toEqual({ access_token: 'new-token' });
    await expect(early.me).resolves.toEqual({ id: 7 });
    // A guest, or a browser without the XSRF cookie yet (the app's own 419 path gets one): nothing.
    expect((await runEarlySession(null, 'XSRF-TOKEN=x')).calls).toEqual([]);
    expect((await runEarlySession('old-token', 'a=1')).calls).toEqual([]);
  });

  it('issue 29 (ADR 0200): marks a visitor with a session on every page (the session frame shows to them), never a guest', async () => {
    expect((await runEarlySession('old-token', 'XSRF-TOKEN=x')).marks).toEqual(['data-session']);
    // Marked before the cookie is there too: the frame does not wait for the start-up calls.
    expect((await runEarlySession('old-token', 'a=1')).marks).toEqual(['data-session']);
    expect((await runEarlySession(null, 'XSRF-TOKEN=x')).marks).toEqual([]);
  });

  it('issue 29 (ADR 0198): gives the page drawn with its data once the worker has rendered it with the same answers', () => {
    const answers = [{ path: '/api/recruitments', query: { stage: 'open' }, body: { items: [{ id: 1 }] } }];
    const data = { answers, images: ['/media/a.webp'] };
    const first = pages.pageWithData('/login', data);
    // Not rendered with them yet: the page as first rendered, its answers not marked as drawn.
    expect(first.rendered).toBe(false);
    expect(first.page.html).toContain('<p>$& 100円</p>');
    expect(first.page.html).toContain(
      `<script id="embedded-answers" type="application/json">${first.key}</script>`,
    );
    expect(first.page.html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/media/a.webp">',
    );
    // The same data again: the same page, built and compressed once.
    expect(pages.pageWithData('/login', data).page).toBe(first.page);

    const drawn: PrerenderedPage = {
      ...login,
      html: '<main><h1>ログイン</h1><ul><li>カード 1</li></ul></main>',
      css: '.c-list{gap:1px}',
    };
    pages.setRenderedWithData('/login', first.key, drawn);
    const second = pages.pageWithData('/login', data);
    expect(second.rendered).toBe(true);
    expect(second.page.html).toContain('<ul><li>カード 1</li></ul>');
    expect(second.page.html).toContain('.c-list{gap:1px}');
    expect(second.page.html).toContain(
      `<script id="embedded-answers" type="application/json" data-rendered>${first.key}</script>`,
    );
    // Still the page's scripts, configuration and first-paint script.
    expect(second.page.html).toContain(`<template id="app-scripts">`);
    expect(second.page.html).toContain(`<script>${FIRST_PAINT_SCRIPT}</script>`);

    // Other answers (a recruitment opened since): the page as first rendered again, until rendered with them.
    const changed = pages.pageWithData('/login', {
      ...data,
      answers: [{ ...answers[0]!, body: { items: [] } }],
    });
    expect(changed.rendered).toBe(false);
    expect(changed.key).not.toBe(first.key);
    expect(changed.page.html).not.toContain('カード 1');
    expect(changed.page.html).not.toContain('data-rendered');
    // Plain requests of the path are unchanged meanwhile.
    expect(html('/login')).not.toContain('カード 1');
  });

  it('issue 29 (ADR 0200): carries the session frame of the route after the root, shown only to a visitor with a session', () => {
    const dir = mkdtempSync(join(tmpdir(), 'focustar-frames-'));
    mkdirSync(join(dir, 'client'));
    mkdirSync(join(dir, 'client-meta/.vite'), { recursive: true });
    writeFileSync(join(dir, 'client/index.html'), index);
    writeFileSync(
      join(dir, 'client-meta', ROUTE_PRELOADS_FILE),
      JSON.stringify([
        { path: '/login', files: [] },
        { path: '/history', files: ['assets/schemas-1.js'] },
      ]),
    );
    writeFileSync(
      join(dir, 'client-meta', SESSION_PRELOADS_FILE),
      JSON.stringify(['assets/accounts-1.js', 'assets/schemas-1.js']),
    );
    const frames = SpaPages.load(join(dir, 'client'))!;
    rmSync(dir, { recursive: true, force: true });
    frames.setConfig(config);
    frames.setPrerendered([login]);
    frames.setFrames([
      { paths: ['/login'], html: '<header>枠 legacy</header>', css: '.c-frame{top:0}' },
      { paths: ['/history'], html: '<header>枠 default</header>', css: '.c-frame{top:1px}' },
    ]);
    const withFrame = frames.page('/login', false).html;
    // In an inert template, put in the page (before its first paint) for a visitor with a session only.
    expect(withFrame).toContain(
      '<template id="session-frame-template"><div id="session-frame"><header>枠 legacy</header></div></template>' +
        `<script>${SESSION_FRAME_SCRIPT}</script>`,
    );
    expect(withFrame).toContain('<style id="session-frame-style">.c-frame{top:0}</style>');
    // After the root, which holds the guest's page (hidden for a visitor with a session).
    expect(withFrame.indexOf('id="session-frame"')).toBeGreaterThan(
      withFrame.indexOf('<main><h1>ログイン</h1>'),
    );
    expect(withFrame).toContain('html[data-session] #root[data-prerendered]{display:none}');
    expect(withFrame).toContain('<html data-paints="all" lang="ja">');
    // A page that is not prerendered carries its route's frame too; a path of no route, none.
    const plain = frames.page('/history', false).html;
    expect(plain).toContain(
      '<div id="root"></div><template id="session-frame-template"><div id="session-frame"><header>枠 default</header></div></template>',
    );
    // The frame paints before the app's scripts run, as a prerendered page does; a guest's start at once.
    expect(plain).toContain('<html data-paints="session" lang="ja">');
    expect(plain).toContain(
      '<template id="app-scripts"><script type="module" crossorigin src="/assets/index-1.js"></script>',
    );
    expect(plain).toContain(`<script>${FIRST_PAINT_SCRIPT}</script>`);
    // ADR 0202: what a visitor with a session loads at start-up, in a template of its own (the route's own
    // files are not named twice); the first-paint script adds it for them only.
    expect(plain).toContain(
      '<template id="session-scripts"><link rel="modulepreload" crossorigin href="/assets/accounts-1.js"></template>',
    );
    expect(withFrame).toContain(
      '<template id="session-scripts"><link rel="modulepreload" crossorigin href="/assets/accounts-1.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/schemas-1.js"></template>',
    );
    expect(frames.page('/a/b/c', false).html).not.toContain('session-frame');
  });

  it("issue 29 (ADR 0203): a visitor with a session also preloads the signed-in screen of the route's path, on that path only", () => {
    const dir = mkdtempSync(join(tmpdir(), 'focustar-session-routes-'));
    mkdirSync(join(dir, 'client'));
    mkdirSync(join(dir, 'client-meta/.vite'), { recursive: true });
    writeFileSync(join(dir, 'client/index.html'), index);
    writeFileSync(
      join(dir, 'client-meta', ROUTE_PRELOADS_FILE),
      JSON.stringify([
        { path: '/', files: ['assets/Top-1.js'] },
        { path: '/history', files: [] },
      ]),
    );
    writeFileSync(
      join(dir, 'client-meta', SESSION_PRELOADS_FILE),
      JSON.stringify({
        all: ['assets/accounts-1.js'],
        routes: { '/': ['assets/MemberHome-1.js', 'assets/accounts-1.js', 'assets/Top-1.js'] },
      }),
    );
    const pages = SpaPages.load(join(dir, 'client'))!;
    rmSync(dir, { recursive: true, force: true });
    pages.setConfig(config);
    pages.setFrames([{ paths: ['/', '/history'], html: '<header>枠</header>', css: '' }]);
    const link = (f: string) => `<link rel="modulepreload" crossorigin href="/${f}">`;
    // Each file once, and not the route's own files (already in the page's preloads).
    expect(pages.page('/', false).html).toContain(
      `<template id="session-scripts">${link('assets/accounts-1.js')}${link('assets/MemberHome-1.js')}</template>`,
    );
    expect(pages.page('/history', false).html).toContain(
      `<template id="session-scripts">${link('assets/accounts-1.js')}</template>`,
    );
    expect(pages.page('/history', false).html).not.toContain('MemberHome');
  });

  it('ADR 0200: the frame script puts the frame in the page for a visitor with a session, and only takes the template away for a guest', () => {
    for (const session of [true, false]) {
      const placed: unknown[] = [];
      let removed = false;
      const template = {
        content: { cloneNode: (deep: boolean) => (deep ? 'the frame' : 'shallow') },
        after: (node: unknown) => void placed.push(node),
        remove: () => void (removed = true),
      };
      const document = {
        documentElement: { hasAttribute: (name: string) => session && name === 'data-session' },
        getElementById: (id: string) => (id === 'session-frame-template' ? template : null),
      };
      new Function('document', SESSION_FRAME_SCRIPT)(document);
      expect(placed).toEqual(session ? ['the frame'] : []);
      expect(removed).toBe(true);
    }
  });

  it('puts the early-session script first in the head of every page, prerendered or not', () => {
    for (const page of [html('/login'), html('/login', true), html('/a/b/c')]) {
      expect(page).toContain(`<head><script>${EARLY_SESSION_SCRIPT}</script>`);
    }
  });
});
