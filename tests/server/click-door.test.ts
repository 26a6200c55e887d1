import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrontDoor } from '../../server/platform/front-door.ts';
import {
  createShortLink,
  forgetCachedLinks,
  setShortLinkDisabled,
  type Visit,
} from '../../server/platform/short-links.ts';
import { createTestApp } from '../support/app.ts';

/**
 * Issue 29 "A viral link" (ADR 0209): a click on a link the process remembers is answered in front of Fastify
 * (server/features/short-links/click-door.ts). The oracle is the route itself (issue 13, product design
 * section 6: `/s/{code}` answers 302 to the target and counts the click): every request below is sent twice,
 * once with the link forgotten (the route answers, and remembers it) and once with it remembered (the front
 * door answers); the answers and the visits handed to the click recorder must be the same.
 */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const DEVICE = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
/** Headers that differ between any two answers: the moment, the connection, the request id. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'x-request-id']);

interface Served {
  status: number;
  headers: Record<string, string>;
  requestId: string | null;
  /** What the click recorder was handed (without its moment), or null when nothing was recorded. */
  visit: Omit<Visit, 'at'> | null;
  /** Whether the request went past the front door (to Fastify). */
  passed: boolean;
}

async function withApp(env: Record<string, string>) {
  const t = await createTestApp('pglite', env);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A probe behind the click door: it sees every request the door passes on, and answers none.
  let passed = 0;
  t.app.frontDoor.add(() => {
    passed += 1;
    return false;
  });
  const recorded: Omit<Visit, 'at'>[] = [];
  const clicks = t.app.shortLinkClicks;
  const record = clicks.record.bind(clicks);
  clicks.record = (linkId, visit) => {
    const { at: _at, ...rest } = visit;
    recorded.push({ ...rest, linkId } as Omit<Visit, 'at'>);
    return record(linkId, visit);
  };
  async function send(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
    const before = { passed, recorded: recorded.length };
    const res = await fetch(`${base}${path}`, { ...init, redirect: 'manual' });
    await res.arrayBuffer();
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      if (!PER_ANSWER.has(name)) headers[name] = value;
    });
    return {
      status: res.status,
      headers,
      requestId: res.headers.get('x-request-id'),
      visit: recorded.length > before.recorded ? recorded[recorded.length - 1]! : null,
      passed: passed > before.passed,
    } satisfies Served;
  }
  return { t, send };
}

