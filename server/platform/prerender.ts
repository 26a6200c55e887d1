import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type {
  EmbeddedAnswer,
  PrerenderAnswer,
  PrerenderedPage,
  PrerenderReply,
  PrerenderRequest,
  SessionFrame,
} from '../../contracts/values.ts';
import { metaDirOf } from './version.ts';

/** Built by `vite build` (scripts/vite-ssr-worker.ts) into `<clientDir>-meta/`. */
export const SSR_WORKER_FILE = 'ssr/worker.js';

/** How long the first prerender may take before the pages are served without it. */
const PRERENDER_TIMEOUT_MS = 60_000;
/** How long one page rendered again with its data may take (ADR 0198). */
const RENDER_TIMEOUT_MS = 10_000;

export const ssrWorkerOf = (clientDir: string) => {
  const file = resolve(metaDirOf(clientDir), SSR_WORKER_FILE);
  return existsSync(file) ? file : null;
};

export interface PrerenderedPages {
  pages: PrerenderedPage[];
  failed: { path: string; error: string }[];
  /** ADR 0200: the start-up frame of a visitor with a session, per theme. */
  frames: SessionFrame[];
}

/**
 * Issue 11 (ADR 0155): renders the guest pages of the SPA in a worker thread (its DOM globals are its own),
 * with the public configuration this server answers. `pages` resolves with the pages it rendered first, the
 * paths it could not render with the reason and the session frames (ADR 0200), and rejects when the worker
 * fails as a whole.
 * Issue 29 (ADR 0198): the worker then stays, and `render` has it render a page again with the answers the
 * page comes with (its list drawn, not its loading state). It never holds the process open.
 */
export class Prerenderer {
  readonly pages: Promise<PrerenderedPages>;
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { resolve: (page: PrerenderedPage) => void; reject: (err: Error) => void }
  >();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(workerFile: string, input: { origin: string; config: string }) {
    this.worker = new Worker(workerFile, { workerData: input });
    // A server that stops meanwhile does not wait for it.
    this.worker.unref();
    this.pages = new Promise((resolvePages, rejectPages) => {
      const timer = setTimeout(() => {
        this.close();
        rejectPages(new Error(`no answer within ${PRERENDER_TIMEOUT_MS / 1000} s`));
      }, PRERENDER_TIMEOUT_MS);
      timer.unref();
      this.worker.once('message', (answer: PrerenderAnswer) => {
        clearTimeout(timer);
        const pages: PrerenderedPage[] = [];
        const failed: { path: string; error: string }[] = [];
        for (const item of answer.pages) {
          if ('error' in item) failed.push(item);
          else pages.push(item);
        }
        resolvePages({ pages, failed, frames: answer.frames });
        this.worker.on('message', (reply: PrerenderReply) => this.settle(reply));
      });
      const fail = (err: Error) => {
        clearTimeout(timer);
        this.failure = err;
        rejectPages(err);
        for (const { reject } of this.waiting.values()) reject(err);
        this.waiting.clear();
      };
      this.worker.once('error', fail);
      this.worker.once('exit', (code) => fail(new Error(`the worker exited with ${code}`)));
    });
    // Whoever asks for the pages handles their failure; nothing is left unhandled meanwhile.
    this.pages.catch(() => {});
  }

  /** `path` rendered again as a guest's page that came with `answers` (after `pages`). */
  render(path: string, answers: EmbeddedAnswer[]): Promise<PrerenderedPage> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<PrerenderedPage>((resolvePage, rejectPage) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        rejectPage(new Error(`no page within ${RENDER_TIMEOUT_MS / 1000} s`));
      }, RENDER_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(id, {
        resolve: (page) => {
          clearTimeout(timer);
          resolvePage(page);
        },
        reject: (err) => {
          clearTimeout(timer);
          rejectPage(err);
        },
      });
      this.worker.postMessage({ id, path, answers } satisfies PrerenderRequest);
    });
  }

  close(): void {
    void this.worker.terminate();
  }

  private settle(reply: PrerenderReply): void {
    const waiting = this.waiting.get(reply.id);
    if (!waiting) return;
    this.waiting.delete(reply.id);
    if ('error' in reply) waiting.reject(new Error(reply.error));
    else waiting.resolve(reply.page);
  }
}
