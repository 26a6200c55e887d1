import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../../server/platform/post-checker.ts';

/**
 * Issue 29: the post checker's GET (issue 13 "Proof checks", ADR 0162: a timeout or a server error is
 * `unknown`, never yes) over kept-alive connections instead of `fetch`: the answers it gives are fetch's.
 */
describe('getJson (the oEmbed client of the post checker)', () => {
  let server: Server;
  let base: string;
  /** The client port of each request's connection, by path. */
  const ports: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      ports.push(`${req.url} ${req.socket.remotePort}`);
      if (req.url === '/json')
        return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
      if (req.url === '/moved') return void res.writeHead(302, { location: '/json' }).end();
      if (req.url === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
      if (req.url === '/html')
        return void res.writeHead(404, { 'content-type': 'text/html' }).end('<p>なし</p>');
      if (req.url === '/stall')
        return void res.writeHead(200, { 'content-type': 'application/json' }).write('{"a"');
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers the status and the JSON body, and keeps its connection for the next call', async () => {
    const before = ports.length;
    await expect(getJson(`${base}/json`, 5000)).resolves.toEqual({ status: 200, body: { a: 1 } });
    await expect(getJson(`${base}/json`, 5000)).resolves.toEqual({ status: 200, body: { a: 1 } });
    // Both calls came over one connection (the same client port), whichever test opened it.
    const [first, second] = ports.slice(before);
    expect(first).toMatch(/^\/json \d+$/);
    expect(second).toBe(first);
  });

  it('follows a redirect, as fetch did, but not for ever', async () => {
    await expect(getJson(`${base}/moved`, 5000)).resolves.toEqual({ status: 200, body: { a: 1 } });
    await expect(getJson(`${base}/loop`, 5000)).resolves.toEqual({ status: 302, body: null });
  });

  it('gives a body that is not JSON as null, with its status', async () => {
    await expect(getJson(`${base}/html`, 5000)).resolves.toEqual({ status: 404, body: null });
  });

  it('gives up within its time when the answer never ends', async () => {
    // The server never ends this answer: only the call's own deadline ends it.
    await expect(getJson(`${base}/stall`, 300)).rejects.toThrow(/timed out/);
  });
});
