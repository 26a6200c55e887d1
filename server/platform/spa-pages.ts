import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  EMBEDDED_ANSWERS_ELEMENT_ID,
  PRERENDERED_ATTRIBUTE,
  type PrerenderedPage,
  PUBLIC_CONFIG_ELEMENT_ID,
  RENDERED_WITH_ANSWERS_ATTRIBUTE,
  SESSION_FRAME_ID,
  SESSION_FRAME_STYLE_ID,
  type SessionFrame,
} from '../../contracts/values.ts';
import type { PageData } from './page-data.ts';
import {
  APP_SCRIPTS_TEMPLATE,
  EARLY_SESSION_SCRIPT,
  SESSION_SCRIPTS_TEMPLATE,
  FIRST_PAINT_SCRIPT,
  type Paints,
  PAINTS_ATTRIBUTE,
  SESSION_FRAME_SCRIPT,
  SESSION_FRAME_TEMPLATE,
} from './first-paint.ts';
import { metaDirOf } from './version.ts';

/** Written by the build (scripts/vite-route-preloads.ts) into `<clientDir>-meta/`, beside the manifest. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';
/** Beside it (ADR 0202, ADR 0203): the files the start-up of a visitor with a session loads. */
export const SESSION_PRELOADS_FILE = '.vite/session-preloads.json';

/**
 * `SESSION_PRELOADS_FILE`: what a visitor with a session loads at start-up beyond index.html, on every path
 * (ADR 0202) and on a route's path (ADR 0203: the signed-in screen that path draws, e.g. the home of `/`).
 * A plain array is the form of ADR 0202 (every path only).
 */
export interface SessionPreloads {
  all: string[];
  routes: Record<string, string[]>;
}

function readSessionPreloads(file: string): SessionPreloads {
  if (!existsSync(file)) return { all: [], routes: {} };
  const read = JSON.parse(readFileSync(file, 'utf8')) as SessionPreloads | string[];
  return Array.isArray(read) ? { all: read, routes: {} } : read;
}

/** A route of the client's table and the files its screen needs beyond what index.html loads. */
export interface RoutePreload {
  path: string;
  files: string[];
}

/**
 * One HTML answer. Each encoding is made when a browser first asks for it, then kept: a page built for
 * one answer (ADR 0156) is compressed once, in the encoding sent, and quickly rather than to the last byte.
 */
export class HtmlPage {
  readonly body: Buffer;
  readonly etag: string;
  private brotli: Buffer | null = null;
  private gzipped: Buffer | null = null;

  constructor(
    readonly html: string,
    private readonly fast = false,
  ) {
    this.body = Buffer.from(html);
    this.etag = `"${createHash('sha256').update(this.body).digest('base64url').slice(0, 22)}"`;
  }

  get br(): Buffer {
    this.brotli ??= brotliCompressSync(this.body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: this.fast ? 5 : 11 },
    });
    return this.brotli;
  }

  get gzip(): Buffer {
    this.gzipped ??= gzipSync(this.body, { level: this.fast ? 6 : 9 });
    return this.gzipped;
  }
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** JSON in a <script> element of its own: no `</script>` or `<!--` in it can end or open anything. */
const jsonScript = (id: string, json: string, attributes = '') =>
  `<script id="${id}" type="application/json"${attributes}>${json.replace(/</g, '\\u003c')}</script>`;
/** `/a/` is `/a`, `/` stays `/`. */
const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
/** Replacements are functions: a `$` in a page or in the configuration is text, not a pattern. */
const addToHead = (html: string, tags: string[]) =>
  tags.length > 0 ? html.replace('</head>', () => `${tags.join('')}</head>`) : html;

/** The hidden rule: a visitor with a session never sees the guest's prerendered page (ADR 0200: the frame instead). */
const SESSION_HIDES_PAGE = `html[data-session] #root[${PRERENDERED_ATTRIBUTE}]{display:none}`;

/**
 * The HTML the server answers for the SPA's paths (issue 11):
 * - ADR 0154: index.html plus `<link rel="modulepreload">` for the files of the path's screen. Paths match
 *   like the client's table: fixed paths first, then patterns, then the catch-alls (`/:screen_name`).
 * - ADR 0155: once known, the public configuration (GET /api/config's answer) as JSON in every page, and
 *   for a guest page without a query string, the page as React renders it (`prerendered`), with its
 *   styles, title and description, and the session probe that hides it from signed-in visitors.
 * Each page is built and compressed once.
 */
