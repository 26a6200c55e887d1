import { parentPort, workerData } from 'node:worker_threads';
import { JSDOM } from 'jsdom';
import {
  type PrerenderAnswer,
  type PrerenderReply,
  type PrerenderRequest,
  PUBLIC_CONFIG_ELEMENT_ID,
} from '../../../contracts/values.ts';

/**
 * The prerender worker (ADR 0155), built by `vite build` into `<outDir>-meta/ssr/worker.js` and started by
 * the server (server/platform/prerender.ts) with the public configuration it answers on GET /api/config.
 * A worker thread has globals of its own: the DOM of one jsdom window stands in for the browser's (the
 * app reads `location`, `localStorage` and `document` as a browser would), at the URL of each page in
 * turn. Posts back every page it rendered and, for any it could not, why; then stays, to render a page
 * again with the data it comes with (a `PrerenderRequest`, ADR 0198).
 */
export interface PrerenderInput {
  origin: string;
  /** GET /api/config's answer as JSON. */
  config: string;
}

const { origin, config } = workerData as PrerenderInput;
const dom = new JSDOM(
  '<!doctype html><html lang="ja"><head></head><body><div id="root"></div></body></html>',
  {
    url: `${origin}/`,
    pretendToBeVisual: true,
  },
);
const win = dom.window;
// The configuration as the server's pages carry it (server/platform/spa-pages.ts), set as text.
const configElement = win.document.createElement('script');
configElement.id = PUBLIC_CONFIG_ELEMENT_ID;
configElement.type = 'application/json';
configElement.textContent = config;
win.document.body.prepend(configElement);
for (const name of [
  'window',
  'document',
  'location',
  'history',
  'navigator',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'Element',
  'Node',
  'Event',
  'CustomEvent',
  'getComputedStyle',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'addEventListener',
  'removeEventListener',
] as const) {
  const value = (win as unknown as Record<string, unknown>)[name];
  Object.defineProperty(globalThis, name, {
    value: typeof value === 'function' && /^[a-z]/.test(name) ? value.bind(win) : value,
    configurable: true,
    writable: true,
  });
}

const { PRERENDER_PATHS, renderFrames, renderPage } = await import('./render.tsx');
const answer: PrerenderAnswer = { pages: [], frames: [] };
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
for (const path of PRERENDER_PATHS) {
  dom.reconfigure({ url: `${origin}${path}` });
  try {
    answer.pages.push(await renderPage(path));
  } catch (err) {
    answer.pages.push({ path, error: reason(err) });
  }
}
// Issue 29 (ADR 0200): the start-up frame of a visitor with a session, per theme.
dom.reconfigure({ url: `${origin}/` });
try {
  answer.frames = await renderFrames();
} catch (err) {
  answer.pages.push({ path: '(session frame)', error: reason(err) });
}
parentPort?.postMessage(answer);

// Issue 29 (ADR 0198): then a page again with the answers its data came with, when the server asks.
// One at a time: the DOM, the URL and the page's answers are the worker's one window's.
let queue = Promise.resolve();
parentPort?.on('message', (request: PrerenderRequest) => {
  queue = queue.then(async () => {
    dom.reconfigure({ url: `${origin}${request.path}` });
    let reply: PrerenderReply;
    try {
      reply = { id: request.id, page: await renderPage(request.path, request.answers) };
    } catch (err) {
      reply = { id: request.id, error: reason(err) };
    }
    parentPort?.postMessage(reply);
  });
});
