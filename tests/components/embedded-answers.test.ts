// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EMBEDDED_ANSWERS_ELEMENT_ID } from '../../contracts/values.ts';
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