export class SpaPages {
  private readonly index: string;
  private readonly routes: { route: RoutePreload; regex: RegExp }[];
  private config: string | null = null;
  private prerendered = new Map<string, PrerenderedPage>();
  private cache = new Map<string, HtmlPage>();
  /** ADR 0198: per path, the page rendered with the answers whose JSON is `key`, and the last page built. */
  private renderedWithData = new Map<string, { key: string; page: PrerenderedPage }>();
  private withData = new Map<string, { key: string; images: string; rendered: boolean; page: HtmlPage }>();
  /** ADR 0200: the session frame of each route path. */
  private frames = new Map<string, SessionFrame>();

  private constructor(
    index: string,
    routes: RoutePreload[],
    /** ADR 0202, ADR 0203: the start-up files of a visitor with a session. */
    private readonly sessionFiles: SessionPreloads = { all: [], routes: {} },
  ) {
    // Issue 29 (ADR 0190): the start-up calls of a browser with a session begin before anything else loads.
    this.index = index.replace('<head>', () => `<head><script>${EARLY_SESSION_SCRIPT}</script>`);
    const rank = (path: string) => (path.startsWith('/:') ? 2 : path.includes(':') ? 1 : 0);
    this.routes = routes
      .map((route, order) => ({ route, order }))
      .sort((a, b) => rank(a.route.path) - rank(b.route.path) || a.order - b.order)
      .map(({ route }) => ({
        route,
        regex: new RegExp(
          `^${route.path
            .split('/')
            .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegex(seg)))
            .join('/')}$`,
        ),
      }));
  }

  /** The pages of a built client, or null for a build without the route list (index.html as it is). */
  static load(clientDir: string): SpaPages | null {
    const list = join(metaDirOf(clientDir), ROUTE_PRELOADS_FILE);
    if (!existsSync(list)) return null;
    const index = readFileSync(join(clientDir, 'index.html'), 'utf8');
    return new SpaPages(
      index,
      JSON.parse(readFileSync(list, 'utf8')) as RoutePreload[],
      readSessionPreloads(join(metaDirOf(clientDir), SESSION_PRELOADS_FILE)),
    );
  }

  /** GET /api/config's answer (JSON), put in every page from now on. */
  setConfig(json: string): void {
    this.config = json;
    this.cache.clear();
    this.renderedWithData.clear();
    this.withData.clear();
  }

  /** The guest pages the prerender worker rendered (server/platform/prerender.ts). */
  setPrerendered(pages: PrerenderedPage[]): void {
    this.prerendered = new Map(pages.map((p) => [p.path, p]));
    this.cache.clear();
    this.withData.clear();
  }

  /** ADR 0200: the session frames the prerender worker rendered, carried by every page from now on. */
  setFrames(frames: SessionFrame[]): void {
    this.frames = new Map(frames.flatMap((frame) => frame.paths.map((path) => [path, frame] as const)));
    this.cache.clear();
    this.withData.clear();
  }

  /** The route path of a prerendered page at `pathname`, or null. */
  prerenderedPath(pathname: string, hasQuery: boolean): string | null {
    const path = normalise(pathname);
    return !hasQuery && this.prerendered.has(path) ? path : null;
  }

