import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../../contracts/common.ts';
import type { EmbeddedAnswer } from '../../../contracts/values.ts';
import { Prerenderer, ssrWorkerOf } from '../prerender.ts';
import { SpaPages } from '../spa-pages.ts';
import { isApiRequest } from './security.ts';

/**
 * Once listening: GET /api/config's answer goes into every page, then the guest pages are prerendered in
 * a worker with it (ADR 0155). Until then, and if either fails, the pages are served without them.
 * Issue 29 (ADR 0198): the worker stays, to render a page again with the data it comes with; the answer is
 * `render(path, key, answers)`, which asks for it in the background (one at a time per path, and not again
 * for answers it could not render).
 */
function prerenderWhenListening(app: FastifyInstance, clientDir: string, pages: SpaPages) {
  const worker = ssrWorkerOf(clientDir);
  let started: Prerenderer | null = null;
  /** Once its first pages are in. */
  let prerenderer: Prerenderer | null = null;
  app.addHook('onListen', async () => {
    const answer = await app.inject({ url: '/api/config' });
    if (answer.statusCode !== 200) return;
    pages.setConfig(answer.body);
    if (!worker) return;
    const origin = app.env.APP_URL ?? 'http://localhost';
    const current = new Prerenderer(worker, { origin, config: answer.body });
    started = current;
    current.pages.then(
      ({ pages: rendered, failed, frames }) => {
        pages.setPrerendered(rendered);
        pages.setFrames(frames);
        prerenderer = current;
        for (const f of failed) app.log.warn({ path: f.path, err: f.error }, 'prerender: page not rendered');
      },
      (err: unknown) => app.log.warn({ err }, 'prerender: the guest pages are served without it'),
    );
  });
  app.addHook('onClose', async () => started?.close());
  const rendering = new Set<string>();
  const tried = new Map<string, string>();
  return (path: string, key: string, answers: EmbeddedAnswer[]) => {
    if (!prerenderer || rendering.has(path) || tried.get(path) === key) return;
    rendering.add(path);
    tried.set(path, key);
    prerenderer
      .render(path, answers)
      .then(
        (page) => pages.setRenderedWithData(path, key, page),
        (err: unknown) => app.log.warn({ err, path }, 'prerender: the page is served without its data drawn'),
      )
      .finally(() => rendering.delete(path));
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year (pre-compressed .br/.gz when present), and
 * index.html for every other GET, so that client routes such as /{screen_name} load on a fresh visit.
 * Unknown /api paths answer a JSON 404 instead.
 */
export async function installSpa(app: FastifyInstance, clientDir: string | null): Promise<void> {
  const hasClient = clientDir !== null && existsSync(join(clientDir, 'index.html'));
  // The HTML of a path names its screen's files (ADR 0154) and, once known, holds the configuration and
  // the prerendered guest page (ADR 0155); a build without the route list serves index.html as it is.
  const pages = hasClient ? SpaPages.load(clientDir) : null;
  const renderWithData = hasClient && pages ? prerenderWhenListening(app, clientDir, pages) : null;
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // Issue 10 item 10: source maps and dot files are never public, even if a build left them here.
      allowedPath: (path) => !path.endsWith('.map') && !path.split('/').some((part) => part.startsWith('.')),
      // NOTE: since @fastify/static 10 this receives the Fastify reply, and wins over its own headers.
      setHeaders(reply, path) {
        const cache = path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : path.endsWith('index.html') || path.endsWith('/sw.js') || path.endsWith('.webmanifest')
            ? // Issue 26: the service worker and the manifest are checked on every load (a new release shows).
              'no-cache'
            : 'public, max-age=3600';
        reply.header('Cache-Control', cache);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (isApiRequest(request) || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send({ message: MESSAGES.notFound });
    }
    if (path.startsWith('/assets/') || path.endsWith('.map') || !hasClient) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    }
    if (!pages) return reply.type('text/html; charset=utf-8').sendFile('index.html');
    const hasQuery = request.url.includes('?');
    let page = pages.page(path, hasQuery);
    // ADR 0156: a feature may give data ahead with its prerendered page (the first answers, the photos).
    const prerendered = pages.prerenderedPath(path, hasQuery);
    const provider = prerendered ? app.pageData.get(prerendered) : undefined;
    if (prerendered && provider) {
      try {
        const data = await provider();
        if (data) {
          const withData = pages.pageWithData(prerendered, data);
          page = withData.page;
          // ADR 0198: the next visitors get these answers drawn in the HTML too.
          if (!withData.rendered) renderWithData?.(prerendered, withData.key, data.answers);
        }
      } catch (err) {
        request.log.warn({ err }, 'page data: the page is served without it');
      }
    }
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('ETag', page.etag);
    reply.header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.br);
    if (/\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
    return reply.send(page.body);
  });
}