describe('ADR 0209: the front door answers a remembered link’s click exactly as the route does', () => {
  let app: Awaited<ReturnType<typeof withApp>>;
  let code: string;
  beforeAll(async () => {
    app = await withApp({ TRUST_PROXY: 'loopback', METRICS_TOKEN: 'metrics-token-0123456789abcdef' });
    code = (
      await createShortLink(app.t.app.db, { targetUrl: 'https://shop.example/menu?a=1&b=2', purpose: 'unit' })
    ).code;
  });
  afterAll(async () => app.t.close());

  const requests: [string, Record<string, string>][] = [
    [
      'a phone from a social site',
      { 'user-agent': IPHONE, referer: 'https://t.co/xyz', 'x-forwarded-for': '203.0.113.9' },
    ],
    ['behind two proxies', { 'user-agent': IPHONE, 'x-forwarded-for': '198.51.100.7, 203.0.113.9' }],
    ['with its device cookie', { 'user-agent': IPHONE, cookie: `fs_device=${DEVICE}; XSRF-TOKEN=abc` }],
    [
      'with a percent-encoded device cookie',
      { 'user-agent': IPHONE, cookie: `fs_device=${DEVICE.slice(0, 31)}%35` },
    ],
    ['with a malformed device cookie', { 'user-agent': IPHONE, cookie: 'fs_device=short' }],
    ['with a request id of its proxy', { 'user-agent': IPHONE, 'x-request-id': 'proxy-0123456789abcdef' }],
    ['a crawler (answered, not recorded)', { 'user-agent': 'Twitterbot/1.0' }],
    ['without a user agent', {}],
  ];

  for (const [what, headers] of requests) {
    it(`${what}: the same answer and the same visit, without Fastify`, async () => {
      forgetCachedLinks();
      const byRoute = await app.send(`/s/${code}`, { headers });
      const byDoor = await app.send(`/s/${code}`, { headers });
      expect(byRoute.passed).toBe(true);
      expect(byDoor.passed).toBe(false);
      expect(byRoute.status).toBe(302);
      expect(byDoor.headers).toEqual(byRoute.headers);
      expect(byDoor.status).toBe(byRoute.status);
      expect(byDoor.headers.location).toBe('https://shop.example/menu?a=1&b=2');
      expect(byDoor.visit).toEqual(byRoute.visit);
      // A proxy's well-formed request id is kept; else each answer names a new one.
      if (headers['x-request-id'])
        expect([byRoute.requestId, byDoor.requestId]).toEqual([
          headers['x-request-id'],
          headers['x-request-id'],
        ]);
      else expect(byDoor.requestId).not.toBe(byRoute.requestId);
    });
  }

  it('the client address is read as Fastify reads it: the door and the route record the same /24', async () => {
    forgetCachedLinks();
    const headers = { 'user-agent': IPHONE, 'x-forwarded-for': '192.0.2.44' };
    const byRoute = await app.send(`/s/${code}`, { headers });
    const byDoor = await app.send(`/s/${code}`, { headers });
    expect(byDoor.passed).toBe(false);
    expect(byRoute.visit?.ip).toBe('192.0.2.44');
    expect(byDoor.visit?.ip).toBe('192.0.2.44');
  });

  it('a click answered by the door is counted by the request metric under the route', async () => {
    const scrape = async () => {
      const res = await app.t.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer metrics-token-0123456789abcdef' },
      });
      const line = res.body
        .split('\n')
        .find(
          (l) =>
            l.startsWith('focustar_http_request_duration_seconds_count{') &&
            l.includes('route="/s/:code"') &&
            l.includes('status="302"'),
        );
      return line ? Number(line.split(' ').pop()) : 0;
    };
    await app.send(`/s/${code}`, { headers: { 'user-agent': IPHONE } });
    const before = await scrape();
    const byDoor = await app.send(`/s/${code}`, { headers: { 'user-agent': IPHONE } });
    expect(byDoor.passed).toBe(false);
    expect(await scrape()).toBe(before + 1);
  });

  it('everything else goes to the route: HEAD, a query, a trailing slash, an unknown code, a switched-off link', async () => {
    await app.send(`/s/${code}`, { headers: { 'user-agent': IPHONE } });
    const head = await app.send(`/s/${code}`, { method: 'HEAD', headers: { 'user-agent': IPHONE } });
    // The route hands a HEAD to the recorder, which counts none (issue 13).
    expect(head).toMatchObject({ passed: true, status: 302, visit: { method: 'HEAD' } });
    const query = await app.send(`/s/${code}?utm_source=x`, { headers: { 'user-agent': IPHONE } });
    expect(query).toMatchObject({ passed: true, status: 302 });
    const slash = await app.send(`/s/${code}/`, { headers: { 'user-agent': IPHONE } });
    expect(slash.passed).toBe(true);
    const unknown = await app.send('/s/ZZZZZZZZZZ', { headers: { 'user-agent': IPHONE } });
    expect(unknown).toMatchObject({ passed: true, status: 404, visit: null });

    const off = await createShortLink(app.t.app.db, {
      targetUrl: 'https://shop.example/off',
      purpose: 'shrinker',
    });
    await app.send(`/s/${off.code}`, { headers: { 'user-agent': IPHONE } });
    await setShortLinkDisabled(app.t.app.db, off.id, 'shrinker', true, new Date());
    const first = await app.send(`/s/${off.code}`, { headers: { 'user-agent': IPHONE } });
    const again = await app.send(`/s/${off.code}`, { headers: { 'user-agent': IPHONE } });
    for (const answer of [first, again]) {
      expect(answer).toMatchObject({ passed: true, status: 302, visit: null });
      expect(answer.headers.location).toBe('/period');
    }
  });
});

describe('ADR 0209: without a trusted proxy the peer’s address is the client’s', () => {
  it('X-Forwarded-For is ignored by both the route and the door', async () => {
    const app = await withApp({ TRUST_PROXY: 'false' });
    try {
      const { code } = await createShortLink(app.t.app.db, {
        targetUrl: 'https://shop.example/',
        purpose: 'unit',
      });
      const headers = { 'user-agent': IPHONE, 'x-forwarded-for': '203.0.113.9' };
      forgetCachedLinks();
      const byRoute = await app.send(`/s/${code}`, { headers });
      const byDoor = await app.send(`/s/${code}`, { headers });
      expect(byDoor.passed).toBe(false);
      expect(byRoute.visit?.ip).toBe('127.0.0.1');
      expect(byDoor.visit).toEqual(byRoute.visit);
    } finally {
      await app.t.close();
    }
  });
});

describe('ADR 0209: the front door', () => {
  it('asks its handlers in order, hands on what none answered, and hands on everything once closing', async () => {
    const door = new FrontDoor();
    const asked: string[] = [];
    door.add((req, res) => {
      asked.push(`a ${req.url}`);
      if (req.url !== '/a') return false;
      res.end('door');
      return true;
    });
    door.add((req) => {
      asked.push(`b ${req.url}`);
      return false;
    });
    const server = door.serverFactory(
      (_req, res) => res.end('fastify'),
      // Fastify hands its options with its defaults applied.
      { keepAliveTimeout: 1234, requestTimeout: 5678, connectionTimeout: 0 } as never,
    ) as unknown as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const get = async (path: string) =>
      (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).text();
    try {
      expect(server.keepAliveTimeout).toBe(1234);
      expect(server.requestTimeout).toBe(5678);
      expect(await get('/a')).toBe('door');
      expect(await get('/b')).toBe('fastify');
      expect(asked).toEqual(['a /a', 'a /b', 'b /b']);
      door.close();
      expect(await get('/a')).toBe('fastify');
      expect(asked).toHaveLength(3);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
