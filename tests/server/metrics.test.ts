import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, debit } from '../../server/platform/ledger.ts';
import { bearerMatches } from '../../server/platform/plugins/metrics.ts';
import { createShortLink } from '../../server/platform/short-links.ts';
import { createTestApp, type TestApp, TestClient } from '../support/app.ts';
import { DB_KINDS } from '../support/db.ts';
import { createMember } from './ops-fixtures.ts';

/**
 * Issue 29 "Metrics and traces": GET /metrics in the Prometheus text format behind
 * `Authorization: Bearer $METRICS_TOKEN`, a 404 for everyone else.
 */
const TOKEN = 'metrics-token-for-tests-0123456789';
const PASSWORD = 'correct-horse-battery-29';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** The value of one sample of the text format (0 when absent): `name{a="b",…} value`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(match[3]);
  }
  return 0;
}

async function scrape(t: TestApp): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

describe('issue 29 Metrics: the token', () => {
  let withToken: TestApp;
  let withoutToken: TestApp;
  beforeAll(async () => {
    [withToken, withoutToken] = await Promise.all([
      createTestApp('pglite', { METRICS_TOKEN: TOKEN }),
      createTestApp('pglite'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withToken.close(), withoutToken.close()]);
  });

  it('issue 29 Metrics: /metrics is a 404 without the header, with a wrong or near token, and when METRICS_TOKEN is unset', async () => {
    const headers: (Record<string, string> | undefined)[] = [
      undefined,
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const h of headers) {
      const res = await withToken.app.inject({
        method: 'GET',
        url: '/metrics',
        ...(h ? { headers: h } : {}),
      });
      expect(res.statusCode, JSON.stringify(h)).toBe(404);
      expect(res.body).toBe('Not Found');
    }
    const unset = await withoutToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(unset.statusCode).toBe(404);
    expect(unset.body).toBe('Not Found');
    const ok = await withToken.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
  });

  it('issue 29 Metrics: the token comparison takes the whole token, nothing less or more', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN} `, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.toUpperCase()}`, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(['Bearer', TOKEN], TOKEN)).toBe(false);
  });

  it('issue 29 Soak, ADR 0196: focustar_heap_live_bytes is the heap that survived the last full collection', async () => {
    // A full collection of this process (V8's flag, then its gc function from a fresh context).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const kept = Array.from({ length: 20_000 }, (_, i) => ({ i, text: `kept ${i}` }));
    gc();
    await new Promise((r) => setTimeout(r, 50)); // the observer hears of the collection after it
    const text = await scrape(withToken);
    const live = sample(text, 'focustar_heap_live_bytes');
    // At least what the test keeps alive; at most the heap used since (the live heap plus new garbage).
    expect(live).toBeGreaterThan(kept.length * 16);
    expect(live).toBeLessThanOrEqual(sample(text, 'nodejs_heap_size_used_bytes'));
    expect(kept).toHaveLength(20_000);
  });

  it('issue 29 Metrics: METRICS_TOKEN is refused when shorter than 16 characters', async () => {
    await expect(createTestApp('pglite', { METRICS_TOKEN: 'short' })).rejects.toThrow(/METRICS_TOKEN/);
  });
});

for (const kind of DB_KINDS) {
  describe(`issue 29 Metrics: a scrape after a journey [${kind}]`, () => {
    let t: TestApp;
    let userId: number;
    beforeAll(async () => {
      t = await createTestApp(kind, { METRICS_TOKEN: TOKEN });
      userId = await createMember(t, 'metrics-member@example.com', PASSWORD);
      await createMember(t, 'metrics-other@example.com', PASSWORD);
    });
    afterAll(() => t.close());

    it('issue 29 Metrics: logins, a click, a ledger row and the HTTP histogram move; gauges and Node.js metrics are there', async () => {
      const before = await scrape(t);
      const client = new TestClient(t.app);
      const ip = { remoteAddress: '10.29.0.1' };
      const ok = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'metrics-member@example.com', password: PASSWORD },
        ...ip,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      for (let i = 0; i < 5; i += 1) {
        const bad = await client.request({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'metrics-other@example.com', password: 'not-the-password' },
          ...ip,
        });
        expect(bad.statusCode).toBe(422);
      }
      const throttled = await client.request({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'metrics-other@example.com', password: 'not-the-password' },
        ...ip,
      });
      expect(throttled.statusCode).toBe(429);

      const link = await createShortLink(t.database.db, {
        targetUrl: 'https://example.com/',
        purpose: 'shrinker',
      });
      const click = await t.app.inject({
        method: 'GET',
        url: `/s/${link.code}`,
        headers: { 'user-agent': BROWSER },
        remoteAddress: '10.29.0.2',
      });
      expect(click.statusCode).toBe(302);
      const depthBefore = sample(await scrape(t), 'focustar_click_buffer_depth');
      expect(depthBefore).toBe(1);
      await t.app.shortLinkClicks.flush();

      await credit(t.database.db, {
        userId,
        amount: 300,
        kind: 'reward',
        reference: 'metrics-test',
        idempotencyKey: `metrics-test:${kind}:${Date.now()}`,
      });

      await debit(t.database.db, {
        userId,
        amount: 300,
        kind: 'reward_reversal',
        reference: 'metrics-test',
        idempotencyKey: `metrics-test:${kind}:${Date.now()}:reversed`,
      });

      const after = await scrape(t);
      const moved = (name: string, labels: Record<string, string> = {}) =>
        sample(after, name, labels) - sample(before, name, labels);
      expect(moved('focustar_logins_total', { result: 'success' })).toBe(1);
      expect(moved('focustar_logins_total', { result: 'failed' })).toBe(5);
      expect(moved('focustar_logins_total', { result: 'throttled' })).toBe(1);
      expect(moved('focustar_clicks_written_total')).toBe(1);
      expect(sample(after, 'focustar_click_buffer_depth')).toBe(0);
      expect(moved('focustar_ledger_rows_total', { movement: 'credit', kind: 'reward' })).toBe(1);
      expect(moved('focustar_ledger_rows_total', { movement: 'reversal', kind: 'reward_reversal' })).toBe(1);
      // Per route pattern, never the raw URL (a code per link would be a series per link).
      expect(
        moved('focustar_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/s/:code',
          status: '302',
        }),
      ).toBe(1);
      expect(
        moved('focustar_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/login',
          status: '422',
        }),
      ).toBe(5);
      expect(after).not.toContain(link.code);
      // The job queues (every declared queue, 0 when empty), the throttle store, Node.js's own.
      expect(after).toMatch(/^focustar_jobs_waiting\{queue="[^"]+"\} \d+$/m);
      expect(after).toMatch(/^focustar_jobs_oldest_waiting_seconds\{queue="[^"]+"\} [\d.e+-]+$/m);
      expect(after).toMatch(/^focustar_throttle_degraded 0$/m);
      expect(after).toMatch(/^nodejs_eventloop_lag_seconds /m);
      expect(after).toMatch(/^nodejs_heap_size_used_bytes /m);
      if (kind === 'postgres') {
        expect(after).toMatch(/^focustar_pg_pool_connections \d+$/m);
        expect(after).toMatch(/^focustar_pg_pool_idle \d+$/m);
        expect(after).toMatch(/^focustar_pg_pool_waiting 0$/m);
      } else {
        expect(after).not.toContain('focustar_pg_pool_');
      }
    });
  });
}
