// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACCESS_TOKEN_STORAGE_KEY,
  EMBEDDED_ANSWERS_ELEMENT_ID,
  PRERENDERED_ATTRIBUTE,
  RENDERED_WITH_ANSWERS_ATTRIBUTE,
} from '../../contracts/values.ts';
import { json } from '../machines/request-support.ts';

/** ADR 0156: the answers a guest page brings for its first calls (issue 11: the list without a round trip). */
const LIST = { items: [{ id: 1, title: '新メニュー試食モニター' }], next_cursor: null };

function pageWith(answers: unknown) {
  document.body.innerHTML = '';
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = EMBEDDED_ANSWERS_ELEMENT_ID;
  el.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.body.append(el);
}

describe('answers given ahead in the page (ADR 0156)', () => {
  beforeEach(() => vi.resetModules());

  async function requester() {
    const server = vi.fn(() => json(200, { items: [], next_cursor: null }));
    // A fresh module: the page's answers are read once per page load.
    const { createTestRequester: fresh } = await import('../machines/request-support.ts');
    return { server, ...fresh(server) };
  }

  it("a guest's first GET of the same path and query takes the page's answer, once; the next one asks the server", async () => {
    pageWith([{ path: '/api/recruitments', query: { stage: 'open' }, body: LIST }]);
    const { request, server } = await requester();
    const first = await request({ method: 'GET', path: '/api/recruitments', query: { stage: 'open' } });
    expect(first).toEqual({ status: 200, data: LIST });
    expect(server).not.toHaveBeenCalled();
    const second = await request({ method: 'GET', path: '/api/recruitments', query: { stage: 'open' } });
    expect(second.data).toEqual({ items: [], next_cursor: null });
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('another query, another path or another method asks the server', async () => {
    pageWith([{ path: '/api/recruitments', query: { stage: 'open' }, body: LIST }]);
    const { request, server } = await requester();
    await request({
      method: 'GET',
      path: '/api/recruitments',
      query: { stage: 'open', prefecture: '東京都' },
    });
    await request({ method: 'GET', path: '/api/recruitments', query: { stage: 'in-progress' } });
    await request({ method: 'GET', path: '/api/recruitments/all', query: { stage: 'open' } });
    expect(server).toHaveBeenCalledTimes(3);
    // Still there for the call it was given for.
    expect(
      (await request({ method: 'GET', path: '/api/recruitments', query: { stage: 'open' } })).data,
    ).toEqual(LIST);
    expect(server).toHaveBeenCalledTimes(3);
  });

  it("a signed-in visitor's call never takes a guest's answer", async () => {
    pageWith([{ path: '/api/recruitments', query: { stage: 'open' }, body: LIST }]);
    const { request, server, session } = await requester();
    session.setToken('header.eyJleHAiOjQxMDI0NDQ4MDB9.signature');
    await request({ method: 'GET', path: '/api/recruitments', query: { stage: 'open' } });
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('a page without answers, or with a broken list, changes nothing', async () => {
    for (const content of [null, '{not json', '{"path":"/api/recruitments"}']) {
      vi.resetModules();
      if (content === null) document.body.innerHTML = '';
      else pageWith(content);
      const { request, server } = await requester();
      await request({ method: 'GET', path: '/api/recruitments', query: { stage: 'open' } });
      expect(server).toHaveBeenCalledTimes(1);
    }
  });
});

/**
 * Issue 29 (ADR 0198): a guest page whose HTML the server rendered with its answers (the list drawn, not its
 * loading state) says so; the screen then draws the answer in its first render, as the HTML does.
 */
describe('answers drawn in the first render (ADR 0198)', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
  });

  const OPEN = { method: 'GET', path: '/api/recruitments', query: { stage: 'open' } } as const;

  /** The page as the server sends it: the root prerendered or not, the answers marked as drawn or not. */
  function page(root: 'prerendered' | 'drawn by the app', drawn: boolean) {
    pageWith([{ path: '/api/recruitments', query: { stage: 'open' }, body: LIST }]);
    const el = document.getElementById(EMBEDDED_ANSWERS_ELEMENT_ID)!;
    if (drawn) el.setAttribute(RENDERED_WITH_ANSWERS_ATTRIBUTE, '');
    const rootEl = document.createElement('div');
    rootEl.id = 'root';
    if (root === 'prerendered') rootEl.setAttribute(PRERENDERED_ATTRIBUTE, '');
    document.body.append(rootEl);
  }

  async function modules() {
    const { z } = await import('zod');
    const request = await import('../../src/platform/request/request.ts');
    const schema = z.object({
      items: z.array(z.object({ id: z.number(), title: z.string() })),
      next_cursor: z.null(),
    });
    return { ...request, schema, z };
  }

  it('gives the answer when the HTML was rendered with it, or when the app draws the page itself', async () => {
    for (const [root, drawn] of [
      ['prerendered', true],
      ['drawn by the app', false],
      ['drawn by the app', true],
    ] as const) {
      vi.resetModules();
      page(root, drawn);
      const { ahead, schema } = await modules();
      expect(ahead(schema, OPEN)?.data, `${root}, drawn: ${drawn}`).toEqual(LIST);
    }
  });

  it('gives nothing for HTML that shows the loading state, for a signed-in visitor, or for another query', async () => {
    page('prerendered', false);
    let m = await modules();
    expect(m.ahead(m.schema, OPEN)).toBeNull();

    vi.resetModules();
    page('drawn by the app', false);
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature');
    m = await modules();
    expect(m.ahead(m.schema, OPEN)).toBeNull();

    vi.resetModules();
    localStorage.clear();
    page('prerendered', true);
    m = await modules();
    expect(m.ahead(m.schema, { ...OPEN, query: { stage: 'open', prefecture: '東京都' } })).toBeNull();
    // An answer that does not parse with the contract is not drawn (the call asks and reports it).
    expect(m.ahead(m.schema.extend({ total: m.z.number() }), OPEN)).toBeNull();
  });

  it('leaves the answer in place until the screen takes it; then the next call asks the server', async () => {
    page('prerendered', true);
    const { ahead, schema } = await modules();
    const first = ahead(schema, OPEN)!;
    expect(ahead(schema, OPEN)?.data).toEqual(LIST);
    first.take();
    expect(ahead(schema, OPEN)).toBeNull();
    const { createTestRequester } = await import('../machines/request-support.ts');
    const server = vi.fn(() => json(200, { items: [], next_cursor: null }));
    const { request } = createTestRequester(server);
    await request(OPEN);
    expect(server).toHaveBeenCalledTimes(1);
  });
});

describe('a screen that draws the answer its page came with (useResource, ADR 0198)', () => {
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
  });

  it('draws it in its first render (StrictMode), asks the server only for the next key, and again when it comes back', async () => {
    pageWith([{ path: '/api/recruitments', query: { stage: 'open' }, body: LIST }]);
    const { z } = await import('zod');
    const { ahead } = await import('../../src/platform/request/request.ts');
    const { useResource } = await import('../../src/platform/request/hooks.ts');
    const { act, cleanup, render, screen } = await import('@testing-library/react');
    const { StrictMode, useState } = await import('react');
    const schema = z.object({
      items: z.array(z.object({ id: z.number(), title: z.string() })),
      next_cursor: z.null(),
    });
    const load = vi.fn((key: string) =>
      Promise.resolve({ items: [{ id: 2, title: `サーバーの答え ${key}` }], next_cursor: null }),
    );
    let choose: (key: string) => void = () => {};
    const renders: string[] = [];
    function List() {
      const [key, setKey] = useState('all');
      choose = setKey;
      const res = useResource(
        () => load(key),
        key,
        () => ahead(schema, { method: 'GET', path: '/api/recruitments', query: { stage: 'open' } }),
      );
      renders.push(res.state);
      return <p>{res.state === 'done' ? res.data.items.map((r) => r.title).join('、') : '読み込み中'}</p>;
    }
    render(
      <StrictMode>
        <List />
      </StrictMode>,
    );
    expect(renders[0]).toBe('done');
    expect(screen.getByText('新メニュー試食モニター')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
    await act(async () => choose('東京都'));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('サーバーの答え 東京都')).toBeTruthy();
    await act(async () => choose('all'));
    expect(load).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('サーバーの答え all')).toBeTruthy();
    cleanup();
  });
});
