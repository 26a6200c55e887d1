import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Prerenderer } from '../../server/platform/prerender.ts';

/**
 * Issue 29 (ADR 0198, ADR 0200): the server's side of the prerender worker, over a real worker thread that
 * speaks the worker's protocol (src/app/prerender/worker.ts): first the pages and the session frames, then a
 * page rendered again with the answers it is asked for, or why not.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.postMessage({
  pages: [
    { path: '/', html: '<main>トップ ' + workerData.origin + '</main>', css: '', title: 'Focustar', description: '' },
    { path: '/broken', error: 'a boundary was not rendered in place' },
  ],
  frames: [{ paths: ['/history'], html: '<header>枠</header>', css: '.c-f{}' }],
});
parentPort.on('message', (request) => {
  if (request.path === '/slow') return;
  if (request.path === '/exit') process.exit(3);
  if (request.path === '/fails') return parentPort.postMessage({ id: request.id, error: 'no list' });
  const titles = request.answers.flatMap((a) => a.body.items.map((i) => i.title)).join('、');
  parentPort.postMessage({
    id: request.id,
    page: { path: request.path, html: '<ul>' + titles + '</ul>', css: '', title: 't', description: 'd' },
  });
});
`;

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'focustar-prerenderer-'));
  file = join(dir, 'worker.cjs');
  writeFileSync(file, WORKER);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const answersWith = (...titles: string[]) => [
  {
    path: '/api/recruitments',
    query: { stage: 'open' },
    body: { items: titles.map((title) => ({ title })) },
  },
];

describe('the prerender worker, from the server (ADR 0198, ADR 0200)', () => {
  it('gives the first pages, the paths it could not render and the session frames', async () => {
    const worker = new Prerenderer(file, { origin: 'http://localhost', config: '{}' });
    const first = await worker.pages;
    expect(first.pages.map((p) => [p.path, p.html])).toEqual([['/', '<main>トップ http://localhost</main>']]);
    expect(first.failed).toEqual([{ path: '/broken', error: 'a boundary was not rendered in place' }]);
    expect(first.frames).toEqual([{ paths: ['/history'], html: '<header>枠</header>', css: '.c-f{}' }]);
    worker.close();
  });

  it('renders a page again with its answers, each answer to its own request, however they interleave', async () => {
    const worker = new Prerenderer(file, { origin: 'http://localhost', config: '{}' });
    await worker.pages;
    const [a, b] = await Promise.all([
      worker.render('/recruitments', answersWith('秋の新作ケーキ', 'ランチ試食')),
      worker.render('/other', answersWith('モーニング')),
    ]);
    expect(a).toMatchObject({ path: '/recruitments', html: '<ul>秋の新作ケーキ、ランチ試食</ul>' });
    expect(b).toMatchObject({ path: '/other', html: '<ul>モーニング</ul>' });
    // A page the worker could not render is refused with its reason; the worker goes on.
    await expect(worker.render('/fails', [])).rejects.toThrow('no list');
    await expect(worker.render('/again', answersWith('夜カフェ'))).resolves.toMatchObject({
      html: '<ul>夜カフェ</ul>',
    });
    worker.close();
  });

  it('refuses what is waiting, and what is asked later, once the worker has gone', async () => {
    const worker = new Prerenderer(file, { origin: 'http://localhost', config: '{}' });
    await worker.pages;
    const waiting = worker.render('/slow', []);
    await expect(worker.render('/exit', [])).rejects.toThrow('the worker exited with 3');
    await expect(waiting).rejects.toThrow('the worker exited with 3');
    await expect(worker.render('/recruitments', answersWith('x'))).rejects.toThrow(
      'the worker exited with 3',
    );
  });
});
