import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PrerenderAnswer, PrerenderedPage } from '../../contracts/values.ts';
import { metaDirOf } from './version.ts';

/** Built by `vite build` (scripts/vite-ssr-worker.ts) into `<clientDir>-meta/`. */
export const SSR_WORKER_FILE = 'ssr/worker.js';

/** How long a prerender may take before the pages are served without it. */
const PRERENDER_TIMEOUT_MS = 60_000;

export const ssrWorkerOf = (clientDir: string) => {
  const file = resolve(metaDirOf(clientDir), SSR_WORKER_FILE);
  return existsSync(file) ? file : null;
};

/**
 * Issue 11 (ADR 0155): renders the guest pages of the SPA once, in a worker thread (its DOM globals are
 * its own), with the public configuration this server answers. Resolves with the pages it rendered and
 * the paths it could not render with the reason; rejects when the worker fails as a whole.
 */
export function prerenderPages(
  workerFile: string,
  input: { origin: string; config: string },
): Promise<{ pages: PrerenderedPage[]; failed: { path: string; error: string }[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData: input });
    // A server that stops meanwhile does not wait for it.
    worker.unref();
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`no answer within ${PRERENDER_TIMEOUT_MS / 1000} s`));
    }, PRERENDER_TIMEOUT_MS);
    timer.unref();
    worker.once('message', (answer: PrerenderAnswer) => {
      clearTimeout(timer);
      void worker.terminate();
      const pages: PrerenderedPage[] = [];
      const failed: { path: string; error: string }[] = [];
      for (const item of answer) {
        if ('error' in item) failed.push(item);
        else pages.push(item);
      }
      resolve({ pages, failed });
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the worker exited with ${code} before answering`));
    });
  });
}