  /**
   * A prerendered page with the data its feature gives ahead (ADR 0156): the first calls' answers as JSON
   * and the first images preloaded, added to the page. Issue 29 (ADR 0198): when the worker has rendered
   * the page with these very answers (`setRenderedWithData`), that HTML, marked so that the app draws the
   * answers as it takes the page over (`rendered`); else the page as first rendered, and the caller may ask
   * for it to be rendered with them. The last page built for each path is kept while its data is the same.
   */
  pageWithData(path: string, data: PageData): { page: HtmlPage; rendered: boolean; key: string } {
    const key = JSON.stringify(data.answers);
    const withData = this.renderedWithData.get(path);
    const rendered = withData?.key === key;
    const cached = this.withData.get(path);
    if (
      cached &&
      cached.key === key &&
      cached.images === JSON.stringify(data.images) &&
      cached.rendered === rendered
    ) {
      return { page: cached.page, rendered, key };
    }
    const tags = [
      ...data.images.map((image) => {
        const { href, srcset, sizes } = typeof image === 'string' ? { href: image } : image;
        // Issue 29: with the img's srcset and sizes, the browser preloads the width the img will use.
        const responsive = srcset
          ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes ?? '100vw')}"`
          : '';
        return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}"${responsive}>`;
      }),
      jsonScript(EMBEDDED_ANSWERS_ELEMENT_ID, key, rendered ? ` ${RENDERED_WITH_ANSWERS_ATTRIBUTE}` : ''),
    ];
    const html =
      withData && rendered ? this.html(this.routeOf(path), withData.page) : this.page(path, false).html;
    const page = new HtmlPage(addToHead(html, tags), true);
    this.withData.set(path, { key, images: JSON.stringify(data.images), rendered, page });
    return { page, rendered, key };
  }

  /** ADR 0198: the page at `path` as the worker rendered it with the answers whose JSON is `key`. */
  setRenderedWithData(path: string, key: string, page: PrerenderedPage): void {
    this.renderedWithData.set(path, { key, page });
  }

  /** The HTML for a request of `pathname` (with or without a query string). */
  page(pathname: string, hasQuery: boolean): HtmlPage {
    const path = normalise(pathname);
    // A query string may change what the screen shows (?redirect=, ?oauth_error=): the app draws it.
    const prerendered = hasQuery ? undefined : this.prerendered.get(path);
    // A prerendered page is cached by its path; any other by its route, matched on every request.
    const route = prerendered ? null : this.routeOf(path);
    const key = prerendered ? `page:${path}` : `route:${route?.path ?? ''}`;
    let built = this.cache.get(key);
    if (!built) {
      built = new HtmlPage(this.html(prerendered ? this.routeOf(path) : route, prerendered));
      this.cache.set(key, built);
    }
    return built;
  }

  private routeOf(path: string): RoutePreload | null {
    return this.routes.find((r) => r.regex.test(path))?.route ?? null;
  }

  private html(route: RoutePreload | null, prerendered: PrerenderedPage | undefined): string {
    const preloads = (route?.files ?? []).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`);
    const config = this.config === null ? [] : [jsonScript(PUBLIC_CONFIG_ELEMENT_ID, this.config)];
    const frame = route ? this.frames.get(route.path) : undefined;
    // ADR 0200: after the root element, what the app first draws for a visitor with a session.
    const index = frame
      ? addToHead(
          this.index.replace(
            '<div id="root"></div>',
            () =>
              `<div id="root"></div><template id="${SESSION_FRAME_TEMPLATE}"><div id="${SESSION_FRAME_ID}">` +
              `${frame.html}</div></template><script>${SESSION_FRAME_SCRIPT}</script>`,
          ),
          [`<style id="${SESSION_FRAME_STYLE_ID}">${frame.css}</style>`],
        )
      : this.index;
    if (!prerendered && !frame) return addToHead(index, [...preloads, ...config]);
    // The app's scripts wait in an inert template until the first paint (FIRST_PAINT_SCRIPT adds them), or
    // start at once for a visitor who sees nothing paint before the app (ADR 0200: `PAINTS_ATTRIBUTE`).
    const scripts: string[] = [];
    const paints: Paints = prerendered ? (frame ? 'all' : 'guest') : 'session';
    const head = index
      .replace(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g, (tag) => {
        scripts.push(tag);
        return '';
      })
      .replace('<html', () => `<html ${PAINTS_ATTRIBUTE}="${paints}"`);
    // ADR 0202: what only a visitor with a session loads at start-up, fetched beside the app's scripts; ADR
    // 0203: with the signed-in screen of this route's path.
    const sessionFiles = [
      ...new Set([...this.sessionFiles.all, ...((route && this.sessionFiles.routes[route.path]) ?? [])]),
    ].filter((f) => !route?.files.includes(f));
    const waiting = [
      `<style>${SESSION_HIDES_PAGE}</style>`,
      `<template id="${APP_SCRIPTS_TEMPLATE}">${[...scripts, ...preloads].join('')}</template>`,
      ...(sessionFiles.length > 0
        ? [
            `<template id="${SESSION_SCRIPTS_TEMPLATE}">${sessionFiles
              .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`)
              .join('')}</template>`,
          ]
        : []),
      `<script>${FIRST_PAINT_SCRIPT}</script>`,
    ];
    if (!prerendered) return addToHead(head, [...config, ...waiting]);
    const page = head
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(prerendered.title)}</title>`)
      .replace(
        /(<meta\s+name="description"\s+content=")[^"]*(")/,
        (_all, start: string, end: string) => `${start}${escapeAttribute(prerendered.description)}${end}`,
      )
      .replace(
        '<div id="root"></div>',
        // Not inert (issue 25 (13)): links work from the first paint; early presses are replayed (first-paint.ts).
        () => `<div id="root" ${PRERENDERED_ATTRIBUTE}>${prerendered.html}</div>`,
      );
    return addToHead(page, [...config, `<style id="stitches">${prerendered.css}</style>`, ...waiting]);
  }
}
